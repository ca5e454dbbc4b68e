"""A small checker of frames against their TypedDicts (games/frames.py): every required key
there, no other key, each value of its annotated type, through Literals, unions, lists, dicts
and nested TypedDicts. `bool` is no `int` here (JSON tells them apart); a `float` may be a
whole number."""

import types
from typing import Any, Literal, Union, get_args, get_origin, get_type_hints, is_typeddict

from games import frames

SENT = (frames.RoomFrame, frames.RoomSnapshot, frames.RoomMine, frames.RoomWatched)
BY_TYPE = {get_args(get_type_hints(kind)["type"])[0]: kind for kind in SENT}


def check_sent(frame: dict) -> None:
    """`frame` matches the TypedDict its `type` names; AssertionError says where not."""
    assert frame.get("type") in BY_TYPE, f"a frame of no known type: {frame.get('type')!r}"
    check(frame, BY_TYPE[frame["type"]])


def check(value, hint, where: str = "frame") -> None:
    origin = get_origin(hint)
    if hint is Any:
        return
    if is_typeddict(hint):
        assert isinstance(value, dict), f"{where}: {value!r} is not a {hint.__name__}"
        fields = get_type_hints(hint)
        missing = hint.__required_keys__ - value.keys()
        unknown = value.keys() - fields.keys()
        assert not missing, f"{where}: {hint.__name__} without {sorted(missing)}"
        assert not unknown, f"{where}: {hint.__name__} with unknown {sorted(unknown)}"
        for key, item in value.items():
            check(item, fields[key], f"{where}.{key}")
    elif origin is Literal:
        assert value in get_args(hint), f"{where}: {value!r} is none of {get_args(hint)}"
    elif origin in (Union, types.UnionType):
        refusals = []
        for arm in get_args(hint):
            try:
                return check(value, arm, where)
            except AssertionError as refused:
                refusals.append(str(refused))
        raise AssertionError(" / ".join(refusals))
    elif origin is list:
        assert isinstance(value, list), f"{where}: {value!r} is not a list"
        for i, item in enumerate(value):
            check(item, get_args(hint)[0], f"{where}[{i}]")
    elif origin is dict:
        assert isinstance(value, dict), f"{where}: {value!r} is not a dict"
        key_hint, item_hint = get_args(hint)
        for key, item in value.items():
            check(key, key_hint, f"{where} key")
            check(item, item_hint, f"{where}[{key!r}]")
    elif hint is float:
        assert type(value) in (int, float), f"{where}: {value!r} is not a number"
    elif hint is int:
        assert type(value) is int, f"{where}: {value!r} is not a whole number"
    elif hint is type(None):
        assert value is None, f"{where}: {value!r} is not None"
    else:
        assert type(value) is hint, f"{where}: {value!r} is not a {hint.__name__}"
