"""What a hostile guest did to the websockets (issue 12): sockets killed before their
disconnect ran, malformed links crashing `connect`, origins on another port, and a flood
of big-screen sockets resyncing."""

import asyncio

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.test import Client

from config.asgi import application
from games import selectors as room_selectors
from games.consumers import RoomScreenConsumer
from live import consumers, limits, ticks
from live.words import english
from partynight.consumers import WatchConsumer
from partynight.services import play, snapshots
from tests.helpers.hostile import make_night

HEADERS = [(b"origin", b"http://127.0.0.1"), (b"host", b"127.0.0.1")]
WAIT = 5
HUGE_ID = "99999999999999999999"  # past 2**63: SQLite raised OverflowError


@pytest.fixture
def setup(host):
    night, room, people = make_night(host)
    return night, room, people[0]


async def open_socket(path, headers=HEADERS):
    socket = WebsocketCommunicator(application, path, headers=headers)
    connected, _ = await socket.connect(timeout=WAIT)
    assert connected
    return socket


@pytest.mark.django_db(transaction=True)
async def test_a_killed_consumer_gives_back_its_slot_and_stops_renewing(setup):
    """Daphne kills a consumer that is slow to shut down (it cancels the application's
    task): its disconnect() never runs. Five such deaths used to lock the player out, the
    renewer keeping every slot for good."""
    night, room, player = setup
    paths = [f"/ws/play/{player.token}/"] * 3 + [f"/ws/rooms/{room.pk}/{player.token}/"] * 2
    sockets = [await open_socket(path) for path in paths]
    for socket in sockets:
        assert (await socket.receive_json_from(timeout=WAIT))["type"] == "snapshot"
    killed = list(consumers._open_sockets)
    assert len(killed) == 5
    refused = await open_socket(paths[0])
    assert (await refused.receive_json_from(timeout=WAIT))["code"] == "too_many_sockets"
    await refused.disconnect()
    for socket in sockets:
        socket.future.cancel()  # what Daphne's application_checker does
    for _ in range(100):
        await asyncio.sleep(0.05)
        if not consumers._open_sockets and not any(c.slots for c in killed):
            break
    assert not consumers._open_sockets
    assert not any(c in ticks.leases.members or c.slots or c.groups_joined for c in killed)
    again = [await open_socket(path) for path in paths]  # all five slots are free again
    for socket in again:
        assert (await socket.receive_json_from(timeout=WAIT))["type"] == "snapshot"
        await socket.disconnect()


MALFORMED = [
    "/ws/play/a\x00b/",
    f"/ws/rooms/{HUGE_ID}/abc/",
    "/ws/rooms/1/a\x00b/",
    "/ws/screen/a\x00b/",
    "/ws/rooms/screen/a\x00b/",
    "/ws/play/" + "a" * 33 + "/",
]


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("path", MALFORMED)
async def test_a_malformed_link_is_a_bad_link_and_counts(setup, path):
    """A NUL in a token (PostgreSQL: DataError) or an id past 64 bits (SQLite:
    OverflowError) used to crash connect with 1011, uncounted by the link limit."""
    socket = await open_socket(path)
    error = await socket.receive_json_from(timeout=WAIT)
    assert error["type"] == "error" and error["code"] == "bad_link"
    assert await socket.receive_output(timeout=WAIT) == {"type": "websocket.close", "code": 4403}
    # counted against the address (the test client has none: "unknown")
    assert await database_sync_to_async(limits.failures)("link", "unknown") == 1
    await socket.disconnect()
    assert len(consumers._open_sockets) == 0


