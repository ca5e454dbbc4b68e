"""A Burraco room through the real websockets: two phones, two bots and the big screen play
a hand; every frame each seat and the screen receive is searched for hidden cards (the
stock, the pozzetti, the other hands, partners' included), and refused melds come back in
words."""

import json
import random

import pytest
from channels.db import database_sync_to_async

from games.engines.burraco import ENGINE
from games.engines.burraco.views import sort_key
from live.words import english
from tests.helpers.rooms import connect, frames, moved_on, room_now, seats_and_screen_started, setup
from tests.helpers.sockets import WAIT

pytestmark = pytest.mark.django_db(transaction=True)


def secrets(state, seat):
    """Serialised hidden zones of at least 3 cards, in stored and in sorted order."""
    zones = [state["stock"], *state["pozzetti"]]
    zones += [hand for s, hand in enumerate(state["hands"]) if s != seat]
    texts = []
    for zone in zones:
        if len(zone) >= 3:
            texts.append(json.dumps(zone)[1:-1])
            texts.append(json.dumps(sorted(zone, key=sort_key))[1:-1])
    return texts


def check_frame(frame, state, seat, version):
    text = json.dumps(frame)
    for secret in secrets(state, seat):
        assert secret not in text, (seat, secret)
    assert str(state["seed"]) not in text and '"seed"' not in text
    view = frame.get("view")
    if view and frame["type"] in ("room", "snapshot"):
        assert isinstance(view["stock"], int)
        assert all(set(p) == {"size", "taken_by"} for p in view["pozzetti"])
        if seat is None:
            assert view["hand"] is None
        elif frame["v"] == version:  # an older frame showed the hand as it was then
            assert sorted(view["hand"]) == sorted(state["hands"][seat])


async def test_no_frame_shows_a_seat_or_the_screen_a_hidden_card():
    room, players = await database_sync_to_async(setup)("burraco", humans=2, bots=2, max_hands=1)
    phones, sockets, version = await seats_and_screen_started(room, players)
    rng, seen, kinds = random.Random(1), 0, set()
    for step in range(400):
        current = await moved_on(room, version)
        version = current.version
        for socket, seat in sockets:
            for frame in await frames(socket, current.version):
                check_frame(frame, current.state, seat, current.version)
                seen += 1
        if current.status == "finished":
            break
        seat = current.state["to_act"][0]
        action = ENGINE.bot_action(current.state, seat, rng, "sensible")
        kinds.add(action["type"])
        await phones[seat].send_json_to(
            {"type": "act", "action": action, "v": current.version, "client_id": f"s{step}"}
        )
    assert current.status == "finished" and seen > 100
    assert {"draw", "discard", "meld"} <= kinds
    for socket, _ in sockets:
        await socket.disconnect()


async def test_a_refused_meld_says_why_and_changes_nothing():
    room, players = await database_sync_to_async(setup)("burraco", humans=1, bots=3)
    phone = await connect(f"/ws/rooms/{room.pk}/{players[0].token}/")
    snap = await phone.receive_json_from(timeout=WAIT)
    await phone.send_json_to({"type": "start", "client_id": "go"})
    current = await moved_on(room, snap["v"])
    assert current.state["to_act"] == [0]  # the bots played up to the person's turn
    frame = (await frames(phone, current.version))[-1]
    assert frame["view"]["can"] == ["draw", "take_discards"]
    await phone.send_json_to(
        {"type": "act", "action": {"type": "draw"}, "v": current.version, "client_id": "d"}
    )
    drawn = await moved_on(room, current.version)
    hand = drawn.state["hands"][0]
    for cards, words in (
        (hand[:2], "A meld needs at least 3 cards."),
        (["AS", "AS", "AS"], "You do not hold the A♠."),
    ):
        message = {"type": "meld", "cards": cards}
        await phone.send_json_to(
            {"type": "act", "action": message, "v": drawn.version, "client_id": str(cards)}
        )
        got = await frames_until_error(phone)
        assert got["code"] == "not_allowed" and words in english(got["message"])
    assert (await database_sync_to_async(room_now)(room)).version == drawn.version
    await phone.disconnect()


async def frames_until_error(socket):
    for _ in range(20):
        frame = await socket.receive_json_from(timeout=WAIT)
        if frame["type"] == "error":
            return frame
    raise AssertionError("no error frame")
