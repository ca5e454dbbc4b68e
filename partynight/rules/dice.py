"""Virtual dice. Every roll goes through an injected `random.Random`, so a seed replays."""

from __future__ import annotations

import random
from collections.abc import Sequence

from live.words import said

from .errors import RulesError

Dice = tuple[int, int, int]
CODE = "invalid_roll"  # the protocol's code for a roll the rules refuse


def roll_dice(rng: random.Random) -> Dice:
    """Three fair dice."""
    return (rng.randint(1, 6), rng.randint(1, 6), rng.randint(1, 6))


def check_dice(dice: Sequence[int]) -> Dice:
    """The dice as a tuple, or RulesError ("invalid_roll") if they are not three whole
    numbers from 1 to 6."""
    values = tuple(dice)
    if len(values) != 3:
        raise RulesError(said("a roll is 3 dice, got %(count)s", count=len(values)), CODE)
    for value in values:
        if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 6:
            message = said("each die shows 1 to 6, got %(value)s", value=repr(value))
            raise RulesError(message, CODE)
    return values  # type: ignore[return-value]
