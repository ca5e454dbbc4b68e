"""The night's group names. What each group hears is built in `emit.py` and sent after
commit through live.broadcast.

Groups: `night-<id>` (every screen of the night: the bell, the fuzzy die), `night-<id>-watch`
(the dashboard and the big screen: every table's events, the night's snapshots),
`night-<id>-table-<n>` (the phones at table n) and `player-<id>` (one player's phones: their
own snapshot after a round-level change).
"""


def night_group(night_id: int) -> str:
    return f"night-{night_id}"


def watch_group(night_id: int) -> str:
    return f"night-{night_id}-watch"


def table_group(night_id: int, table: int) -> str:
    return f"night-{night_id}-table-{table}"


def player_group(player_id: int) -> str:
    return f"player-{player_id}"
