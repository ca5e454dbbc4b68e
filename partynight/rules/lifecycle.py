"""The night's steps around play, as reducer steps (see reducer.py): the draw, a guest who
leaves the waiting list, a player who leaves for a ghost, and the host's corrections. Each
takes the state and returns (new state, events) or raises RulesError; the services only
lock, load, reduce, save, log and emit.

    draw(state, seating)                                     the seats (an empty one voids them)
    leave(state, player)                                     a waiting guest goes home
    replace_by_ghost(state, player, ghost)                   a ghost takes a leaver's chair
    take_back(state, rules, table, before, rolls, fuzzy_before, chance)   an undone roll
    adjust_points(state, rules, table, team, delta, chance)
    reassign_bunco(state, rules, table, giver, taker, chance)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from live.words import said

from . import table as tables
from .config import Rules
from .errors import RulesError
from .reducer import (
    Chance,
    Event,
    NightState,
    apply_event,
    correct,
    correctable,
    fuzzy_moved,
    take_chair,
)


def draw(state: NightState, seating: Sequence[Sequence[str]]) -> tuple[NightState, list[Event]]:
    """The host draws the seats, again if they like, until the first round starts; the draw
    seats everyone who was waiting. No seating voids the draw (a player was removed)."""
    if state.round or state.state != "seating":
        message = said("Play has started; the seats can no longer be redrawn.")
        raise RulesError(message, "wrong_state")
    event: Event = {"type": "seats_drawn", "seating": [list(t) for t in seating]}
    return apply_event(state, event), [event]


def leave(state: NightState, player: str) -> tuple[NightState, list[Event]]:
    """A guest still waiting for a chair goes home: nothing drawn changes."""
    if player not in state.waiting:
        raise RulesError(said("That guest is not waiting for a chair."), "not_found")
    event: Event = {"type": "left", "player": player}
    return apply_event(state, event), [event]


def replace_by_ghost(state: NightState, player: str, ghost: str) -> tuple[NightState, list[Event]]:
    """A player leaves during the night: `ghost` takes their chair now and in the seating
    to come; what they won so far stays theirs."""
    if state.state not in ("playing", "break"):
        raise RulesError(said("Before play starts, simply remove the player."), "wrong_state")
    return take_chair(state, "replaced", player, ghost, True)


def take_back(
    state: NightState,
    rules: Rules,
    table: int,
    before: Mapping[str, Any],
    rolls: Sequence[Mapping[str, Any]],
    fuzzy_before: str | None,
    chance: Chance,
) -> tuple[NightState, list[Event]]:
    """Undo `rolls` (their outcomes, newest first) at `table`, which stood at `before` when
    the oldest was rolled; the fuzzy die goes back to `fuzzy_before` if the newest Bunco
    among them gave it to its holder."""
    if any(r["rings_bell"] for r in rolls):
        message = said("That roll rang the bell; adjust the points instead.")
        raise RulesError(message, "wrong_state")
    new, events = correct(state, rules, table, tables.TableRound.from_dict(before), chance)
    buncos = [r["credited"] for r in rolls if r["credited"]]
    if buncos and state.fuzzy == buncos[0]:
        new, more = move_fuzzy(new, fuzzy_before)
        events += more
    return new, events


def adjust_points(
    state: NightState, rules: Rules, table: int, team: str, delta: int, chance: Chance
) -> tuple[NightState, list[Event]]:
    """The host adds `delta` points to `team` at `table` (table.adjust_points)."""
    return correct(
        state, rules, table, tables.adjust_points(correctable(state, table), team, delta), chance
    )


def reassign_bunco(
    state: NightState, rules: Rules, table: int, giver: str, taker: str, chance: Chance
) -> tuple[NightState, list[Event]]:
    """A Bunco credited to `giver` was `taker`'s; the fuzzy die follows it if `giver` held it."""
    moved = tables.move_bunco(correctable(state, table), giver, taker)
    new, events = correct(state, rules, table, moved, chance)
    if state.fuzzy == giver:
        new, more = move_fuzzy(new, taker)
        events += more
    return new, events


def move_fuzzy(state: NightState, holder: str | None) -> tuple[NightState, list[Event]]:
    """A correction gave the fuzzy die back or on (an undone or moved Bunco)."""
    if holder == state.fuzzy:
        return state, []
    event = fuzzy_moved(state, holder)
    return apply_event(state, event), [event]
