"""The frame checker (tests/helpers/frames.py) refuses what games/frames.py does not allow;
the room integration tests run every frame they send through it (their conftest)."""

import pytest

from tests.helpers.frames import check_sent


def room_frame(**changes):
    room = {
        "id": 1, "game": "punto_banco", "title": {"text": "Punto Banco"}, "status": "playing",
        "seats": [{"kind": "player", "name": "Ann"}, {"kind": "bot", "name": {"text": "Bot 2"}}],
        "timeout": None, "deadline": 1.5, "since": 1, "waiting": [0], "votes": {"0": 1},
    }  # fmt: skip
    frame = {
        "type": "room", "scope": "room:1", "v": 3, "room": room, "seat": 0, "view": {},
        "actions": [{"seat": 1, "by": "bot", "action": {"type": "pass"}}], "client_id": "c1",
    }  # fmt: skip
    return frame | changes


def test_a_room_frame_and_the_events_that_carry_it_pass():
    check_sent(room_frame())
    check_sent(room_frame(client_id=None, seat=None, view=None))
    check_sent({"type": "room.mine", "player": 4, "frame": room_frame()})
    check_sent({"type": "room.frame", "seated": [4], "frame": room_frame(seat=None)})
    snapshot = room_frame(type="snapshot", versions={"room:1": 3}, me={"id": 4, "name": "Ann"})
    del snapshot["client_id"]
    check_sent(snapshot)


@pytest.mark.parametrize(
    ("frame", "refusal"),
    [
        (room_frame(type="rooms"), "no known type"),
        (room_frame(v=True), "is not int"),
        (room_frame(v="3"), "is not int"),
        (room_frame(extra=1), "is not in RoomFrame"),
        ({k: v for k, v in room_frame().items() if k != "scope"}, "no 'scope'"),
        (room_frame(seat="0"), "is not int"),
        (room_frame(actions=[{"seat": 1, "by": "ghost", "action": {}}]), "not one of"),
        (room_frame(room=room_frame()["room"] | {"votes": {"0": "1"}}), "is not int"),
        (room_frame(type="snapshot"), "no 'versions'"),
    ],
)
def test_a_frame_off_its_type_is_refused_where_it_is_off(frame, refusal):
    with pytest.raises(AssertionError, match=refusal):
        check_sent(frame)
