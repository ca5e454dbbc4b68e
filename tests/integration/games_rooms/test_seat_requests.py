"""Seat requests (sit, bot, fill_bots, leave, start) through the room websockets are
idempotent by client id like game actions: a repeat gets the first answer back and changes
nothing, the id belongs to its player and request, and two copies racing count once. And
the room sockets' heartbeat carries the room's version, so a frame lost without an error is
noticed (docs/rooms.md)."""

import asyncio

import pytest
from channels.db import database_sync_to_async
from django.db import connection

from games import consumers, selectors
from games.models import RoomRequest
from games.services import rooms, seating
from tests import builders
from tests.helpers.rooms import connect, room_now
from tests.helpers.sockets import WAIT

pytestmark = pytest.mark.django_db(transaction=True)

room_row = database_sync_to_async(room_now)  # the room's row as it is now


def empty_room(humans=2, seats=3):
    names = [f"P{i}" for i in range(humans)]
    night = builders.night(builders.host(), names, seed=1, paid=False, name="Cards")
    players = list(night.players.order_by("pk"))
    room = rooms.room_open(
        night_id=night.pk, game="punto_banco", config={"seats": seats}, actor="h", seed=4
    )
    return room, players


async def phone(room, player):
    socket = await connect(f"/ws/rooms/{room.pk}/{player.token}/")
    snapshot = await socket.receive_json_from(timeout=WAIT)
    assert snapshot["type"] == "snapshot"
    return socket


async def answer(socket, client_id):
    """The result or error for `client_id`, past any frames before it (`socket.v`: the
    newest frame's version)."""
    async with asyncio.timeout(WAIT):
        while True:
            message = await socket.receive_json_from(timeout=WAIT)
            if message["type"] in ("room", "snapshot"):
                socket.v = max(getattr(socket, "v", -1), message["v"])
            if message["type"] in ("result", "error") and message.get("client_id") == client_id:
                return message


async def ask(socket, client_id, **message):
    """Send a request; its answer, once the socket has had the frame it caused too (the
    socket learns its seat from the frame: a leave sent before it would name no seat)."""
    await socket.send_json_to({"client_id": client_id, **message})
    got = await answer(socket, client_id)
    async with asyncio.timeout(WAIT):
        socket.v = getattr(socket, "v", -1)
        while "v" in got and not got.get("replayed") and socket.v < got["v"]:
            frame = await socket.receive_json_from(timeout=WAIT)
            socket.v = max(socket.v, frame.get("v", -1))
    return got


async def test_a_repeated_seat_request_gets_the_first_answer_and_changes_nothing():
    room, players = await database_sync_to_async(empty_room)(seats=4)
    ann = await phone(room, players[0])
    steps = [
        ("s1", {"type": "sit"}),
        ("b1", {"type": "bot"}),
        ("l1", {"type": "leave"}),
        ("s2", {"type": "sit", "seat": 0}),
        ("f1", {"type": "fill_bots"}),
        ("g1", {"type": "start"}),
    ]
    for client_id, message in steps:
        first = await ask(ann, client_id, **message)
        assert first["type"] == "result" and "replayed" not in first, first
        before = await room_row(room)
        again = await ask(ann, client_id, **message)
        assert again == {**first, "replayed": True}
        after = await room_row(room)
        assert (after.version, after.seats, after.status) == (
            before.version,
            before.seats,
            before.status,
        ), client_id
    room = await room_row(room)
    assert room.status == "playing" and room.seats[1:] == ["bot"] * 3
    assert await database_sync_to_async(RoomRequest.objects.filter(room=room).count)() == 6
    await ann.disconnect()


async def test_a_resent_leave_after_the_frame_moved_the_phone_is_a_repeat():
    """The resend comes after the phone heard it stood up (a dropped connection): its socket
    knows no seat now, yet it is the same request."""
    room, players = await database_sync_to_async(empty_room)()
    ann = await phone(room, players[0])
    assert (await ask(ann, "sit", type="sit"))["seat"] == 0
    first = await ask(ann, "up", type="leave")
    await ann.disconnect()
    again_socket = await phone(room, players[0])  # a new socket: its snapshot has no seat
    again = await ask(again_socket, "up", type="leave")
    assert again == {**first, "replayed": True}
    await again_socket.disconnect()


async def test_a_client_id_belongs_to_its_player_and_request():
    room, players = await database_sync_to_async(empty_room)()
    ann, bea = await phone(room, players[0]), await phone(room, players[1])
    assert (await ask(ann, "x", type="sit"))["type"] == "result"
    before = await room_row(room)
    theirs = await ask(bea, "x", type="sit")  # another player's id
    other = await ask(ann, "x", type="bot")  # the same id for another request
    for refused in (theirs, other):
        assert refused["type"] == "error" and refused["code"] == "client_id_reused", refused
    after = await room_row(room)
    assert (after.version, after.seats) == (before.version, before.seats)
    await ann.send_json_to({"type": "act", "action": {"type": "bet"}, "client_id": "x"})
    assert (await answer(ann, "x"))["code"] == "client_id_reused"  # a game action's too
    await ann.disconnect()
    await bea.disconnect()


