"""Table names and the starting draw of seats."""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from live.words import Words, said, said_in

from .errors import RulesError

MIN_PLAYERS = 4
MAX_PLAYERS = 48


def table_count(players: int) -> int:
    """Tables for `players` real players: ceil(players / 4)."""
    return math.ceil(players / 4)


def table_name(table: int, tables: int) -> Words:
    """1 = "Head", the last (with 2+ tables) = "Foot", the rest "Middle"; when there are
    several Middle tables they are numbered from the top: "Middle 1" sits below the Head.
    Words for people: data (keys, sorting, exports) uses the table's number."""
    if not 1 <= table <= tables:
        raise RulesError(
            said("there is no table %(table)s of %(tables)s", table=table, tables=tables)
        )
    if table == 1:
        return said_in("table", "Head")
    if table == tables:
        return said_in("table", "Foot")
    if tables == 3:
        return said_in("table", "Middle")
    return said_in("table", "Middle %(n)s", n=table - 1)


def table_seat(table: int, tables: int, seat: int) -> Words:
    """ "Foot table, seat 3": a chair as people name it (`seat` 0..3, shown 1..4)."""
    return said("%(table)s table, seat %(seat)s", table=table_name(table, tables), seat=seat + 1)


def ghost_ids(count: int, taken: Sequence[str] = ()) -> list[str]:
    """`count` ghost ids "g1", "g2", ..., skipping any id a real player already uses."""
    used = set(taken)
    ids: list[str] = []
    number = 1
    while len(ids) < count:
        candidate = f"g{number}"
        if candidate not in used:
            ids.append(candidate)
        number += 1
    return ids


def draw_seats(player_ids: Sequence[str], rng: random.Random) -> list[list[str]]:
    """The starting seats: tables of 4, table 1 (Head) first.

    Four random players draw the starred sheets and sit at the Head table in random seats;
    everyone else, plus the ghosts that fill the empty seats (see `ghost_ids`), is seated at
    random on the other tables. The ghosts are the ids that are not in `player_ids`.
    """
    players = list(player_ids)
    if len(set(players)) != len(players):
        raise RulesError(said("each player may be seated only once; the list has duplicates"))
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise RulesError(
            said(
                "a Bunco night needs %(least)s to %(most)s players, not %(count)s",
                least=MIN_PLAYERS,
                most=MAX_PLAYERS,
                count=len(players),
            )
        )
    tables = table_count(len(players))
    starred = rng.sample(players, 4)  # already in random seat order
    starred_set = set(starred)
    rest = [p for p in players if p not in starred_set]
    rest += ghost_ids(tables * 4 - len(players), players)
    rng.shuffle(rest)
    return [starred] + [rest[i : i + 4] for i in range(0, len(rest), 4)]
