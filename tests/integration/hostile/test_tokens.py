"""Secret links: failures slow down per client address (live/limits.py), over HTTP and
websockets alike, and correct links never do; and the refusals the other suites do not
already cover (ghosts, removed players, tokens of the wrong kind or of another night)."""

import asyncio

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.test import AsyncClient, Client

from config.asgi import application
from live import limits
from partynight.models import Player
from tests.helpers.hostile import dump, make_night

HEADERS = [(b"origin", b"http://127.0.0.1"), (b"host", b"127.0.0.1")]
WAIT = 5


@pytest.fixture
def setup(host):
    night, room, people = make_night(host)
    ghost = night.players.filter(is_ghost=True).first() or Player.objects.create(
        night=night, name="Ghost 9", is_ghost=True
    )
    removed = people[-1]  # as the host's "remove" leaves it: inactive, link dead
    Player.objects.filter(pk=removed.pk).update(active=False)
    other, other_room, other_people = make_night(host, players=4, name="Other night")
    return {
        "night": night,
        "room": room,
        "player": people[0],
        "ghost": ghost,
        "removed": removed,
        "other_player": other_people[0],
        "other_room": other_room,
    }


def http_links(s):
    """Each secret-link page: (a bad link, the good one)."""
    night, room, player = s["night"], s["room"], s["player"]
    return {
        "play": ("/play/nope/", f"/play/{player.token}/"),
        "join": ("/join/nope/", f"/join/{night.join_token}/"),
        "screen": ("/screen/nope/", f"/screen/{night.screen_token}/"),
        "results": ("/results/nope/", f"/results/{night.results_token}/"),
        "rooms_for": ("/rooms/for/nope/", f"/rooms/for/{player.token}/"),
        "room_play": (f"/rooms/{room.pk}/play/nope/", f"/rooms/{room.pk}/play/{player.token}/"),
        "room_screen": ("/rooms/screen/nope/", f"/rooms/screen/{room.screen_token}/"),
    }


GROWING = [0.0] * limits.FREE_FAILURES + [0.25, 0.5, 1.0, 2.0, 4.0, 8.0, 8.0]


@pytest.mark.django_db
@pytest.mark.parametrize(
    "page", ["play", "join", "screen", "results", "rooms_for", "room_play", "room_screen"]
)
def test_failures_slow_down_and_a_correct_link_never_does(setup, page, pauses):
    """One guest's typos (every phone at a party shares one address) used to get everyone
    at that address 429 for a minute, correct links included."""
    bad, good = http_links(setup)[page]
    client = Client(REMOTE_ADDR="203.0.113.7")
    for _ in range(len(GROWING)):
        assert client.get(bad).status_code == 404
    assert pauses == GROWING  # free at first, then twice as long each time, up to 8 s
    for _ in range(3):
        assert client.get(good).status_code == 200  # never slowed, never refused
    assert pauses == GROWING


def test_the_delays_grow_and_reset_with_the_window(monkeypatch, limits_clock):
    monkeypatch.setattr(limits, "FAILURE_WINDOW", 1)
    delays = [limits.failed("link", "203.0.113.9") for _ in range(limits.FREE_FAILURES + 3)]
    assert delays[-4:] == [0.0, 0.25, 0.5, 1.0]
    limits_clock.advance(1.2)
    assert limits.failed("link", "203.0.113.9") == 0.0  # a new window starts free
    assert limits.failed("link", "203.0.113.10") == 0.0  # per address


async def ws_open(path, ip="198.51.100.4"):
    socket = WebsocketCommunicator(application, path, headers=HEADERS)
    socket.scope["client"] = (ip, 50000)  # as Daphne (--proxy-headers) fills it
    connected, _ = await socket.connect(timeout=WAIT)
    assert connected
    return socket


async def refusal(socket):
    error = await socket.receive_json_from(timeout=WAIT)
    closing = await socket.receive_output(timeout=WAIT)
    assert closing["type"] == "websocket.close"
    return error["code"], closing["code"], error["message"]


@pytest.mark.django_db(transaction=True)
async def test_guessing_player_links_on_the_websocket_slows_down(setup, pauses):
    good = f"/ws/play/{setup['player'].token}/"
    for i in range(len(GROWING)):
        path = f"/ws/play/guess-{i}/" if i % 2 else f"/ws/rooms/{setup['room'].pk}/guess-{i}/"
        code, close, _ = await refusal(await ws_open(path))
        assert (code, close) == ("bad_link", 4403)
    assert pauses == GROWING
    same_address = await ws_open(good)
    assert (await same_address.receive_json_from(timeout=WAIT))["type"] == "snapshot"
    assert pauses == GROWING  # the correct link waited for nothing
    await same_address.disconnect()


@pytest.mark.django_db(transaction=True)
async def test_bad_http_links_count_against_the_websocket_too(setup, pauses):
    client = Client(REMOTE_ADDR="198.51.100.6")
    for _ in range(limits.FREE_FAILURES):
        await database_sync_to_async(client.get)("/results/guess/")
    socket = await ws_open("/ws/screen/guess/", ip="198.51.100.6")
    assert (await refusal(socket))[:2] == ("bad_link", 4403)
    assert pauses[-1] == limits.FIRST_DELAY


