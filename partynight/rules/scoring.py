"""Scoring one roll of three dice."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass

from live.words import said

from .config import Rules
from .dice import check_dice
from .errors import RulesError

ROLL_KINDS = ("bunco", "mini_bunco", "points", "wipeout", "miss")
MINI_BUNCO_POINTS = 5


@dataclass(frozen=True)
class RollScore:
    """What one roll is worth. `points` is added to the roller's team; a wipeout adds 0
    and the table then clears the team's points. `turn_continues` is False when the dice pass
    to the left."""

    points: int
    kind: str
    turn_continues: bool

    def to_dict(self) -> dict:
        return asdict(self)


def score_roll(dice: Sequence[int], up: int, rules: Rules) -> RollScore:
    """Score `dice` when the number `up` is being rolled."""
    first, second, third = check_dice(dice)
    if not 1 <= up <= 6:
        raise RulesError(said("the number up is 1 to 6, not %(up)s", up=up))
    three_of_a_kind = first == second == third
    if three_of_a_kind and first == up:
        return RollScore(rules.bunco_points, "bunco", True)
    if three_of_a_kind and first == 1 and rules.wipeout:
        # checked before mini Bunco: with the variant on, three 1s is a wipeout, not 5 points
        return RollScore(0, "wipeout", False)
    if three_of_a_kind:
        if rules.mini_bunco == "0":
            return RollScore(0, "mini_bunco", True)
        if rules.mini_bunco == "ends_turn":
            return RollScore(MINI_BUNCO_POINTS, "mini_bunco", False)
        return RollScore(MINI_BUNCO_POINTS, "mini_bunco", True)
    matches = (first == up) + (second == up) + (third == up)
    if matches:
        return RollScore(matches, "points", True)
    return RollScore(0, "miss", False)
