"""Rolls as people enter them on a phone: what the physical dice showed, in one tap."""

from __future__ import annotations

from live.words import said

from .dice import CODE, Dice
from .errors import RulesError

ENTRIES = ("0", "1", "2", "mini", "bunco", "wipeout")


def dice_for_entry(entry: str, up: int, wipeout: bool = True) -> Dice:
    """Dice that score like `entry` with `up` being rolled: "0", "1" or "2" dice showing up,
    "mini" (three of another number), "bunco" (three of up), "wipeout" (three 1s: only
    while the night plays the `wipeout` variant). A refusal's code is "invalid_roll"."""
    others = [n for n in range(1, 7) if n != up]
    if entry in ("0", "1", "2"):
        matches = int(entry)
        # distinct non-up faces, so a miss is never read as three of a kind
        return tuple([up] * matches + others[: 3 - matches])  # type: ignore[return-value]
    if entry == "mini":
        return (others[-1],) * 3  # never 1s, so the wipeout variant cannot turn it into one
    if entry == "bunco":
        return (up, up, up)
    if entry == "wipeout":
        if not wipeout:
            raise RulesError(
                said("Tonight is played without wipeouts: three 1s are a mini Bunco."), CODE
            )
        if up == 1:
            raise RulesError(said("three 1s while 1 is up is a Bunco, not a wipeout"), CODE)
        return (1, 1, 1)
    raise RulesError(
        said(
            "unknown roll %(entry)s; enter one of %(entries)s",
            entry=repr(entry),
            entries=", ".join(ENTRIES),
        ),
        CODE,
    )
