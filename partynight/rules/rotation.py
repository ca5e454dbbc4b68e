"""Moving after a round: "winners walk, losers sit".

Head table: the winners stay (one moves over a chair) and the losers go down one table.
Other tables: winners go up one, losers down one; at the Foot table the losers stay (one
moves over a chair). Each table then holds two pairs (arriving or staying) and every new team
has one player from each pair, so nobody keeps their partner. With one table the winners stay
as above and the losers take the two free chairs: partners simply switch.

Chairs: the staying pair's first player (drawn at random) keeps their chair s, the other
moves over to s + 1, and the arriving pair fills s + 2 and s + 3 (someone who was already in
one of those chairs keeps it). A table where nobody stays is filled at random: one pair in
seats 0 and 1, the other in 2 and 3. Ghosts move like players.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from live.words import Text, Words, said

from .errors import RulesError
from .seating import table_name

Pair = tuple[str, str]


@dataclass(frozen=True)
class Move:
    """Where one player goes for the next round. Seats are 0..3 here; people see 1..4."""

    player: str
    result: str  # "W" | "L" in the round just played
    from_table: int
    from_seat: int
    to_table: int
    to_seat: int
    partner: str
    to_table_name: Text  # Words (a night saved before the languages: the English name)

    @property
    def stays_at_table(self) -> bool:
        return self.from_table == self.to_table

    def to_dict(self) -> dict[str, Any]:
        return dataclasses.asdict(self)


@dataclass(frozen=True)
class Rotation:
    """The next round's seating (tables of 4, Head first) and each player's move."""

    tables: list[list[str]]
    moves: dict[str, Move]

    def to_dict(self) -> dict[str, Any]:
        return {
            "tables": [list(t) for t in self.tables],
            "moves": {p: m.to_dict() for p, m in self.moves.items()},
        }


def rotate(tables: Sequence[Sequence[str]], winners: Sequence[str], rng: random.Random) -> Rotation:
    """Seat the next round from each table's seats (Head first) and winning team."""
    count = len(tables)
    if count == 0:
        raise RulesError(said("there are no tables to move"))
    if len(winners) != count:
        raise RulesError(
            said(
                "need a winner for each of the %(count)s tables, got %(winners)s",
                count=count,
                winners=len(winners),
            )
        )
    seen: set[str] = set()
    for number, seats in enumerate(tables, start=1):
        if len(seats) != 4:
            raise RulesError(
                said("table %(table)s has %(seats)s seats, not 4", table=number, seats=len(seats))
            )
        if seen & set(seats) or len(set(seats)) != 4:
            raise RulesError(said("a player is seated twice (table %(table)s)", table=number))
        seen |= set(seats)
        if winners[number - 1] not in ("A", "B"):
            raise RulesError(
                said(
                    "table %(table)s: the winner is A or B, not %(winner)s",
                    table=number,
                    winner=repr(winners[number - 1]),
                )
            )

    def pair(table: int, won: bool) -> Pair:
        seats = tables[table - 1]
        team_a_won = winners[table - 1] == "A"
        first = 0 if team_a_won == won else 1
        return (seats[first], seats[first + 2])

    old_place = {p: (t, s) for t, seats in enumerate(tables, start=1) for s, p in enumerate(seats)}
    new_tables: list[list[str]] = []
    for table in range(1, count + 1):
        if count == 1:
            new_tables.append(_seat_with_stayers(1, pair(1, True), pair(1, False), old_place, rng))
        elif table == 1:
            new_tables.append(_seat_with_stayers(1, pair(1, True), pair(2, True), old_place, rng))
        elif table == count:
            stay, arrive = pair(count, False), pair(count - 1, False)
            new_tables.append(_seat_with_stayers(table, stay, arrive, old_place, rng))
        else:
            new_tables.append(_seat_arrivals(pair(table - 1, False), pair(table + 1, True), rng))

    won = {p for t in range(1, count + 1) for p in pair(t, True)}
    moves: dict[str, Move] = {}
    for table, seats in enumerate(new_tables, start=1):
        for seat, player in enumerate(seats):
            from_table, from_seat = old_place[player]
            moves[player] = Move(
                player=player,
                result="W" if player in won else "L",
                from_table=from_table,
                from_seat=from_seat,
                to_table=table,
                to_seat=seat,
                partner=seats[(seat + 2) % 4],
                to_table_name=table_name(table, count),
            )
    return Rotation(new_tables, moves)


def next_table(table: int, tables: int, won: bool) -> int:
    """The table a player goes to once their table is done, known before the other tables
    finish: winners go up one (the Head table's stay), losers go down one (the Foot
    table's stay)."""
    if won:
        return max(table - 1, 1)
    return min(table + 1, tables)


def describe_move(move: Move, names: Mapping[str, str] | None = None) -> Words:
    """A sentence for the player's phone, e.g. "Move to the Middle table, seat 3; your
    partner is Ann." Seats are shown 1..4."""
    names = names or {}
    words = {
        "table": move.to_table_name,
        "seat": move.to_seat + 1,
        "partner": names.get(move.partner, move.partner),
    }
    if not move.stays_at_table:
        return said(
            "Move to the %(table)s table, seat %(seat)s; your partner is %(partner)s.", **words
        )
    if move.to_seat == move.from_seat:
        return said(
            "Stay at the %(table)s table, seat %(seat)s; your partner is %(partner)s.", **words
        )
    return said(
        "Stay at the %(table)s table, move to seat %(seat)s; your partner is %(partner)s.",
        **words,
    )


def _seat_with_stayers(
    table: int,
    stay: Pair,
    arrive: Pair,
    old_place: dict[str, tuple[int, int]],
    rng: random.Random,
) -> list[str]:
    first, second = rng.sample(stay, 2)
    chair = old_place[first][1]
    seats: list[str | None] = [None] * 4
    seats[chair] = first
    seats[(chair + 1) % 4] = second  # moves over a chair: now on the other team
    free = [(chair + 2) % 4, (chair + 3) % 4]
    comers = list(rng.sample(arrive, 2))
    for player in list(comers):
        old_table, old_seat = old_place[player]
        if old_table == table and old_seat in free:  # already in a free chair: keep it
            seats[old_seat] = player
            free.remove(old_seat)
            comers.remove(player)
    for player, seat in zip(comers, free, strict=True):
        seats[seat] = player
    return seats  # type: ignore[return-value]


def _seat_arrivals(from_above: Pair, from_below: Pair, rng: random.Random) -> list[str]:
    first, second = rng.sample([from_above, from_below], 2)
    a1, a2 = rng.sample(first, 2)
    b1, b2 = rng.sample(second, 2)
    return [a1, a2, b1, b2]  # teams (a1, b1) and (a2, b2): each pair is split
