"""What every card-game engine shares: the interface, the rules error (live/rules.py, the Bunco
rules' too), small state helpers.

An engine is any object (a module or an instance) with the functions of `Engine`. Its state is
plain JSON data (dicts, lists, str, int, bool, None; lists indexed by seat, never int keys),
so a room can store it as is; never rely on a dict's key order (PostgreSQL's jsonb sorts the
keys of a stored state). Randomness: `new_state` draws a seed from the room's rng and
keeps it in the state; every later shuffle derives its own `random.Random` from that seed, so
`apply` is deterministic and replaying the action log from the same seed rebuilds the state.
"""

import marshal
import random
from typing import Any, Protocol

from live.rules import RulesError
from live.words import said, said_n

MAX_SEATS = 14
CHIP_SIZES = (10, 20, 50, 100, 200, 500, 1000)


class Engine(Protocol):
    name: str

    def new_state(self, config: dict, rng: random.Random) -> dict: ...

    def legal_actions(self, state: dict, seat: int) -> list[dict]: ...

    def apply(self, state: dict, seat: int, action: dict, rng: Any = None) -> dict: ...

    def view(self, state: dict, seat: int | None) -> dict: ...

    def is_over(self, state: dict) -> bool: ...

    def result(self, state: dict) -> dict: ...

    def default_action(self, state: dict, seat: int) -> dict | None: ...


def clone(state: dict) -> dict:
    """A deep copy of JSON-like data (marshal round trip: exact, and fast in C)."""
    return marshal.loads(marshal.dumps(state))


def derived_rng(seed: int, label: str) -> random.Random:
    """The rng for one labelled use of the state's seed (e.g. the third shoe)."""
    return random.Random(f"{seed}/{label}")


def configure(config: dict | None, defaults: dict) -> dict:
    """`defaults` overridden by `config`; unknown keys, non-integers for numbers and
    non-booleans for on/off settings are refused."""
    config = dict(config or {})
    unknown = sorted(set(config) - set(defaults))
    if unknown:
        raise RulesError(said("Unknown setting: %(names)s.", names=", ".join(unknown)))
    merged = {**defaults, **config}
    for key, value in merged.items():
        if isinstance(defaults[key], bool):
            if type(value) is not bool:
                raise RulesError(said("The setting %(name)s must be on or off.", name=key))
        elif isinstance(defaults[key], int) and (type(value) is not int or value < 0):
            raise RulesError(said("The setting %(name)s must be a whole number.", name=key))
    return merged


def seats_from(start: int, count: int) -> list[int]:
    """All seats in playing order beginning with `start`."""
    return [(start + i) % count for i in range(count)]


def amount_choices(low: int, high: int) -> list[int]:
    """Offered amounts between low and high: the usual chip sizes, plus both limits."""
    if high < low:
        return []
    return sorted({low, high, *(size for size in CHIP_SIZES if low < size < high)})


def read_amount(action: dict, low: int, high: int) -> int:
    """The action's whole-chip amount, checked against the limits."""
    amount = action.get("amount")
    if type(amount) is not int:
        raise RulesError(said("Say how many chips, as a whole number."))
    if not low <= amount <= high:
        raise RulesError(
            said_n(
                "The amount must be between %(low)s and %(n)s chip.",
                "The amount must be between %(low)s and %(n)s chips.",
                high,
                low=low,
            )
        )
    return amount
