"""One table's round as a pure state machine.

Phases: "playing" -> (bell) -> "finishing" (other tables: the current roller ends the turn)
-> "rolloff" (only on a tie) -> "done". The Head table, and the table whose roll rang the
bell, skip "finishing" and stop at once. Every function returns a new `TableRound`; none
changes its input, so services can keep the old state until their transaction commits.

Seats are 0..3 clockwise; team A = seats 0 and 2, team B = seats 1 and 3; the dice pass to
the left, i.e. to seat + 1.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from live.words import said

from .config import Rules
from .dice import Dice, check_dice
from .errors import RulesError
from .plain import shallow_dict
from .scoring import score_roll

HEAD_TABLE = 1
PHASES = ("playing", "finishing", "rolloff", "done")
TEAMS = ("A", "B")


def team_of(seat: int) -> str:
    return TEAMS[seat % 2]


def partner_seat(seat: int) -> int:
    return (seat + 2) % 4


@dataclass(frozen=True)
class Turn:
    """Who has the dice at a table."""

    seat: int
    player: str
    is_ghost: bool


@dataclass(frozen=True)
class TableRound:
    """The state of one table during one round; `to_dict()` is plain JSON."""

    table: int
    seats: tuple[str, str, str, str]
    up: int
    ghosts: tuple[str, ...] = ()
    points: tuple[int, int] = (0, 0)  # [team A, team B], roll-off points included
    roller: int = 0  # seat holding the dice
    phase: str = "playing"
    turn_rolls: int = 0  # rolls in the current turn; 0 = the dice were just passed
    last_roller: int | None = None
    buncos: dict[str, int] = field(default_factory=dict)  # Bunco tallies credited this round
    rolloffs: int = 0  # roll-offs started at this table this round
    rolloff_turns: int = 0  # complete turns taken in the current roll-off (0..4)
    rolls: int = 0
    winner: str | None = None  # "A" | "B" once done

    @property
    def is_head(self) -> bool:
        return self.table == HEAD_TABLE

    @property
    def is_done(self) -> bool:
        return self.phase == "done"

    def team_players(self, team: str) -> tuple[str, str]:
        first = TEAMS.index(team)
        return (self.seats[first], self.seats[first + 2])

    def to_dict(self) -> dict[str, Any]:
        data = shallow_dict(self)
        data["seats"] = list(self.seats)
        data["ghosts"] = list(self.ghosts)
        data["points"] = list(self.points)
        data["buncos"] = dict(self.buncos)
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> TableRound:
        known = {f.name for f in dataclasses.fields(cls)}
        unknown = set(data) - known
        if unknown:
            raise RulesError(
                said("unknown table-round field(s): %(fields)s", fields=", ".join(sorted(unknown)))
            )
        values = dict(data)
        for name in ("seats", "ghosts", "points"):
            if name in values:
                values[name] = tuple(values[name])
        values["buncos"] = dict(values.get("buncos", {}))
        state = cls(**values)
        _check_state(state)
        return state


@dataclass(frozen=True)
class RollOutcome:
    """What one roll did, for the phones and the event log."""

    table: int
    seat: int
    player: str
    dice: Dice
    up: int
    kind: str  # "bunco" | "mini_bunco" | "points" | "wipeout" | "miss"
    points: int  # added to the roller's team
    team: str
    wiped: int  # points the team lost to a wipeout
    credited: str | None  # who gets the Bunco tally and the fuzzy die (None: nobody)
    turn_passes: bool
    rings_bell: str | None  # "target" | "bunco" when THIS roll rings the bell
    table_stopped: bool  # this roll ended play at the table (now "rolloff" or "done")
    phase: str  # the table's phase after the roll
    points_after: tuple[int, int]

    def to_dict(self) -> dict[str, Any]:
        data = shallow_dict(self)
        data["dice"] = list(self.dice)
        data["points_after"] = list(self.points_after)
        return data


def start_table_round(
    table: int,
    seats: Sequence[str],
    up: int,
    ghosts: Iterable[str] = (),
    first_seat: int = 0,
) -> TableRound:
    """A fresh round at `table` (1 = Head); `ghosts` may list any ids, only those seated
    here are kept. `first_seat` is where the table's turn marker points."""
    seated = set(seats)
    state = TableRound(
        table=table,
        seats=tuple(seats),  # type: ignore[arg-type]
        up=up,
        ghosts=tuple(sorted(g for g in set(ghosts) if g in seated)),
        roller=first_seat,
    )
    _check_state(state)
    return state