@pytest.mark.django_db(transaction=True)
async def test_the_dashboard_of_a_huge_night_id_is_refused(setup, host):
    client = Client()
    await database_sync_to_async(client.force_login)(host)
    cookie = f"sessionid={client.cookies['sessionid'].value}".encode()
    socket = await open_socket(f"/ws/nights/{HUGE_ID}/", HEADERS + [(b"cookie", cookie)])
    assert (await socket.receive_json_from(timeout=WAIT))["code"] == "bad_link"
    assert await socket.receive_output(timeout=WAIT) == {"type": "websocket.close", "code": 4403}
    await socket.disconnect()


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize(
    "origin, host_header, accepted",
    [
        ("http://127.0.0.1", "127.0.0.1", True),
        ("http://127.0.0.1:8000", "127.0.0.1:8000", True),
        ("http://127.0.0.1:80", "127.0.0.1", True),  # the scheme's default port
        ("https://localhost", "localhost:443", True),
        ("http://127.0.0.1:8666", "127.0.0.1", False),  # another site on the same host
        ("http://127.0.0.1:8666", "127.0.0.1:8000", False),
        ("http://127.0.0.1", "127.0.0.1:8000", False),
        ("https://127.0.0.1", "127.0.0.1", True),  # behind a TLS proxy
        ("https://127.0.0.1", "127.0.0.1:80", False),
        ("http://evil.example", "127.0.0.1", False),
        ("http://127.0.0.1:notaport", "127.0.0.1", False),
        ("null", "127.0.0.1", False),
    ],
)
async def test_the_origin_must_match_host_and_port(setup, origin, host_header, accepted):
    _, _, player = setup
    headers = [(b"origin", origin.encode()), (b"host", host_header.encode())]
    socket = WebsocketCommunicator(application, f"/ws/play/{player.token}/", headers=headers)
    connected, _ = await socket.connect(timeout=WAIT)
    assert connected is accepted
    await socket.disconnect()


@pytest.mark.django_db(transaction=True)
async def test_a_trusted_origin_passes_behind_a_proxy_that_drops_the_port(setup, settings):
    """nginx forwards `Host: localhost` for a page on http://localhost:8000 (compose)."""
    settings.CSRF_TRUSTED_ORIGINS = ["http://localhost:8000"]
    _, _, player = setup
    headers = [(b"origin", b"http://localhost:8000"), (b"host", b"localhost")]
    socket = await open_socket(f"/ws/play/{player.token}/", headers)
    assert (await socket.receive_json_from(timeout=WAIT))["type"] == "snapshot"
    await socket.disconnect()


async def refused_with(socket):
    error = await socket.receive_json_from(timeout=WAIT)
    assert await socket.receive_output(timeout=WAIT) == {"type": "websocket.close", "code": 4429}
    return error


@pytest.mark.django_db(transaction=True)
async def test_screen_sockets_are_capped_per_link_and_per_address(setup, host, monkeypatch):
    """100 sockets on one big-screen link from one address were all accepted."""
    monkeypatch.setattr(limits, "SOCKETS_PER_SCREEN", 3)
    monkeypatch.setattr(limits, "SCREEN_SOCKETS_PER_ADDRESS", 5)
    night, room, _ = setup
    other, _, _ = await database_sync_to_async(make_night)(host, players=4, name="Other")
    screens = []
    for _ in range(3):
        screens.append(await open_socket(f"/ws/screen/{night.screen_token}/"))
        assert (await screens[-1].receive_json_from(timeout=WAIT))["type"] == "snapshot"
    error = await refused_with(await open_socket(f"/ws/screen/{night.screen_token}/"))
    assert error["code"] == "too_many_sockets" and "at most 3" in english(error["message"])
    # another night's screen and a room's screen, from the same address: 5 in all
    for path in (f"/ws/screen/{other.screen_token}/", f"/ws/rooms/screen/{room.screen_token}/"):
        screens.append(await open_socket(path))
        assert (await screens[-1].receive_json_from(timeout=WAIT))["type"] == "snapshot"
    error = await refused_with(await open_socket(f"/ws/screen/{other.screen_token}/"))
    assert error["code"] == "too_many_sockets" and "from this network" in english(error["message"])
    await screens.pop(0).disconnect()  # a closed screen frees its place
    again = await open_socket(f"/ws/screen/{night.screen_token}/")
    assert (await again.receive_json_from(timeout=WAIT))["type"] == "snapshot"
    for socket in [*screens, again]:
        await socket.disconnect()