@pytest.mark.django_db(transaction=True)
async def test_a_slowed_bad_link_holds_no_thread(setup, monkeypatch):
    """The delay is awaited, not slept: while one bad link waits, other pages (each a sync
    view on Django's one sync thread under ASGI) are answered."""
    waiting, release = asyncio.Event(), asyncio.Event()

    async def long_pause(seconds):
        if seconds:
            waiting.set()
            await release.wait()

    monkeypatch.setattr(limits, "pause", long_pause)
    monkeypatch.setattr(limits, "FREE_FAILURES", 0)
    client = AsyncClient()
    slowed = asyncio.ensure_future(client.get("/play/nope/"))
    await asyncio.wait_for(waiting.wait(), WAIT)
    good = await asyncio.wait_for(client.get(f"/play/{setup['player'].token}/"), WAIT)
    assert good.status_code == 200 and not slowed.done()
    release.set()
    assert (await asyncio.wait_for(slowed, WAIT)).status_code == 404


def ws_refused_links(s):
    room, other_room = s["room"], s["other_room"]
    night = s["night"]
    return {
        "ghost_phone": f"/ws/play/{s['ghost'].token}/",
        "ghost_in_a_room": f"/ws/rooms/{room.pk}/{s['ghost'].token}/",
        "removed_in_a_room": f"/ws/rooms/{room.pk}/{s['removed'].token}/",
        "another_nights_room": f"/ws/rooms/{other_room.pk}/{s['player'].token}/",
        "screen_token_as_player": f"/ws/play/{night.screen_token}/",
        "join_token_as_screen": f"/ws/screen/{night.join_token}/",
        "results_token_as_screen": f"/ws/screen/{night.results_token}/",
        "room_join_token_as_room_screen": f"/ws/rooms/screen/{room.join_token}/",
    }


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize(
    "which",
    [
        "ghost_phone",
        "ghost_in_a_room",
        "removed_in_a_room",
        "another_nights_room",
        "screen_token_as_player",
        "join_token_as_screen",
        "results_token_as_screen",
        "room_join_token_as_room_screen",
    ],
)
async def test_wrong_kinds_of_token_are_refused_on_the_websocket(setup, which):
    before = await database_sync_to_async(dump)()
    socket = await ws_open(ws_refused_links(setup)[which])
    assert (await refusal(socket))[:2] == ("bad_link", 4403)
    assert await database_sync_to_async(dump)() == before


@pytest.mark.django_db
def test_wrong_kinds_of_token_are_404_over_http(setup):
    s, client = setup, Client()
    night, room = s["night"], s["room"]
    for url in (
        f"/rooms/for/{s['ghost'].token}/",
        f"/rooms/for/{s['removed'].token}/",
        f"/rooms/{room.pk}/play/{s['ghost'].token}/",
        f"/rooms/{room.pk}/play/{s['removed'].token}/",
        f"/rooms/{s['other_room'].pk}/play/{s['player'].token}/",
        f"/play/{s['removed'].token}/",
        f"/results/{night.screen_token}/",
        f"/screen/{night.results_token}/",
        f"/join/{night.screen_token}/",
        f"/rooms/screen/{room.join_token}/",
        f"/rooms/join/{room.screen_token}/",
    ):
        assert client.get(url).status_code == 404, url


@pytest.mark.django_db
def test_a_host_cannot_reach_another_hosts_night_or_rooms(setup, other):
    client = Client()
    client.force_login(other)
    before = dump()
    night, room = setup["night"], setup["room"]
    for url in (
        f"/nights/{night.pk}/rooms/",
        f"/nights/{night.pk}/dashboard/",
        f"/nights/{night.pk}/print/sheets/",
    ):
        assert client.get(url).status_code == 404, url
    for url in (f"/nights/{night.pk}/rooms/{room.pk}/bot/", f"/nights/{night.pk}/fix/undo/"):
        assert client.post(url, {"table": 1}).status_code == 404, url
    assert dump() == before


MALFORMED_LINKS = [
    "/play/a%00b/",
    "/results/a%00b/",
    "/screen/a%00b/",
    "/join/a%00b/",
    "/rooms/for/a%00b/",
    "/rooms/1/play/a%00b/",
    "/rooms/99999999999999999999/play/abc/",
    "/rooms/join/a%00b/",
    "/rooms/screen/a%00b/",
]


@pytest.mark.django_db
@pytest.mark.parametrize("url", MALFORMED_LINKS)
def test_a_malformed_link_is_a_404_and_counts(setup, url):
    """A NUL in a token gave 500 on PostgreSQL (it refuses NUL in a string), and an id past
    64 bits 500 on SQLite (OverflowError): every link route answers 404 instead."""
    client = Client(REMOTE_ADDR="198.51.100.9", raise_request_exception=False)
    assert client.get(url).status_code == 404
    assert limits.failures("link", "198.51.100.9") == 1