def whose_turn(state: TableRound) -> Turn | None:
    """Who rolls next, or None when the table is done."""
    if state.is_done:
        return None
    player = state.seats[state.roller]
    return Turn(state.roller, player, player in state.ghosts)


def bunco_credit(state: TableRound, seat: int) -> str | None:
    """Who gets the tally for a Bunco rolled from `seat`: the roller, a ghost's teammate,
    or nobody when both partners are ghosts."""
    for candidate in (state.seats[seat], state.seats[partner_seat(seat)]):
        if candidate not in state.ghosts:
            return candidate
    return None


def bunco_holder(current: str | None, outcome: RollOutcome) -> str | None:
    """Who holds the fuzzy die after `outcome`: whoever is credited with a Bunco takes it."""
    if outcome.kind == "bunco" and outcome.credited is not None:
        return outcome.credited
    return current


def next_first_seat(state: TableRound) -> int:
    """Where the turn marker points next round: left of the last roller at this table."""
    if state.last_roller is None:
        return state.roller
    return (state.last_roller + 1) % 4


def apply_roll(
    state: TableRound, dice: Sequence[int], rules: Rules
) -> tuple[TableRound, RollOutcome]:
    """The roller at `state.roller` rolls `dice`; returns the new state and what happened."""
    if state.is_done:
        raise RulesError(
            said(
                "table %(table)s has finished this round; wait for the next one", table=state.table
            )
        )
    dice = check_dice(dice)
    seat = state.roller
    team_index = seat % 2
    score = score_roll(dice, state.up, rules)
    points = list(state.points)
    wiped = 0
    if score.kind == "wipeout":
        wiped, points[team_index] = points[team_index], 0
    else:
        points[team_index] += score.points
    buncos = dict(state.buncos)
    credited = None
    if score.kind == "bunco":
        credited = bunco_credit(state, seat)
        if credited is not None:
            buncos[credited] = buncos.get(credited, 0) + 1

    rings = None
    if state.phase == "playing":
        if score.kind == "bunco" and (state.is_head or rules.any_table_bunco):
            rings = "bunco"
        elif state.is_head and points[team_index] >= rules.target:
            rings = "target"

    turn_passes = not score.turn_continues
    new = dataclasses.replace(
        state,
        points=(points[0], points[1]),
        buncos=buncos,
        rolls=state.rolls + 1,
        last_roller=seat,
        turn_rolls=0 if turn_passes else state.turn_rolls + 1,
        roller=(seat + 1) % 4 if turn_passes else seat,
    )
    if rings is not None:
        new = _stop(new)  # the ringing table stops at once
    elif state.phase == "finishing" and turn_passes:
        new = _stop(new)  # the roller has finished the turn
    elif state.phase == "rolloff" and turn_passes:
        new = _end_rolloff_turn(new)
    outcome = RollOutcome(
        table=state.table,
        seat=seat,
        player=state.seats[seat],
        dice=dice,
        up=state.up,
        kind=score.kind,
        points=score.points,
        team=TEAMS[team_index],
        wiped=wiped,
        credited=credited,
        turn_passes=turn_passes,
        rings_bell=rings,
        table_stopped=state.phase in ("playing", "finishing") and new.phase != state.phase,
        phase=new.phase,
        points_after=new.points,
    )
    return new, outcome