@pytest.mark.django_db(transaction=True)
async def test_a_hosts_dashboards_are_capped(setup, host, monkeypatch):
    monkeypatch.setattr(limits, "SOCKETS_PER_SCREEN", 2)
    night, _, _ = setup
    client = Client()
    await database_sync_to_async(client.force_login)(host)
    cookie = f"sessionid={client.cookies['sessionid'].value}".encode()
    headers = HEADERS + [(b"cookie", cookie)]
    dashboards = [await open_socket(f"/ws/nights/{night.pk}/", headers) for _ in range(2)]
    for socket in dashboards:
        assert (await socket.receive_json_from(timeout=WAIT))["type"] == "snapshot"
    error = await refused_with(await open_socket(f"/ws/nights/{night.pk}/", headers))
    assert error["code"] == "too_many_sockets"
    for socket in dashboards:
        await socket.disconnect()


@pytest.mark.django_db(transaction=True)
async def test_screens_resyncing_share_one_snapshot_per_version(setup, monkeypatch):
    """20 screens resyncing used to make 20 full snapshots each time; now each version of
    the night is built once, and a change is seen at the next resync."""
    monkeypatch.setattr(WatchConsumer, "resync_every", 0)  # every resync answered at once
    builds = []
    real = snapshots.night_snapshot
    monkeypatch.setattr(snapshots, "night_snapshot", lambda n: builds.append(n.pk) or real(n))
    night, _, _ = setup
    screens = []
    for _ in range(limits.SOCKETS_PER_SCREEN):
        screens.append(await open_socket(f"/ws/screen/{night.screen_token}/"))
        assert (await screens[-1].receive_json_from(timeout=WAIT))["type"] == "snapshot"
    for _ in range(3):
        for screen in screens:
            await screen.send_json_to({"type": "resync"})
        for screen in screens:
            assert (await screen.receive_json_from(timeout=WAIT))["type"] == "snapshot"
    assert builds == [night.pk]
    answer = await database_sync_to_async(play.roll_record)(
        night_id=night.pk, table_number=1, entry="1", client_id="r", actor="host:x"
    )
    for screen in screens:
        event = await screen.receive_json_from(timeout=WAIT)
        assert event["type"] == "table" and event["v"] == answer["table_version"]
        await screen.send_json_to({"type": "resync"})
    for screen in screens:
        snapshot = await screen.receive_json_from(timeout=WAIT)
        assert snapshot["versions"]["table:1:1"] == answer["table_version"]
    assert builds == [night.pk, night.pk]
    for screen in screens:
        await screen.disconnect()


@pytest.mark.django_db(transaction=True)
async def test_room_spectators_share_one_snapshot_per_version(setup, monkeypatch):
    monkeypatch.setattr(RoomScreenConsumer, "resync_every", 0)
    builds = []
    real = room_selectors.room_snapshot
    monkeypatch.setattr(
        room_selectors, "room_snapshot", lambda r, p: builds.append(r.pk) or real(r, p)
    )
    _, room, _ = setup
    screens = [await open_socket(f"/ws/rooms/screen/{room.screen_token}/") for _ in range(5)]
    for screen in screens:
        assert (await screen.receive_json_from(timeout=WAIT))["type"] == "snapshot"
        await screen.send_json_to({"type": "resync"})
    for screen in screens:
        assert (await screen.receive_json_from(timeout=WAIT))["type"] == "snapshot"
        await screen.disconnect()
    assert builds == [room.pk]


@pytest.mark.django_db(transaction=True)
async def test_a_screens_resync_requests_fold_into_one_a_second(setup, monkeypatch):
    """A screen asking ten times a second gets a snapshot at once and one more when its
    second is up: every request answered, the database asked twice, not ten times. (The
    second is a quarter of one here: the test waits for the window, not the rule.)"""
    window = limits.SCREEN_RESYNC_EVERY / 4
    monkeypatch.setattr(WatchConsumer, "resync_every", window)
    night, _, _ = setup
    screen = await open_socket(f"/ws/screen/{night.screen_token}/")
    assert (await screen.receive_json_from(timeout=WAIT))["type"] == "snapshot"
    for _ in range(10):
        await screen.send_json_to({"type": "resync"})
    assert (await screen.receive_json_from(timeout=WAIT))["type"] == "snapshot"
    assert (await screen.receive_json_from(timeout=WAIT))["type"] == "snapshot"
    assert await screen.receive_nothing(timeout=window * 1.5)
    await screen.disconnect()
