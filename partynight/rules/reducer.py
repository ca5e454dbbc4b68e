"""The night as one pure reducer: every action takes the night's state and returns the new
state and the events that happened, in order. The services lock, load, reduce, save, log and
emit; the simulation drives the same functions; the clients receive the same events.

    start_round(state, rules, ghosts, chance)       -> (state, events)
    roll(state, rules, table, dice, chance, entry)  -> (state, events)
    ring(state, rules, chance)                      -> (state, events)  the host's bell
    correct(state, rules, table, new_table, chance) -> (state, events)  a host's correction
    finish(state, rules, ...)                       -> (state, events)  the prizes

Ghosts roll as soon as the dice reach them; the bell reaches every table; the round ends
when every table is done (rotation, a waiting guest into a ghost's chair, and the break when
the plan says so). `chance(*purpose)`
gives the random.Random for one purpose ("ghost", round, table, rolls) or ("rotate", round),
so the services replay a night from its seed and the simulation shares one generator.

The draw, guests arriving and leaving, who takes a chair, and the host's corrections
are rules/lifecycle.py's steps.
`apply_event(state, event)` folds an event onto a state: replaying a night's events onto its
first state gives its last (the events carry the state they changed).
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from live.words import said

from .config import Rules
from .dice import roll_dice
from .entry import dice_for_entry
from .errors import RulesError
from .night import add_table_result, empty_totals, fuzzy_die_start, round_plan
from .prizes import award_prizes
from .rotation import rotate
from .table import (
    TableRound,
    apply_roll,
    bunco_holder,
    next_first_seat,
    ring_bell,
)
from .table import start_table_round as start_table

Chance = Callable[..., random.Random]
Event = dict[str, Any]
GHOST_ROLL_LIMIT = 500  # a safety net: a ghost's turn is a handful of rolls
NIGHT_STATES = ("seating", "playing", "break", "finished")
# every event apply_event folds (the night's log holds them under these kinds)
EVENTS = (
    "seats_drawn",
    "arrived",
    "left",
    "late_seated",
    "replaced",
    "round_started",
    "roll_scored",
    "fuzzy_moved",
    "bell",
    "bell_heard",
    "table_done",
    "table_corrected",
    "round_done",
    "break",
    "night_over",
)
ROUND_STATES = ("playing", "finishing", "done")


@dataclass(frozen=True)
class NightState:
    """Everything the rules need about a night in play; `to_dict()` is plain JSON.

    `tables` are the current round's (Head first); `seating` is the seating to play next
    (the draw, or the rotation once a round is done); `totals` count finished rounds only;
    `moves` are the last finished round's moves."""

    state: str = "seating"
    round: int = 0
    round_state: str | None = None
    bell: dict[str, Any] | None = None
    tables: tuple[TableRound, ...] = ()
    fuzzy: str | None = None
    seating: tuple[tuple[str, ...], ...] = ()
    moves: dict[str, Any] = field(default_factory=dict)
    totals: dict[str, dict[str, int]] = field(default_factory=dict)
    prizes: tuple[dict[str, Any], ...] = ()
    waiting: tuple[str, ...] = ()  # guests who arrived after the draw, oldest first

    def table(self, number: int) -> TableRound:
        if not isinstance(number, int) or not 1 <= number <= len(self.tables):
            raise RulesError(said("There is no such table this round."), "not_found")
        return self.tables[number - 1]

    def table_of(self, player: str) -> TableRound | None:
        return next((t for t in self.tables if player in t.seats), None)

    def to_dict(self) -> dict[str, Any]:
        return {
            "state": self.state,
            "round": self.round,
            "round_state": self.round_state,
            "bell": self.bell,
            "tables": [t.to_dict() for t in self.tables],
            "fuzzy": self.fuzzy,
            "seating": [list(t) for t in self.seating],
            "moves": self.moves,
            "totals": self.totals,
            "prizes": list(self.prizes),
            "waiting": list(self.waiting),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> NightState:
        return cls(
            state=data["state"],
            round=data["round"],
            round_state=data["round_state"],
            bell=data["bell"],
            tables=tuple(TableRound.from_dict(t) for t in data["tables"]),
            fuzzy=data["fuzzy"],
            seating=tuple(tuple(t) for t in data["seating"]),
            moves=dict(data["moves"]),
            totals={k: dict(v) for k, v in data["totals"].items()},
            prizes=tuple(data["prizes"]),
            waiting=tuple(data.get("waiting", ())),
        )


def _with_table(state: NightState, table: TableRound) -> NightState:
    tables = list(state.tables)
    tables[table.table - 1] = table
    return dataclasses.replace(state, tables=tuple(tables))


def start_round(
    state: NightState, rules: Rules, ghosts: Collection[str], chance: Chance
) -> tuple[NightState, list[Event]]:
    """Seat the next round from `state.seating`; ghosts holding the dice roll at once."""
    plan = round_plan(rules)
    if state.state not in ("seating", "playing", "break"):
        raise RulesError(said("Draw the seats before starting play."), "wrong_state")
    if state.round and state.round_state != "done":
        raise RulesError(said("Finish the current round first."), "wrong_state")
    if state.round >= len(plan):
        raise RulesError(said("Every round has been played: award the prizes."), "wrong_state")
    if not state.seating:
        raise RulesError(said("Draw the seats before starting play."), "wrong_state")
    planned = plan[state.round]
    tables = tuple(
        start_table(
            number,
            seats,
            planned.up,
            ghosts,
            next_first_seat(state.tables[number - 1]) if state.tables else 0,
        )
        for number, seats in enumerate(state.seating, 1)
    )
    started: Event = {
        "type": "round_started",
        "round": planned.number,
        "set": planned.set,
        "round_in_set": planned.round,
        "up": planned.up,
        "tables": [t.to_dict() for t in tables],
    }
    events = [started]
    state = apply_event(state, started)
    if state.fuzzy is None:
        events.append(fuzzy_moved(state, fuzzy_die_start([t.seats for t in tables])))
        state = apply_event(state, events[-1])
    for number in range(1, len(tables) + 1):
        state = _ghosts_roll(state, rules, number, chance, events)
    return state, events


def roll(
    state: NightState,
    rules: Rules,
    table: int,
    dice: Sequence[int] | None,
    chance: Chance,
    entry: str | None = None,
) -> tuple[NightState, list[Event]]:
    """Whoever holds the dice at `table` rolls `dice`, or the dice of a phone's `entry`
    (rules.entry); then any ghosts whose turn follows."""
    _check_playing(state)
    if state.table(table).is_done:
        raise RulesError(said("Your table has finished this round."), "table_done")
    if entry is not None:
        dice = dice_for_entry(entry, state.table(table).up, rules.wipeout)
    events: list[Event] = []
    state = _roll_once(state, rules, table, dice, chance, events, ghost=False)
    state = _ghosts_roll(state, rules, table, chance, events)
    return _maybe_end_round(state, rules, chance, events)


def ring(state: NightState, rules: Rules, chance: Chance) -> tuple[NightState, list[Event]]:
    """The host rings the bell by hand."""
    _check_playing(state)
    if state.round_state != "playing":
        raise RulesError(said("The bell has already rung this round."), "already_done")
    events: list[Event] = []
    state = _bell(state, rules, None, "host", chance, events)
    return _maybe_end_round(state, rules, chance, events)


def correct(
    state: NightState, rules: Rules, table: int, new: TableRound, chance: Chance
) -> tuple[NightState, list[Event]]:
    """A host's correction replaced `table`'s state with `new` (see table.adjust_points,
    move_bunco, replace_player, or an undone roll); the round may be over now."""
    correctable(state, table)
    events: list[Event] = [
        {"type": "table_corrected", "round": state.round, "table": table, "state": new.to_dict()}
    ]
    state = apply_event(state, events[0])
    if new.is_done:
        events.append(_done(state, table))
    return _maybe_end_round(state, rules, chance, events)


def correctable(state: NightState, table: int) -> TableRound:
    """The table a host's correction may change: one of the round being played."""
    if state.round_state not in ("playing", "finishing"):
        raise RulesError(said("Corrections apply to the round being played."), "wrong_state")
    return state.table(table)


def ghost_chairs(state: NightState, ghosts: Collection[str]) -> list[str]:
    """The ghosts a waiting guest could replace, in the order of the seating to come."""
    return [key for seats in state.seating for key in seats if key in ghosts]


def finish(
    state: NightState,
    rules: Rules,
    players: Iterable[str],
    ghosts: Collection[str],
    prize_table: Sequence[Mapping[str, Any]] | None,
    pot: int,
    rng: random.Random,
    history: Sequence[str] = (),
) -> tuple[NightState, list[Event]]:
    """Award the prizes and end the night (after at least one finished round)."""
    if state.state == "finished":
        raise RulesError(said("The night is already finished."), "already_done")
    if not state.round:
        raise RulesError(said("Play at least one round before awarding prizes."), "wrong_state")
    if state.round_state != "done":
        raise RulesError(said("Finish the current round before awarding prizes."), "wrong_state")
    totals = standings(state, players)
    prizes = award_prizes(totals, state.fuzzy, ghosts, prize_table, pot, rules, rng, history)
    event: Event = {"type": "night_over", "prizes": prizes}
    return apply_event(state, event), [event]


def standings(state: NightState, players: Iterable[str] = ()) -> dict[str, dict[str, int]]:
    """Wins, losses and Buncos so far: finished rounds, then the current round's finished
    tables and the Buncos credited at tables still playing; `players` start at zero."""
    totals = empty_totals(players)
    for key, row in state.totals.items():
        totals[key] = dict(row)
    if state.round_state == "done":
        return totals  # the current round is in `state.totals` already
    for table in state.tables:
        if table.is_done:
            totals = add_table_result(totals, table.seats, table.winner or "A", table.buncos)
        else:
            totals = add_table_result(totals, (), "A", table.buncos)
    return totals


def apply_event(state: NightState, event: Event) -> NightState:
    """The state after `event` (the replay function: see the module's docstring)."""
    kind = event["type"]
    if kind == "round_started":
        tables = tuple(TableRound.from_dict(t) for t in event["tables"])
        return dataclasses.replace(
            state,
            state="playing",
            round=event["round"],
            round_state="playing",
            bell=None,
            tables=tables,
            moves={},
        )
    if kind in ("roll_scored", "bell_heard", "table_corrected"):
        return _with_table(state, TableRound.from_dict(event["state"]))
    if kind == "fuzzy_moved":
        return dataclasses.replace(state, fuzzy=event["holder"])
    if kind == "bell":
        bell = {"table": event["table"], "reason": event["reason"]}
        return dataclasses.replace(state, round_state="finishing", bell=bell)
    if kind == "table_done":
        return state  # the table's state came with the roll, bell or correction that ended it
    if kind == "round_done":
        return dataclasses.replace(
            state,
            round_state="done",
            seating=tuple(tuple(t) for t in event["seating"]),
            moves=event["moves"],
            totals=event["totals"],
        )
    if kind == "break":
        return dataclasses.replace(state, state="break")
    if kind == "night_over":
        return dataclasses.replace(state, state="finished", prizes=tuple(event["prizes"]))
    if kind == "arrived":
        return dataclasses.replace(state, waiting=(*state.waiting, event["player"]))
    if kind in ("late_seated", "replaced"):
        return dataclasses.replace(
            state,
            seating=tuple(tuple(t) for t in event["seating"]),
            waiting=tuple(k for k in state.waiting if k != event["player"]),
        )
    if kind == "seats_drawn":
        seating = tuple(tuple(t) for t in event["seating"])
        return dataclasses.replace(state, state="seating", seating=seating, waiting=())
    if kind == "left":
        waiting = tuple(k for k in state.waiting if k != event["player"])
        return dataclasses.replace(state, waiting=waiting)
    raise RulesError(said("unknown night event %(kind)s", kind=repr(kind)))


# --- the steps ------------------------------------------------------------------------------


def _check_playing(state: NightState) -> None:
    if state.state != "playing" or state.round_state not in ("playing", "finishing"):
        raise RulesError(said("No round is being played right now."), "wrong_state")


def seated_anywhere(state: NightState, key: str) -> bool:
    in_play = state.round_state != "done" and state.table_of(key) is not None
    return in_play or any(key in seats for seats in state.seating)


def chair_taken(state: NightState, kind: str, old: str, new: str) -> Event:
    """The event of `new` taking `old`'s chair: "player" is always the person (the guest
    who sits, or the one who left), "ghost" the ghost."""
    seating = [[new if k == old else k for k in seats] for seats in state.seating]
    player, ghost = (new, old) if kind == "late_seated" else (old, new)
    return {"type": kind, "player": player, "ghost": ghost, "seating": seating}


def fuzzy_moved(state: NightState, holder: str | None) -> Event:
    return {"type": "fuzzy_moved", "holder": holder, "from": state.fuzzy}


def _done(state: NightState, table: int) -> Event:
    return {
        "type": "table_done",
        "round": state.round,
        "table": table,
        "winner": state.table(table).winner,
    }


def _roll_once(state, rules, number, dice, chance, events, ghost) -> NightState:
    table = state.table(number)
    new, outcome = apply_roll(table, dice, rules)
    scored: Event = {
        "type": "roll_scored",
        "round": state.round,
        "table": number,
        "ghost": ghost,
        "roll": outcome.to_dict(),
        "state": new.to_dict(),
    }
    events.append(scored)
    state = apply_event(state, scored)
    holder = bunco_holder(state.fuzzy, outcome)
    if holder != state.fuzzy:
        events.append(fuzzy_moved(state, holder))
        state = apply_event(state, events[-1])
    if new.is_done:
        events.append(_done(state, number))
    if outcome.rings_bell and state.round_state == "playing":
        state = _bell(state, rules, number, outcome.rings_bell, chance, events)
    return state


def _bell(state, rules, number, reason, chance, events) -> NightState:
    """The ringing table has stopped; the Head table stops at once; every other table
    finishes the current turn (ghosts finish theirs straight away)."""
    events.append({"type": "bell", "round": state.round, "table": number, "reason": reason})
    state = apply_event(state, events[-1])
    for table in state.tables:
        if table.table == number:
            continue
        rung = ring_bell(table)
        if rung != table:
            heard = {
                "type": "bell_heard",
                "round": state.round,
                "table": table.table,
                "state": rung.to_dict(),
            }
            events.append(heard)
            state = apply_event(state, heard)
            if rung.is_done:
                events.append(_done(state, table.table))
        state = _ghosts_roll(state, rules, table.table, chance, events)
    return state


def _ghosts_roll(state, rules, number, chance, events) -> NightState:
    """Roll for ghosts while one holds the dice at `number`, one roll at a time."""
    for _ in range(GHOST_ROLL_LIMIT):
        table = state.table(number)
        if table.is_done or table.seats[table.roller] not in table.ghosts:
            return state
        dice = roll_dice(chance("ghost", state.round, number, table.rolls))
        state = _roll_once(state, rules, number, dice, chance, events, ghost=True)
    raise RuntimeError(f"ghosts at table {number} rolled {GHOST_ROLL_LIMIT} times")


def _maybe_end_round(state, rules, chance, events) -> tuple[NightState, list[Event]]:
    """Once every table is done: where everyone moves; maybe the break."""
    if state.round_state == "done" or not all(t.is_done for t in state.tables):
        return state, events
    winners = [t.winner or "" for t in state.tables]
    rotation = rotate([t.seats for t in state.tables], winners, chance("rotate", state.round))
    totals = {k: dict(v) for k, v in state.totals.items()}
    for table in state.tables:
        totals = add_table_result(totals, table.seats, table.winner or "A", table.buncos)
    done: Event = {
        "type": "round_done",
        "round": state.round,
        "winners": winners,
        "moves": rotation.to_dict()["moves"],
        "seating": rotation.tables,
        "totals": totals,
    }
    events.append(done)
    state = apply_event(state, done)
    ghosts = {g for t in state.tables for g in t.ghosts}
    for player, ghost in zip(state.waiting, ghost_chairs(state, ghosts), strict=False):
        events.append(chair_taken(state, "late_seated", ghost, player))  # the rotation
        state = apply_event(state, events[-1])
    if round_plan(rules)[state.round - 1].break_after:
        events.append({"type": "break", "round": state.round})
        state = apply_event(state, events[-1])
    return state, events
