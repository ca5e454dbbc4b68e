"""Russian Bank over real room websockets: every frame each phone and the big screen
receive is searched for what no seat may see (the order of a hand, a reserve below its top,
the seed, a Stop window's saved board), while two people play in Stop! mode."""

import json
import random

import pytest
from channels.db import database_sync_to_async

from tests.helpers.rooms import frames, moved_on, room_now, seats_and_screen_started
from tests.helpers.rooms import setup as room_setup

pytestmark = pytest.mark.django_db(transaction=True)
WAIT = 5


def secrets_of(state):
    """Runs of cards that appear in no view: each hand's top four cards in order, each
    reserve's three cards under its top, and the seed."""
    board, runs = state["board"], []
    for seat in (0, 1):
        for cards in (board["hand"][seat][-4:], board["reserve"][seat][-4:-1]):
            if len(cards) >= 3:
                runs.append(json.dumps(cards)[1:-1])
    return runs, str(state["seed"])


def check_no_leak(frame, state):
    text = json.dumps(frame)
    runs, seed = secrets_of(state)
    for run in runs:
        assert run not in text
    assert seed not in text and '"seed"' not in text and '"before"' not in text
    view = frame.get("view")
    if view:
        assert all(type(side["hand"]) is int for side in view["sides"])  # sizes only
        if view["window"]:
            assert set(view["window"]) == {"seat", "mover", "move", "seconds"}


async def test_no_frame_shows_a_hand_or_the_reserve_below_its_top():
    room, players = await database_sync_to_async(room_setup)("russian_bank", bots=0, mode="stop")
    phones, sockets, version = await seats_and_screen_started(room, players)
    rng, seen, stops = random.Random(3), 0, 0
    for step in range(60):
        try:
            current = await moved_on(room, version)
        except TimeoutError:  # refused (a room timer from an earlier test moved it): look again
            current = await database_sync_to_async(room_now)(room)
            for socket, _ in sockets:
                await socket.send_json_to({"type": "resync"})
        version = current.version
        latest = {}  # each socket's newest frame: a seat's view without asking again (a
        for socket, seat in sockets:  # resync a step would soon meet the message rate limit)
            for frame in await frames(socket, current.version):
                check_no_leak(frame, current.state)
                seen += 1
            latest[seat] = frame
        seat = current.state["to_act"][0]
        view = latest[seat]["view"]
        legal = view["legal_actions"]
        action = rng.choice(legal)
        if view["window"] and view["window"]["seat"] == seat:
            action = {
                "type": "stop" if step % 5 == 0 else "no_stop",
                "move": view["window"]["move"],
            }
            stops += action["type"] == "stop"
        await phones[seat].send_json_to(
            {"type": "act", "action": action, "v": current.version, "client_id": f"s{step}"}
        )
    assert seen > 150 and stops > 0
    final = await moved_on(room, version)
    assert final.state["stops"] and all(s["right"] is False for s in final.state["stops"])
    for socket, _ in sockets:
        await socket.disconnect()
