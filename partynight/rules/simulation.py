"""A whole Bunco night with virtual dice, returning the night record (docs/night-record.md).

Tables roll in turn, one roll each per tick, Head table first, which stands in for everyone
rolling at once. When a roll rings the bell, every other table hears it at that moment.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Mapping, Sequence
from typing import Any

from .config import Rules
from .dice import roll_dice
from .errors import RulesError
from .night import add_table_result, empty_totals, fuzzy_die_start, round_plan
from .prizes import award_prizes
from .rotation import rotate
from .seating import draw_seats
from .table import TableRound, apply_roll, bunco_holder, next_first_seat, ring_bell
from .table import start_table_round as start

MAX_ROLLS_PER_ROUND = 200_000  # a safety net; a real round needs a few hundred


@dataclasses.dataclass
class RoundResult:
    tables: list[TableRound]
    bell: dict[str, Any]
    fuzzy_holder: str | None
    fuzzy_passes: list[str]  # each new holder, in order


def roster(players: int | Sequence[str]) -> list[dict[str, Any]]:
    """Player entries for a count ("Player 1", ...) or a list of names; ids are p1, p2, ..."""
    names = [f"Player {i}" for i in range(1, players + 1)] if isinstance(players, int) else players
    if isinstance(names, str):
        raise RulesError("give a number of players or a list of names, not one string")
    return [{"id": f"p{i}", "name": str(n), "ghost": False} for i, n in enumerate(names, 1)]


def play_round_virtually(
    tables: list[TableRound], rules: Rules, rng: random.Random, fuzzy_holder: str | None
) -> RoundResult:
    """Roll for every seat until every table is done (bell, finishing turns, roll-offs)."""
    states = list(tables)
    bell: dict[str, Any] | None = None
    passes: list[str] = []
    rolls = 0
    while not all(s.is_done for s in states):
        for i in range(len(states)):
            if states[i].is_done:
                continue
            new, outcome = apply_roll(states[i], roll_dice(rng), rules)
            states[i] = new
            holder = bunco_holder(fuzzy_holder, outcome)
            if holder != fuzzy_holder:
                fuzzy_holder = holder
                passes.append(holder)  # type: ignore[arg-type]
            if outcome.rings_bell and bell is None:
                bell = {"table": new.table, "reason": outcome.rings_bell}
                for j in range(len(states)):
                    if j != i:
                        states[j] = ring_bell(states[j])
        rolls += len(states)
        if rolls > MAX_ROLLS_PER_ROUND:
            raise RuntimeError("a simulated round did not finish")
    assert bell is not None  # only the bell moves tables out of "playing"
    return RoundResult(states, bell, fuzzy_holder, passes)


def table_record(state: TableRound) -> dict[str, Any]:
    """One table's entry in a round of the night record."""
    return {
        "table": state.table,
        "seats": list(state.seats),
        "points": list(state.points),
        "rolloff": state.rolloffs > 0,
        "winner": state.winner,
        "buncos": dict(state.buncos),
    }


def simulate_night(
    players: int | Sequence[str],
    rules: Rules | None = None,
    rng: random.Random | None = None,
    prize_table: Sequence[Mapping[str, Any]] | None = None,
    contribution: int | None = None,
) -> dict[str, Any]:
    """Play a whole night for 4-48 players (a count or their names) and return its record.
    `contribution` overrides `rules.contribution`; the same rng seed gives the same night."""
    rules = rules or Rules()
    if contribution is not None:
        rules = dataclasses.replace(rules, contribution=contribution)
    rng = rng if rng is not None else random.Random()
    people = roster(players)
    ids = [p["id"] for p in people]
    seats = draw_seats(ids, rng)
    ghosts = sorted({p for table in seats for p in table} - set(ids), key=lambda g: int(g[1:]))
    people += [{"id": g, "name": f"Ghost {g[1:]}", "ghost": True} for g in ghosts]

    fuzzy: str | None = fuzzy_die_start(seats)
    history = [fuzzy]
    markers = [0] * len(seats)  # each table's turn marker
    totals = empty_totals(p["id"] for p in people)
    rounds: list[dict[str, Any]] = []
    for planned in round_plan(rules):
        tables = [
            start(number, table_seats, planned.up, ghosts, markers[number - 1])
            for number, table_seats in enumerate(seats, start=1)
        ]
        result = play_round_virtually(tables, rules, rng, fuzzy)
        fuzzy = result.fuzzy_holder
        history += result.fuzzy_passes
        for state in result.tables:
            totals = add_table_result(totals, state.seats, state.winner, state.buncos)
        rounds.append(
            {
                "set": planned.set,
                "round": planned.round,
                "up": planned.up,
                "bell": result.bell,
                "tables": [table_record(s) for s in result.tables],
            }
        )
        markers = [next_first_seat(s) for s in result.tables]
        winners = [s.winner or "" for s in result.tables]
        seats = rotate([s.seats for s in result.tables], winners, rng).tables

    pot = rules.contribution * len(ids)
    prizes = award_prizes(totals, fuzzy, ghosts, prize_table, pot, rules, rng, history)
    return {
        "rules": rules.to_dict(),
        "players": people,
        "rounds": rounds,
        "totals": totals,
        "fuzzy_die": fuzzy,
        "pot": pot,
        "prizes": prizes,
    }
