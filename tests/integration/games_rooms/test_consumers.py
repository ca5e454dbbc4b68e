"""The room websockets end to end through the ASGI app: snapshots, actions, errors, and the
hidden-information check: every frame a seat (or the big screen) receives is searched for
the cards it must not see."""

import asyncio
import json
import time
import traceback

import pytest
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer
from django.db.backends.utils import CursorWrapper

from games import timers
from games.engines import get_engine
from games.models import Room
from games.services import rooms
from live.groups import room_player_group, room_watch_group
from live.words import english
from partynight.services import nights
from tests import builders
from tests.helpers.rooms import connect, frames, moved_on, room_now, setup
from tests.helpers.sockets import WAIT

pytestmark = pytest.mark.django_db(transaction=True)


def plays(coup, hand, seat):
    """Whether `seat` plays `hand` (a spectator, seat None, plays none: not even a Banque
    tableau nobody staked on, whose controller is None too)."""
    return seat is not None and coup["controllers"].get(hand) == seat


def hidden_from(state, seat):
    """What `seat` must not see now: the undealt shoe, the burned cards, the seed, and the
    first two cards of every hand it does not play (Chemin de Fer, Banque)."""
    secrets = [json.dumps(state["shoe"][:6])[1:-1], json.dumps(state["burned"])[1:-1]]
    coup = state["coup"]
    if coup:
        for hand, cards in coup["hands"].items():
            if not plays(coup, hand, seat):
                secrets.append(json.dumps(cards[:2])[1:-1])
    return [secret for secret in secrets if secret], str(state["seed"])


def check_no_leak(frame, state, seat):
    text = json.dumps(frame)
    secrets, seed = hidden_from(state, seat)
    for secret in secrets:
        assert secret not in text, (seat, secret)
    assert seed not in text and '"seed"' not in text and '"burned"' not in text
    if frame.get("view") and state["coup"]:
        coup = frame["view"]["coup"]
        for hand, cards in coup["hands"].items():
            if not plays(coup, hand, seat):
                assert cards[:2] == ["??", "??"], (seat, hand)


@pytest.mark.parametrize("game", ["chemin_de_fer", "baccarat_banque"])
async def test_no_frame_shows_a_seat_cards_it_must_not_see(game):
    room, players = await database_sync_to_async(setup)(game, max_coups=6)
    phones = [await connect(f"/ws/rooms/{room.pk}/{p.token}/") for p in players]
    screen = await connect(f"/ws/rooms/screen/{room.screen_token}/")
    unseated = await database_sync_to_async(nights.player_add)(
        night_id=room.night_id, name="Watcher", actor="host"
    )
    watcher = await connect(f"/ws/rooms/{room.pk}/{unseated.token}/")  # a phone, no seat
    sockets = [(phones[0], 0), (phones[1], 1), (screen, None), (watcher, None)]
    for socket, _ in sockets:
        assert (await socket.receive_json_from(timeout=WAIT))["type"] == "snapshot"
    version = (await database_sync_to_async(room_now)(room)).version
    await phones[0].send_json_to({"type": "start", "client_id": "go"})
    seen, coups_hidden = 0, 0
    for step in range(200):
        current = await moved_on(room, version)
        version = current.version
        for socket, seat in sockets:
            for frame in await frames(socket, current.version):
                check_no_leak(frame, current.state, seat)
                seen += 1
        if current.status == "finished":
            break
        coups_hidden += bool(current.state["coup"])
        seat = current.state["to_act"][0]
        view = (await frames_for_seat(phones[seat], seat, current.version))["view"]
        legal = view["legal_actions"]
        action = next((a for a in legal if a["type"] in ("banco", "draw", "stand")), legal[0])
        if action["type"] == "pass_bank" and len(legal) > 1:
            action = legal[1]
        await phones[seat].send_json_to(
            {"type": "act", "action": action, "v": current.version, "client_id": f"s{step}"}
        )
    assert current.status == "finished" and seen > 50 and coups_hidden > 0
    for socket, _ in sockets:
        await socket.disconnect()


async def test_a_frame_for_another_seat_is_never_forwarded():
    """Even if a seat's frame reached a wrong group, the consumer checks it before sending
    it on: the watchers' frames must be public, a player's own must name that player."""
    room, players = await database_sync_to_async(setup)("chemin_de_fer", bots=0)
    phone = await connect(f"/ws/rooms/{room.pk}/{players[0].token}/")
    screen = await connect(f"/ws/rooms/screen/{room.screen_token}/")
    for socket in (phone, screen):
        assert (await socket.receive_json_from(timeout=WAIT))["seat"] in (0, None)
    layer = get_channel_layer()
    stray = {"type": "room", "seat": 1, "v": 99, "room": {"deadline": None}, "view": {}}
    await layer.group_send(
        room_watch_group(room.pk), {"type": "room.frame", "seated": [], "frame": stray}
    )
    await layer.group_send(
        room_player_group(room.pk, players[0].pk),
        {"type": "room.mine", "player": players[1].pk, "frame": stray},
    )
    for socket, seat in ((phone, 0), (screen, None)):
        await socket.send_json_to({"type": "resync"})
        answer = await socket.receive_json_from(timeout=WAIT)
        assert answer["type"] == "snapshot" and answer["seat"] == seat  # the stray was dropped
        assert await socket.receive_nothing(timeout=0.2)
        await socket.disconnect()