@pytest.mark.parametrize(
    "message", [{"type": "fill_bots"}, {"type": "bot"}, {"type": "start"}], ids=lambda m: m["type"]
)
async def test_two_copies_racing_count_once(message, settings):
    """A resend on a second socket while the first copy is still being applied: one change,
    and both copies get its answer (the second waited for the room lock and finds the id;
    not "every seat is taken" about the first one's bots). On PostgreSQL the two copies run
    on two database threads at once."""
    if connection.vendor == "postgresql":
        settings.LIVE_DB_THREADS = 2
    room, players = await database_sync_to_async(empty_room)(humans=1, seats=3)
    if message["type"] == "start":
        await database_sync_to_async(seating.seat_add_bot)(room_id=room.pk, actor="host")
    one = await phone(room, players[0])
    await ask(one, "sit", type="sit")
    if message["type"] == "start":
        await ask(one, "bot", type="bot")
    two = await phone(room, players[0])
    before = await room_row(room)
    for socket in (one, two):
        await socket.send_json_to({"client_id": "race", **message})
    answers = [await answer(socket, "race") for socket in (one, two)]
    assert all(a["type"] == "result" for a in answers), answers
    assert sorted("replayed" in a for a in answers) == [False, True]
    assert {key: value for key, value in answers[0].items() if key != "replayed"} == {
        key: value for key, value in answers[1].items() if key != "replayed"
    }
    after = await room_row(room)
    assert after.version == before.version + 1
    if message["type"] != "start":
        assert after.seats.count("bot") == (2 if message["type"] == "fill_bots" else 1)
    await one.disconnect()
    await two.disconnect()


async def test_a_room_socket_that_lost_a_frame_hears_of_it_in_the_heartbeat(monkeypatch, settings):
    """Bea's phone loses the public frame of Ann sitting down, without an error (nothing
    else follows, so no gap shows): the heartbeat carries the room's newer version, and the
    resync it prompts brings the frame's state."""
    settings.LIVE_HEARTBEAT_SECONDS = 0.2
    room, players = await database_sync_to_async(empty_room)()
    ann, bea = await phone(room, players[0]), await phone(room, players[1])
    screen = await connect(f"/ws/rooms/screen/{room.screen_token}/")
    assert (await screen.receive_json_from(timeout=WAIT))["type"] == "snapshot"
    scope = selectors.scope(room)
    lost = []
    original = consumers.RoomConsumer.room_frame

    async def drop_the_first(self, event):
        if self.player and self.player.pk == players[1].pk and not lost:
            lost.append(event)
            return
        await original(self, event)

    monkeypatch.setattr(consumers.RoomConsumer, "room_frame", drop_the_first)
    assert (await ask(ann, "sit", type="sit"))["type"] == "result"
    version = (await room_row(room)).version
    async with asyncio.timeout(WAIT):  # Bea's copy may come after Ann's answer and frame
        while not lost:
            await asyncio.sleep(0.01)
    assert lost[0]["frame"]["v"] == version
    for socket in (bea, ann, screen):  # the screens beat too
        async with asyncio.timeout(WAIT):
            while (message := await socket.receive_json_from(timeout=WAIT))["type"] != "heartbeat":
                assert socket is not bea, message  # Bea heard nothing of the sit
        assert message["versions"] == {scope: version}
    await bea.send_json_to({"type": "resync"})
    async with asyncio.timeout(WAIT):
        while (snapshot := await bea.receive_json_from(timeout=WAIT))["type"] != "snapshot":
            pass
    assert snapshot["versions"] == {scope: version}
    assert snapshot["room"]["seats"][0]["name"] == "P0"
    for socket in (ann, bea, screen):
        await socket.disconnect()


async def test_a_vote_for_a_bot_goes_over_the_socket_and_a_repeat_counts_once():
    """Bea's phone votes a bot in for Ann, who keeps the game waiting: with the only other
    person's vote the bot takes Ann's seat; the resent vote gets the first answer back."""

    def started():
        room, players = empty_room(humans=2, seats=3)
        for player in players:
            seating.seat_join(room_id=room.pk, player=player)
        seating.seats_fill_with_bots(room_id=room.pk, actor="h")
        rooms.room_start(room_id=room.pk, actor="h")
        return room, players

    room, (ann, bea) = await database_sync_to_async(started)()
    socket = await phone(room, bea)
    vote = {"type": "vote_bot", "seat": 0, "client_id": "vote-1"}
    await socket.send_json_to(vote)
    first = await answer(socket, "vote-1")
    assert first["ok"] is True
    assert (await room_row(room)).seats[0] == "bot"
    await socket.send_json_to(vote)
    again = await answer(socket, "vote-1")
    assert again["replayed"] is True and again["v"] == first["v"]
    await socket.disconnect()
