"""Night progression: the plan of sets and rounds, the break, tallies, the fuzzy die."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .config import Rules

BELL_REASONS = ("target", "bunco", "host")


@dataclass(frozen=True)
class PlannedRound:
    """One round of the night. `number` counts from 1 over the whole night; in round r of a
    set the number up is r. `break_after` is True on the last round before the break."""

    number: int
    set: int
    round: int
    up: int
    break_after: bool

    def to_dict(self) -> dict[str, Any]:
        return dataclasses.asdict(self)


def round_plan(rules: Rules) -> list[PlannedRound]:
    """Every round of the night in order, e.g. 24 rounds with a break after round 12."""
    plan = []
    for set_number in range(1, rules.sets + 1):
        for round_number in range(1, rules.rounds_per_set + 1):
            plan.append(
                PlannedRound(
                    number=len(plan) + 1,
                    set=set_number,
                    round=round_number,
                    up=round_number,
                    break_after=(
                        set_number == rules.break_after_set and round_number == rules.rounds_per_set
                    ),
                )
            )
    return plan


def empty_totals(player_ids: Iterable[str]) -> dict[str, dict[str, int]]:
    return {p: {"wins": 0, "losses": 0, "buncos": 0} for p in player_ids}


def add_table_result(
    totals: Mapping[str, Mapping[str, int]],
    seats: Sequence[str],
    winner: str,
    buncos: Mapping[str, int],
) -> dict[str, dict[str, int]]:
    """New totals after one table's round: a W for the winning team (seats 0+2 for "A",
    1+3 for "B"), an L for the others, plus the Bunco tallies credited there."""
    new = {p: dict(t) for p, t in totals.items()}
    winning_seats = (0, 2) if winner == "A" else (1, 3)
    for seat, player in enumerate(seats):
        row = new.setdefault(player, {"wins": 0, "losses": 0, "buncos": 0})
        row["wins" if seat in winning_seats else "losses"] += 1
    for player, count in buncos.items():
        new.setdefault(player, {"wins": 0, "losses": 0, "buncos": 0})["buncos"] += count
    return new


def tally_rounds(rounds: Sequence[Mapping[str, Any]]) -> dict[str, dict[str, int]]:
    """Per-player wins, losses and Buncos from a night record's "rounds" list."""
    totals: dict[str, dict[str, int]] = {}
    for played in rounds:
        for table in played["tables"]:
            totals = add_table_result(
                totals, table["seats"], table["winner"], table.get("buncos", {})
            )
    return totals


def fuzzy_die_start(first_round_tables: Sequence[Sequence[str]]) -> str:
    """The fuzzy die starts at the Head table with the player in seat 0 of the first round
    (a starred, real player) and stays there until someone is credited with a Bunco."""
    return first_round_tables[0][0]
