"""The night's group names (live/groups.py, where the card rooms' are too). What each group
hears is built in `emit.py` and sent after commit through live.broadcast.

Groups: `night-<id>` (every screen of the night: the bell, the fuzzy die), `night-<id>-watch`
(the dashboard and the big screen: every table's events, the night's snapshots),
`night-<id>-table-<n>` (the phones at table n) and `player-<id>` (one player's phones: their
own snapshot after a round-level change).
"""

from live.groups import night_group, player_group, table_group
from live.groups import night_watch_group as watch_group

__all__ = ["night_group", "player_group", "table_group", "watch_group"]