async def test_a_phone_that_stood_up_gets_its_frame_once():
    """The leaver's public frame comes through their player group; the socket then joins the
    watch group, where the same version may still arrive: it is not sent on twice."""
    room, players = await database_sync_to_async(setup)("chemin_de_fer", bots=0)
    phone = await connect(f"/ws/rooms/{room.pk}/{players[0].token}/")
    snap = await phone.receive_json_from(timeout=WAIT)
    assert snap["seat"] == 0
    frame = {"type": "room", "seat": None, "v": snap["v"] + 1, "room": {"deadline": None}}
    layer = get_channel_layer()
    mine = {"type": "room.mine", "player": players[0].pk, "frame": frame}
    await layer.group_send(room_player_group(room.pk, players[0].pk), mine)
    assert (await phone.receive_json_from(timeout=WAIT))["v"] == frame["v"]  # in the watch group
    public = {"type": "room.frame", "seated": [players[1].pk], "frame": frame}
    await layer.group_send(room_watch_group(room.pk), public)
    assert await phone.receive_nothing(timeout=0.2)
    newer = public | {"frame": frame | {"v": frame["v"] + 1}}
    await layer.group_send(room_watch_group(room.pk), newer)
    assert (await phone.receive_json_from(timeout=WAIT))["v"] == frame["v"] + 1
    await phone.disconnect()


async def test_an_unseated_phone_cannot_add_bots_or_start():
    room, players = await database_sync_to_async(setup)("punto_banco", humans=1, bots=0, seats=3)
    other = await database_sync_to_async(nights.player_add)(
        night_id=room.night_id, name="Drifter", actor="host"
    )
    phone = await connect(f"/ws/rooms/{room.pk}/{other.token}/")
    assert (await phone.receive_json_from(timeout=WAIT))["seat"] is None
    for kind in ("bot", "start"):
        await phone.send_json_to({"type": kind, "client_id": kind})
        answer = await phone.receive_json_from(timeout=WAIT)
        assert answer["type"] == "error" and answer["code"] == "not_seated", answer
    current = await database_sync_to_async(room_now)(room)
    assert current.seats == [players[0].pk, None, None] and current.status == "open"
    await phone.disconnect()


async def test_the_screens_timer_plays_a_long_bots_only_session_step_by_step():
    room, _ = await database_sync_to_async(setup)("punto_banco", humans=0, bots=14, max_coups=60)
    screen = await connect(f"/ws/rooms/screen/{room.screen_token}/")
    assert (await screen.receive_json_from(timeout=WAIT))["type"] == "snapshot"
    await database_sync_to_async(rooms.room_start)(room_id=room.pk, actor="host")
    versions = []
    async with asyncio.timeout(4 * WAIT):
        while True:
            frame = await screen.receive_json_from(timeout=WAIT)
            if frame["type"] == "room":
                versions.append(frame["v"])
                if frame["room"]["status"] == "finished":
                    break
                assert frame["room"]["deadline"] <= time.time()  # the next step is due
    assert frame["view"]["coup_no"] == 60 and len(versions) > 2
    assert versions == sorted(versions)
    await screen.disconnect()


async def frames_for_seat(socket, seat, version):
    """The seat's own frame at `version`, asked for afresh (a resync answers a snapshot)."""
    await socket.send_json_to({"type": "resync"})
    frame = (await frames(socket, version))[-1]
    assert frame["seat"] == seat
    return frame


async def test_a_phone_plays_and_gets_its_result_and_views():
    room, players = await database_sync_to_async(setup)("punto_banco", humans=1)
    phone = await connect(f"/ws/rooms/{room.pk}/{players[0].token}/")
    snap = await phone.receive_json_from(timeout=WAIT)
    assert snap["seat"] == 0 and snap["me"]["name"] == "<i>P0</i>"
    bot = snap["room"]["seats"][1]
    assert bot["kind"] == "bot" and english(bot["name"]) == "Bot 2"
    assert snap["versions"] == {f"room:{room.pk}": snap["v"]}
    await phone.send_json_to({"type": "start", "client_id": "go"})
    started = await frames(phone, snap["v"] + 1)
    view = started[-1]["view"]
    assert view["phase"] == "bet" and view["to_act"] == [0] and "edges" in view
    bet = {"type": "bet", "on": "player", "amount": 100}
    await phone.send_json_to(
        {"type": "act", "action": bet, "v": started[-1]["v"], "client_id": "b"}
    )
    got = await frames(phone, started[-1]["v"] + 1)
    result = next(f for f in got if f["type"] == "result")
    assert result == {"type": "result", "client_id": "b", "ok": True, "v": started[-1]["v"] + 1}
    dealt = got[-1]["view"]
    assert dealt["last_coup"]["coup"] == 1 and dealt["coup_no"] == 1
    assert {"seat": 0, "by": "player", "action": bet} in got[-1]["actions"]
    await phone.disconnect()


