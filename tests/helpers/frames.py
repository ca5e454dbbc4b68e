"""Checks a frame against its TypedDict (partynight/frames.py for a night's sockets,
games/frames.py for the rooms'): every required key there, no key the type does not name,
every value of its declared type (Literal, unions, lists, dicts and nested TypedDicts), so a
frame and its type cannot drift apart. JSON tells a bool from a number; a float may be a
whole number."""

import functools
import json
import types
from typing import Any, Literal, Union, get_args, get_origin, get_type_hints, is_typeddict

from games import frames as room_frames
from partynight import frames

# Which frames each socket's path receives.
AUDIENCES = {
    "/ws/play/": frames.PHONE_FRAMES,
    "/ws/nights/": frames.WATCH_FRAMES,
    "/ws/screen/": frames.WATCH_FRAMES,
}


def problems(value: Any, hint: Any, where: str = "frame") -> list[str]:
    """What is wrong with `value` as a `hint` (empty: nothing)."""
    if hint is Any:
        return []
    if is_typeddict(hint):
        return _typeddict_problems(value, hint, where)
    origin = get_origin(hint)
    if origin in (Union, types.UnionType):
        found = [problems(value, option, where) for option in get_args(hint)]
        return [] if any(not f for f in found) else min(found, key=len)
    if origin is Literal:
        ok = any(_same_literal(value, option) for option in get_args(hint))
        return [] if ok else [f"{where}: {value!r} is not one of {get_args(hint)}"]
    if origin is list:
        if not isinstance(value, list):
            return [f"{where}: {value!r} is not a list"]
        (item,) = get_args(hint)
        return [p for i, v in enumerate(value) for p in problems(v, item, f"{where}[{i}]")]
    if origin is dict:
        if not isinstance(value, dict):
            return [f"{where}: {value!r} is not an object"]
        key_type, value_type = get_args(hint)
        found = [p for k in value for p in problems(k, key_type, f"{where} key {k!r}")]
        return found + [
            p for k, v in value.items() for p in problems(v, value_type, f"{where}.{k}")
        ]
    if hint is type(None):
        return [] if value is None else [f"{where}: {value!r} is not null"]
    if hint is int or hint is float:  # JSON: a bool is not a number, 2 may be a float
        ok = isinstance(value, int if hint is int else (int, float))
        ok = ok and not isinstance(value, bool)
        return [] if ok else [f"{where}: {value!r} is not {hint.__name__}"]
    if isinstance(hint, type):
        return [] if isinstance(value, hint) else [f"{where}: {value!r} is not {hint.__name__}"]
    raise TypeError(f"{where}: no check for {hint!r}")


def _same_literal(value, option) -> bool:
    """`value` is `option` as JSON would write it: a str enum (a model's choices, in a group
    event not yet encoded) is its string, but a bool is never a number."""
    if isinstance(value, bool) != isinstance(option, bool):
        return False
    return isinstance(value, type(option)) and value == option


@functools.cache
def _fields(typeddict) -> dict:
    return get_type_hints(typeddict)  # evaluated once per type: every frame is checked


def _typeddict_problems(value, hint, where) -> list[str]:
    if not isinstance(value, dict):
        return [f"{where}: {value!r} is not an object ({hint.__name__})"]
    fields = _fields(hint)
    found = [
        f"{where}: no {key!r} ({hint.__name__})" for key in hint.__required_keys__ - set(value)
    ]
    found += [f"{where}: {key!r} is not in {hint.__name__}" for key in set(value) - set(fields)]
    for key, item in value.items():
        if key in fields:
            found += problems(item, fields[key], f"{where}.{key}")
    return found


def frame_problems(path: str, text: str) -> list[str]:
    """What is wrong with the frame `text` a socket at `path` received, as one of the frames
    its audience is sent (empty for a path that is not a night's)."""
    path = "/" + path.lstrip("/")
    audience = next((a for prefix, a in AUDIENCES.items() if path.startswith(prefix)), None)
    if audience is None:
        return []
    frame = json.loads(text)
    kinds = audience.get(frame.get("type"))
    if kinds is None:
        return [f"{path}: no frame type {frame.get('type')!r}"]
    found = [problems(frame, kind, kind.__name__) for kind in kinds]
    return [] if any(not f for f in found) else min(found, key=len)


ROOM_SENT = (
    room_frames.RoomFrame,
    room_frames.RoomSnapshot,
    room_frames.RoomMine,
    room_frames.RoomWatched,
)
ROOM_BY_TYPE = {get_args(get_type_hints(kind)["type"])[0]: kind for kind in ROOM_SENT}


def check_sent(frame: dict) -> None:
    """A room's `frame` (sent to a socket or to a group) matches the TypedDict its `type`
    names; the AssertionError says where it does not."""
    kind = ROOM_BY_TYPE.get(frame.get("type"))
    assert kind is not None, f"a frame of no known type: {frame.get('type')!r}"
    found = problems(frame, kind, kind.__name__)
    assert not found, "\n".join(found)
