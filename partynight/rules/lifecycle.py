"""The night's steps around play, as reducer steps (see reducer.py): the draw, guests who
arrive after it, wait and leave, who takes a chair, and the host's corrections. Each
takes the state and returns (new state, events) or raises RulesError; the services only
lock, load, reduce, save, log and emit.

    draw(state, seating)                                     the seats (an empty one voids them)
    arrive(state, player)                                    a guest after the draw waits
    leave(state, player)                                     a waiting guest goes home
    seat_waiting(state, player, ghost, ghosts)               ... takes a ghost's chair
    replace_by_ghost(state, player, ghost)                   a ghost takes a leaver's chair
    take_back(state, rules, table, before, rolls, fuzzy_before, chance)   an undone roll
    adjust_points(state, rules, table, team, delta, chance)
    reassign_bunco(state, rules, table, giver, taker, chance)
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
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
    chair_taken,
    correct,
    correctable,
    fuzzy_moved,
    seated_anywhere,
)
from .table import replace_player


def draw(state: NightState, seating: Sequence[Sequence[str]]) -> tuple[NightState, list[Event]]:
    """The host draws the seats, again if they like, until the first round starts; the draw
    seats everyone who was waiting. No seating voids the draw (a player was removed)."""
    if state.round or state.state != "seating":
        message = said("Play has started; the seats can no longer be redrawn.")
        raise RulesError(message, "wrong_state")
    event: Event = {"type": "seats_drawn", "seating": [list(t) for t in seating]}
    return apply_event(state, event), [event]


def arrive(state: NightState, player: str) -> tuple[NightState, list[Event]]:
    """A guest joins once the seats are drawn: they wait for the host's choice (a ghost's
    chair now, a redraw before play, or the next round); nothing drawn or played changes."""
    if state.state == "finished":
        raise RulesError(said("The night is over."), "wrong_state")
    if not state.seating and not state.tables:
        raise RulesError(said("The seats are not drawn yet: simply add the guest."), "wrong_state")
    if player in state.waiting or seated_anywhere(state, player):
        raise RulesError(said("That guest is already at the night."), "duplicate")
    event: Event = {"type": "arrived", "player": player}
    return apply_event(state, event), [event]


def seat_waiting(
    state: NightState, player: str, ghost: str, ghosts: Collection[str]
) -> tuple[NightState, list[Event]]:
    """A waiting guest takes `ghost`'s chair: in the seating to come and, while a round is
    played, at the ghost's table now, where the team's points stay (their score starts at
    that chair's)."""
    if player not in state.waiting:
        raise RulesError(said("That guest is not waiting for a chair."), "not_found")
    if ghost not in ghosts or not seated_anywhere(state, ghost):
        raise RulesError(said("That chair is not a ghost's: choose another."), "not_found")
    return take_chair(state, "late_seated", ghost, player, False)


def take_chair(
    state: NightState, kind: str, old: str, new: str, new_is_ghost: bool
) -> tuple[NightState, list[Event]]:
    """`new` sits wherever `old` sits: in the seating to come and, while a round is played,
    at `old`'s table now, where the team's points stay. `kind` is the event: "late_seated"
    (a waiting guest takes a ghost's chair) or "replaced" (a ghost takes a leaver's)."""
    if not seated_anywhere(state, old):
        raise RulesError(said("That player is not at this night."), "not_found")
    events = [chair_taken(state, kind, old, new)]
    state = apply_event(state, events[0])
    table = state.table_of(old)
    if table is not None and state.round_state != "done":
        moved = replace_player(table, old, new, new_is_ghost)
        events.append(
            {
                "type": "table_corrected",
                "round": state.round,
                "table": table.table,
                "state": moved.to_dict(),
            }
        )
        state = apply_event(state, events[-1])
    return state, events


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
        new, more = move_fuzzy(new, fuzzy_before, "undone")
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
        new, more = move_fuzzy(new, taker, "moved")
        events += more
    return new, events


def move_fuzzy(
    state: NightState, holder: str | None, correction: str
) -> tuple[NightState, list[Event]]:
    """A correction gave the fuzzy die back or on: `correction` is "undone" (the Bunco that
    gave it never happened) or "moved" (the Bunco was `holder`'s)."""
    if holder == state.fuzzy:
        return state, []
    event = {**fuzzy_moved(state, holder), "correction": correction}
    return apply_event(state, event), [event]


def fuzzy_holders(moves: Iterable[Mapping[str, Any]]) -> list[str]:
    """Who held the fuzzy die, oldest first, from its `fuzzy_moved` events: a holder whose
    Bunco was undone or moved to someone else never held it (the Traveling prize's
    fallbacks, rules/prizes.py)."""
    held: list[str] = []
    for move in moves:
        if move.get("correction") and held:
            held.pop()  # the mistaken holder
        holder = move["holder"]
        if holder and (not held or held[-1] != holder):
            held.append(holder)
    return held
