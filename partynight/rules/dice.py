"""Virtual dice. Every roll goes through an injected `random.Random`, so a seed replays."""

from __future__ import annotations

import random
from collections.abc import Sequence

from live.words import said

from .errors import RulesError

Dice = tuple[int, int, int]


def roll_dice(rng: random.Random) -> Dice:
    """Three fair dice."""
    return (rng.randint(1, 6), rng.randint(1, 6), rng.randint(1, 6))


def check_dice(dice: Sequence[int]) -> Dice:
    """The dice as a tuple, or RulesError if they are not three whole numbers from 1 to 6."""
    values = tuple(dice)
    if len(values) != 3:
        raise RulesError(said("a roll is 3 dice, got %(count)s", count=len(values)))
    for value in values:
        if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 6:
            raise RulesError(said("each die shows 1 to 6, got %(value)s", value=repr(value)))
    return values  # type: ignore[return-value]
