"""The limits of live/limits.py and the consumers: the message size cap (the app's
4 KiB and Daphne's own 16 KiB), the per-socket action rate, the sockets per player, and
the limits letting everyone through when the cache is down."""

import json

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.test import Client

from config.asgi import application
from live import limits
from live.words import english
from partynight.models import Event
from tests.helpers.hostile import dump, make_night

HEADERS = [(b"origin", b"http://127.0.0.1"), (b"host", b"127.0.0.1")]
WAIT = 5


@pytest.fixture
def setup(host):
    night, room, people = make_night(host)
    head = night.rounds.get().tables.get(number=1).seat_rows.order_by("position").first()
    return night, room, head.player


async def open_socket(path):
    socket = WebsocketCommunicator(application, path, headers=HEADERS)
    connected, _ = await socket.connect(timeout=WAIT)
    assert connected
    return socket


def roll(client_id):
    return {"type": "roll", "entry": "0", "client_id": client_id}


@pytest.mark.django_db(transaction=True)
async def test_a_message_over_4096_bytes_is_refused_even_when_short_in_characters(setup):
    _, _, player = setup
    socket = await open_socket(f"/ws/play/{player.token}/")
    await socket.receive_json_from(timeout=WAIT)
    await socket.send_to(text_data=json.dumps({**roll("big"), "x": "é" * 2100}, ensure_ascii=False))
    error = await socket.receive_json_from(timeout=WAIT)
    assert error["code"] == "bad_message" and "4096" in english(error["message"])
    assert await Event.objects.filter(kind="roll_scored").acount() == 0
    await socket.disconnect()


def test_the_bucket_allows_ten_a_second_and_a_burst_of_twenty():
    now = [100.0]
    bucket = limits.TokenBucket(clock=lambda: now[0])
    assert sum(bucket.take() for _ in range(25)) == 20
    now[0] += 1.0
    assert sum(bucket.take() for _ in range(25)) == 10
    now[0] += 60
    assert sum(bucket.take() for _ in range(25)) == 20  # never more than the burst


@pytest.mark.django_db(transaction=True)
async def test_past_the_burst_an_action_gets_slow_down_and_is_not_applied(setup, monkeypatch):
    monkeypatch.setattr(limits, "ACTIONS_PER_SECOND", 0.001)  # no refill during the test
    _, _, player = setup
    socket = await open_socket(f"/ws/play/{player.token}/")
    await socket.receive_json_from(timeout=WAIT)
    for _ in range(limits.ACTION_BURST):
        await socket.send_json_to({"type": "resync"})
        assert (await socket.receive_json_from(timeout=WAIT))["type"] == "snapshot"
    before = await database_sync_to_async(dump)()
    await socket.send_json_to(roll("too-fast"))
    error = await socket.receive_json_from(timeout=WAIT)
    assert error == {
        "type": "error",
        "code": "slow_down",
        "message": limits.SLOW_DOWN,
        "client_id": "too-fast",
    }
    await socket.send_to(text_data="not json either")
    assert (await socket.receive_json_from(timeout=WAIT))["code"] == "slow_down"
    assert await database_sync_to_async(dump)() == before
    await socket.disconnect()


@pytest.mark.django_db(transaction=True)
async def test_a_sixth_socket_for_one_player_is_refused_until_one_closes(setup):
    _, room, _ = setup
    player = await database_sync_to_async(lambda: room.night.players.order_by("pk").first())()
    paths = [f"/ws/play/{player.token}/"] * 3 + [f"/ws/rooms/{room.pk}/{player.token}/"] * 2
    sockets = [await open_socket(path) for path in paths]
    for socket in sockets:
        assert (await socket.receive_json_from(timeout=WAIT))["type"] == "snapshot"
    sixth = await open_socket(f"/ws/play/{player.token}/")
    error = await sixth.receive_json_from(timeout=WAIT)
    assert error["code"] == "too_many_sockets" and "at most 5" in english(error["message"])
    assert await sixth.receive_output(timeout=WAIT) == {"type": "websocket.close", "code": 4429}
    # another player is not affected
    other = await database_sync_to_async(lambda: room.night.players.order_by("pk")[1])()
    elsewhere = await open_socket(f"/ws/play/{other.token}/")
    assert (await elsewhere.receive_json_from(timeout=WAIT))["type"] == "snapshot"
    await sockets.pop().disconnect()
    again = await open_socket(f"/ws/play/{player.token}/")
    assert (await again.receive_json_from(timeout=WAIT))["type"] == "snapshot"
    for socket in [*sockets, again, elsewhere]:
        await socket.disconnect()


def test_a_lease_of_a_process_that_died_runs_out(monkeypatch, limits_clock):
    monkeypatch.setattr(limits, "SOCKET_LEASE", 1)
    slots = [limits.socket_claim("player:dead", f"chan-{i}", 5) for i in range(5)]
    assert all(slots) and limits.socket_claim("player:dead", "chan-5", 5) is None
    limits.socket_renew([slots[0]])  # a live socket keeps its slot
    limits_clock.advance(0.6)
    limits.socket_renew([slots[0]])
    limits_clock.advance(0.6)
    assert limits.socket_claim("player:dead", "chan-6", 5) is not None
    assert limits.cache.get(slots[0]) == "chan-0"


class BrokenCache:
    def __getattr__(self, name):
        def fail(*args, **kwargs):
            raise ConnectionError("cache down")

        return fail


@pytest.mark.django_db(transaction=True)
async def test_the_limits_let_everyone_through_when_the_cache_is_down(setup, monkeypatch):
    monkeypatch.setattr(limits, "cache", BrokenCache())
    _, _, player = setup
    socket = await open_socket(f"/ws/play/{player.token}/")
    assert (await socket.receive_json_from(timeout=WAIT))["type"] == "snapshot"
    bad = await open_socket("/ws/play/nope/")
    assert (await bad.receive_json_from(timeout=WAIT))["code"] == "bad_link"
    await socket.disconnect()
    client_get = database_sync_to_async(Client().get)
    assert (await client_get(f"/play/{player.token}/")).status_code == 200


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("client_id", ["\u0000", "a\u0000b", "tab\there", "\u2028"])
async def test_a_client_id_with_control_characters_is_refused(setup, client_id):
    """PostgreSQL cannot store NUL: such an id must never reach the event log."""
    _, _, player = setup
    socket = await open_socket(f"/ws/play/{player.token}/")
    await socket.receive_json_from(timeout=WAIT)
    await socket.send_json_to(roll(client_id))
    error = await socket.receive_json_from(timeout=WAIT)
    assert error["code"] == "bad_message" and "client_id" in english(error["message"])
    assert await Event.objects.filter(kind="roll_scored").acount() == 0
    await socket.disconnect()
