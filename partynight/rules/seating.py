"""Table names and the starting draw of seats."""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from .errors import RulesError

MIN_PLAYERS = 4
MAX_PLAYERS = 48


def table_count(players: int) -> int:
    """Tables for `players` real players: ceil(players / 4)."""
    return math.ceil(players / 4)


def table_name(table: int, tables: int) -> str:
    """1 = "Head", the last (with 2+ tables) = "Foot", the rest "Middle"; when there are
    several Middle tables they are numbered from the top: "Middle 1" sits below the Head."""
    if not 1 <= table <= tables:
        raise RulesError(f"there is no table {table} of {tables}")
    if table == 1:
        return "Head"
    if table == tables:
        return "Foot"
    if tables == 3:
        return "Middle"
    return f"Middle {table - 1}"


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
        raise RulesError("each player may be seated only once; the list has duplicates")
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise RulesError(
            f"a Bunco night needs {MIN_PLAYERS} to {MAX_PLAYERS} players, not {len(players)}"
        )
    tables = table_count(len(players))
    starred = rng.sample(players, 4)  # already in random seat order
    starred_set = set(starred)
    rest = [p for p in players if p not in starred_set]
    rest += ghost_ids(tables * 4 - len(players), players)
    rng.shuffle(rest)
    return [starred] + [rest[i : i + 4] for i in range(0, len(rest), 4)]