async def test_bad_tokens_are_refused_with_4403():
    room, players = await database_sync_to_async(setup)("punto_banco", humans=1)
    for path in (f"/ws/rooms/{room.pk}/nope/", "/ws/rooms/screen/nope/"):
        socket = await connect(path)
        error = await socket.receive_json_from(timeout=WAIT)
        assert error["type"] == "error" and error["code"] == "bad_link"
        assert (await socket.receive_output(timeout=WAIT)) == {
            "type": "websocket.close",
            "code": 4403,
        }
    other = await database_sync_to_async(setup_other_night)()
    socket = await connect(f"/ws/rooms/{room.pk}/{other.token}/")
    assert (await socket.receive_json_from(timeout=WAIT))["code"] == "bad_link"


def setup_other_night():
    other = builders.night(builders.host("other"), ["Zed"], seed=2, paid=False, name="Other")
    return other.players.get()


@pytest.mark.parametrize(
    ("message", "code"),
    [
        ("not json", "bad_message"),
        ('{"type": "act", "action": {"type": "pass"}}', "bad_message"),  # no client id
        ('{"type": "act", "action": "pass", "client_id": "a"}', "bad_message"),
        ('{"type": "act", "action": {}, "v": -1, "client_id": "a"}', "bad_message"),
        ('{"type": "dance", "client_id": "a"}', "bad_message"),
        ('{"type": "sit", "seat": 1, "extra": 2, "client_id": "a"}', "bad_message"),
        ('{"type": "act", "action": {"type": "bet"}, "client_id": "a"}', "wrong_state"),
        ('{"type": "sit", "seat": 1, "client_id": "a"}', "seat_taken"),
    ],
)
async def test_bad_messages_get_error_frames(message, code):
    room, players = await database_sync_to_async(setup)("punto_banco", humans=1)
    phone = await connect(f"/ws/rooms/{room.pk}/{players[0].token}/")
    await phone.receive_json_from(timeout=WAIT)
    await phone.send_to(text_data=message)
    error = await phone.receive_json_from(timeout=WAIT)
    assert error["type"] == "error" and error["code"] == code, error
    await phone.disconnect()


async def test_the_screen_only_watches():
    room, _ = await database_sync_to_async(setup)("punto_banco", humans=1)
    screen = await connect(f"/ws/rooms/screen/{room.screen_token}/")
    snap = await screen.receive_json_from(timeout=WAIT)
    assert snap["seat"] is None and snap["me"] is None
    await screen.send_json_to({"type": "start", "client_id": "x"})
    assert (await screen.receive_json_from(timeout=WAIT))["code"] == "read_only"
    await screen.disconnect()


async def one_person_seated(timeout):
    """A Punto Banco room with one person seated and `timeout` seconds to act: the room,
    their phone and its snapshot."""
    room, players = await database_sync_to_async(setup)("punto_banco", humans=1)
    await database_sync_to_async(Room.objects.filter(pk=room.pk).update)(timeout=timeout)
    phone = await connect(f"/ws/rooms/{room.pk}/{players[0].token}/")
    return room, phone, await phone.receive_json_from(timeout=WAIT)


async def test_a_waiting_seat_times_out_by_the_consumers_timer():
    room, phone, snap = await one_person_seated(timeout=1)
    await phone.send_json_to({"type": "start", "client_id": "go"})
    started = (await frames(phone, snap["v"] + 1))[-1]
    assert started["room"]["waiting"] == [0] and started["room"]["deadline"]
    after = (await frames(phone, started["v"] + 1))[-1]
    assert {"seat": 0, "by": "timeout", "action": {"type": "sit_out"}} in after["actions"]
    await phone.disconnect()