def ring_bell(state: TableRound, at_once: bool = False) -> TableRound:
    """The bell has rung. The Head table (or any table with `at_once`) stops now; another
    table stops when the current roller's turn ends (at once if the dice were just passed).
    Ringing a table that already heard the bell changes nothing."""
    if state.phase != "playing":
        return state
    if at_once or state.is_head or state.turn_rolls == 0:
        return _stop(state)
    return dataclasses.replace(state, phase="finishing")


def _stop(state: TableRound) -> TableRound:
    """Play has stopped: the higher team wins, a tie starts a roll-off."""
    if state.points[0] == state.points[1]:
        return dataclasses.replace(
            state, phase="rolloff", rolloffs=state.rolloffs + 1, rolloff_turns=0, turn_rolls=0
        )
    winner = "A" if state.points[0] > state.points[1] else "B"
    return dataclasses.replace(state, phase="done", winner=winner, turn_rolls=0)


def _end_rolloff_turn(state: TableRound) -> TableRound:
    turns = state.rolloff_turns + 1
    if turns < 4:
        return dataclasses.replace(state, rolloff_turns=turns)
    return _stop(state)  # all 4 seats have rolled: decide, or roll off again


def _check_state(state: TableRound) -> None:
    if len(state.seats) != 4 or len(set(state.seats)) != 4:
        raise RulesError(
            said(
                "table %(table)s needs 4 different players, got %(seats)s",
                table=state.table,
                seats=str(state.seats),
            )
        )
    if state.table < 1:
        raise RulesError(said("tables are numbered from 1, not %(table)s", table=state.table))
    if not 1 <= state.up <= 6:
        raise RulesError(said("the number up is 1 to 6, not %(up)s", up=state.up))
    if not 0 <= state.roller <= 3:
        raise RulesError(said("seats are 0 to 3, not %(seat)s", seat=state.roller))
    if state.phase not in PHASES:
        raise RulesError(said("unknown phase %(phase)s", phase=repr(state.phase)))
    if len(state.points) != 2:
        raise RulesError(said("points are [team A, team B]"))


def adjust_points(state: TableRound, team: str, delta: int) -> TableRound:
    """A host's correction: add `delta` (may be negative) to `team`'s points. A table that
    had finished is decided again on the new points (a tie starts a roll-off)."""
    if team not in TEAMS:
        raise RulesError(said("the team is A or B, not %(team)s", team=repr(team)))
    points = list(state.points)
    points[TEAMS.index(team)] += delta
    if points[TEAMS.index(team)] < 0:
        raise RulesError(
            said(
                "team %(team)s would have %(points)s points",
                team=team,
                points=points[TEAMS.index(team)],
            )
        )
    new = dataclasses.replace(state, points=(points[0], points[1]))
    return _stop(new) if state.is_done else new


def move_bunco(state: TableRound, from_player: str, to_player: str) -> TableRound:
    """A host's correction: the Bunco tally credited to `from_player` belongs to `to_player`
    (someone at the same table)."""
    if state.buncos.get(from_player, 0) < 1:
        raise RulesError(said("that player has no Bunco at this table this round"))
    if to_player not in state.seats or to_player in state.ghosts:
        raise RulesError(said("a Bunco can only move to a player at this table"))
    buncos = dict(state.buncos)
    buncos[from_player] -= 1
    if not buncos[from_player]:
        del buncos[from_player]
    buncos[to_player] = buncos.get(to_player, 0) + 1
    return dataclasses.replace(state, buncos=buncos)


def replace_player(state: TableRound, old: str, new: str, new_is_ghost: bool) -> TableRound:
    """Someone else takes `old`'s chair (a ghost for a player who left, or a late arrival in
    a ghost's chair); points and turn stay as they are."""
    if old not in state.seats:
        return state
    seats = tuple(new if p == old else p for p in state.seats)
    ghosts = tuple(sorted((set(state.ghosts) - {old}) | ({new} if new_is_ghost else set())))
    return dataclasses.replace(state, seats=seats, ghosts=ghosts)  # type: ignore[arg-type]
