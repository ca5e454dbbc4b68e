"""The frame checker (tests/helpers/frames.py) refuses what a frame's TypedDict does not
allow: the integration tests' check of every frame they receive rests on it."""

import json

from tests.helpers.frames import frame_problems

BELL = {
    "type": "night",
    "scope": "night",
    "v": 3,
    "what": "bell",
    "bell": {"table": None, "reason": "host", "sentence": {"text": "The bell rang."}},
    "round": {
        "number": 1,
        "set": 1,
        "round": 1,
        "up": 1,
        "state": "finishing",
        "bell": {"table": None, "reason": "host", "sentence": {"text": "The bell rang."}},
        "break_after": False,
        "last": False,
    },
}


def test_a_frame_as_typed_passes():
    assert frame_problems("/ws/screen/x/", json.dumps(BELL)) == []


def test_a_missing_key_a_key_not_typed_a_wrong_value_and_an_unknown_type_are_refused():
    no_sentence = {**BELL, "bell": {"table": 1, "reason": "host"}}
    assert frame_problems("/ws/play/x/", json.dumps(no_sentence)) == [
        "BellEvent.bell: no 'sentence' (Bell)"
    ]
    assert frame_problems("/ws/play/x/", json.dumps({**BELL, "extra": 1})) == [
        "BellEvent: 'extra' is not in BellEvent"
    ]
    assert frame_problems("/ws/play/x/", json.dumps({**BELL, "v": True})) == [
        "BellEvent.v: True is not int"
    ]
    assert frame_problems("/ws/play/x/", json.dumps({"type": "gossip"})) == [
        "/ws/play/x/: no frame type 'gossip'"
    ]


def test_other_sockets_are_not_the_nights():
    assert frame_problems("/ws/rooms/x/", json.dumps({"type": "gossip"})) == []