async def test_a_room_has_one_timer_however_many_sockets_watch_it():
    room, phone, snap = await one_person_seated(timeout=30)
    screens = [await connect(f"/ws/rooms/screen/{room.screen_token}/") for _ in range(3)]
    for screen in screens:
        await screen.receive_json_from(timeout=WAIT)
    await phone.send_json_to({"type": "start", "client_id": "go"})
    started = (await frames(phone, snap["v"] + 1))[-1]
    for screen in screens:
        assert (await frames(screen, snap["v"] + 1))[-1]["room"]["deadline"]
    version, task = timers._timers[room.pk]  # four sockets, one timer
    assert version == started["v"] and not task.done()
    action = {"type": "act", "action": {"type": "sit_out"}, "client_id": "out"}
    await phone.send_json_to(action)
    acted = (await frames(phone, started["v"] + 1))[-1]
    assert acted["client_id"] == "out"  # the frame names the action that caused it
    for screen in screens:
        assert (await frames(screen, started["v"] + 1))[-1]["client_id"] == "out"
    await phone.disconnect()
    for screen in screens:
        await screen.disconnect()
    task.cancel()


def record_consumer_queries(monkeypatch):
    """The SQL a room consumer runs other than for its own action (its `act`, which calls a
    service): a socket re-reading the room because something happened elsewhere shows up."""
    seen, execute = [], CursorWrapper._execute

    def recording(self, sql, *args):
        mine = [
            f.name for f in traceback.extract_stack() if f.filename.endswith("games/consumers.py")
        ]
        if mine and "act" not in mine:
            seen.append(sql)
        return execute(self, sql, *args)

    monkeypatch.setattr(CursorWrapper, "_execute", recording)
    return seen


def seated_room():
    """A 3-seat Chemin de Fer room (3 coups): P0 seated, P1 and P2 not yet."""
    room, players = setup("chemin_de_fer", humans=1, bots=0, seats=3, max_coups=3)
    for name in ("P1", "P2"):
        players.append(nights.player_add(night_id=room.night_id, name=name, actor="host"))
    return room, players


async def test_each_change_sends_each_socket_its_own_frame_and_no_socket_queries(monkeypatch):
    """Sitting, moving, a bot, leaving, the start, play and leaving during play, each from a
    phone, with three phones and the screen open: every socket gets exactly one frame per
    change, built by the service: its seat's own view (no seat: the public one, never a
    hidden card), with the causing client id. A phone follows its player into a seat and
    back to the watchers, and no socket queries the database for any of it."""
    room, players = await database_sync_to_async(seated_room)()
    phones = [await connect(f"/ws/rooms/{room.pk}/{p.token}/") for p in players]
    screen = await connect(f"/ws/rooms/screen/{room.screen_token}/")
    versions = {socket: [] for socket in (*phones, screen)}
    for socket in versions:
        versions[socket].append((await socket.receive_json_from(timeout=WAIT))["v"])
    queries = record_consumer_queries(monkeypatch)
    engine = get_engine("chemin_de_fer")

    def choose(view, n):  # the acting seat's pick from its own view
        legal = view["legal_actions"]
        return next((a for a in legal if a["type"] in ("banco", "stand")), legal[-1 if n else 0])

    steps = [
        (1, {"type": "sit", "seat": 1}),
        (1, {"type": "sit", "seat": 2}),  # moves
        (0, {"type": "bot"}),  # the first empty seat: 1
        (1, {"type": "leave"}),
        (2, {"type": "sit"}),  # seat 2
        (0, {"type": "start"}),
        (0, "act"),  # P0 banks
        (2, "act"),  # P2 stakes or bancos: the coup is dealt
        (2, {"type": "leave"}),  # a bot plays on for P2
    ]
    last = {}
    for n, (who, message) in enumerate(steps):
        if message == "act":
            action = choose(last[phones[who]]["view"], n)
            message = {"type": "act", "action": action, "v": last[phones[who]]["v"]}
        await phones[who].send_json_to(message | {"client_id": f"c{n}"})
        early = []  # the actor's frame may come before its result
        while not early or early[-1]["type"] != "result":
            early.append(await phones[who].receive_json_from(timeout=WAIT))
        assert early[-1]["ok"], early
        version = early.pop()["v"]
        current = await database_sync_to_async(room_now)(room)
        assert current.version == version
        for socket in versions:
            got = early if socket is phones[who] else []
            if not got:
                got = await frames(socket, version)
            versions[socket] += [frame["v"] for frame in got]
            frame = last[socket] = got[-1]
            mine = "screen" if socket is screen else players[phones.index(socket)].pk
            seat = current.seats.index(mine) if mine in current.seats else None
            assert frame["seat"] == seat and frame["client_id"] == f"c{n}", (n, seat)
            view = current.state and engine.view(current.state, seat)
            assert frame["view"] == json.loads(json.dumps(view)), (n, seat)
            if current.state:
                check_no_leak(frame, current.state, seat)
        if n == 5:
            assert current.status == "playing" and last[phones[0]]["view"]["legal_actions"]
    assert current.seats == [players[0].pk, "bot", "bot"]
    for socket, seen in versions.items():
        assert seen == list(range(seen[0], version + 1)), seen  # one frame each, no gap
        assert await socket.receive_nothing(timeout=0.1)
        await socket.disconnect()
    assert queries == []
