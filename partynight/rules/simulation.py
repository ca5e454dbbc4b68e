"""A whole Bunco night with virtual dice, returning the night record (docs/night-record.md).

It drives the night reducer (reducer.py), as the services do: tables roll in turn, one roll
each per tick, Head table first, which stands in for everyone rolling at once; the reducer
rolls for the ghosts, spreads the bell and ends the round.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Mapping, Sequence
from typing import Any

from live.words import said

from .config import Rules
from .dice import roll_dice
from .errors import RulesError
from .reducer import NightState, finish, roll, start_round
from .seating import draw_seats
from .table import TableRound

MAX_ROLLS_PER_ROUND = 200_000  # a safety net; a real round needs a few hundred


def roster(players: int | Sequence[str]) -> list[dict[str, Any]]:
    """Player entries for a count ("Player 1", ...) or a list of names; ids are p1, p2, ..."""
    names = [f"Player {i}" for i in range(1, players + 1)] if isinstance(players, int) else players
    if isinstance(names, str):
        raise RulesError(said("give a number of players or a list of names, not one string"))
    return [{"id": f"p{i}", "name": str(n), "ghost": False} for i, n in enumerate(names, 1)]


def play_round_virtually(
    state: NightState, rules: Rules, rng: random.Random
) -> tuple[NightState, list[dict[str, Any]]]:
    """Roll for every person's turn until the round is done; returns its events too."""

    def chance(*purpose):
        return rng

    events: list[dict[str, Any]] = []
    rolls = 0
    while state.round_state != "done":
        for table in state.tables:
            if not state.tables[table.table - 1].is_done and state.round_state != "done":
                state, happened = roll(state, rules, table.table, roll_dice(rng), chance)
                events += happened
        rolls += len(state.tables)
        if rolls > MAX_ROLLS_PER_ROUND:
            raise RuntimeError("a simulated round did not finish")
    return state, events


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

    def chance(*purpose):
        return rng

    state = NightState(seating=tuple(tuple(t) for t in seats))
    history: list[str] = []
    rounds: list[dict[str, Any]] = []
    while state.round < rules.rounds:
        state, events = start_round(state, rules, ghosts, chance)
        state, more = play_round_virtually(state, rules, rng)
        history += [e["holder"] for e in events + more if e["type"] == "fuzzy_moved"]
        started = events[0]
        rounds.append(
            {
                "set": started["set"],
                "round": started["round_in_set"],
                "up": started["up"],
                "bell": dict(state.bell or {}),
                "tables": [table_record(t) for t in state.tables],
            }
        )

    pot = rules.contribution * len(ids)
    people_ids = [p["id"] for p in people]
    state, _ = finish(state, rules, people_ids, ghosts, prize_table, pot, rng, history)
    return {
        "rules": rules.to_dict(),
        "players": people,
        "rounds_planned": rules.rounds,
        "rounds": rounds,
        "totals": state.totals,
        "fuzzy_die": state.fuzzy,
        "pot": pot,
        "prizes": list(state.prizes),
    }
