"""Dataclasses as plain dicts, cheaply."""

import dataclasses
import functools
from typing import Any


@functools.cache
def _field_names(cls) -> tuple[str, ...]:
    return tuple(f.name for f in dataclasses.fields(cls))


def shallow_dict(obj) -> dict[str, Any]:
    """A dataclass's fields as a dict, each value as it is. `dataclasses.asdict` deep-copies
    every value, and a roll turns several states into JSON: under cProfile that copying was
    the largest part of the roll service's own Python time. A caller whose dataclass holds
    a container copies that one itself."""
    return {name: getattr(obj, name) for name in _field_names(type(obj))}
