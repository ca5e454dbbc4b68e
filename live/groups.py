"""The names both apps' sockets meet under: channel-layer groups and the cache keys of the
heartbeat's versions. They are part of the running protocol (a process of the last release
and one of this still reach each other's sockets while a deploy rolls), so the strings stay
as they are. What each group hears: partynight/services/emit.py, games/services/emit.py."""


def night_group(night_id: int) -> str:
    """Every screen of a night: the bell, the fuzzy die."""
    return f"night-{night_id}"


def night_watch_group(night_id: int) -> str:
    """A night's dashboard and big screen: every table's events, the night's snapshots."""
    return f"night-{night_id}-watch"


def table_group(night_id: int, table: int) -> str:
    """The phones at table `table`."""
    return f"night-{night_id}-table-{table}"


def player_group(player_id: int) -> str:
    """One player's phones on the night's page: their own snapshot."""
    return f"player-{player_id}"


def link_group(player_id: int) -> str:
    """Every socket opened with a player's link (phone page and rooms): revoking the link
    (partynight.services.emit.link_revoked) closes them all."""
    return f"link-player-{player_id}"


def room_player_group(room_id: int, player_id: int) -> str:
    """A player's phones in a card room, seated or not: their own frame, which also tells the
    socket where they sit now (so it follows them between groups without a query)."""
    return f"room-{room_id}-player-{player_id}"


def room_watch_group(room_id: int) -> str:
    """A card room's spectators, its big screen and phones without a seat: the public view."""
    return f"room-{room_id}-watch"


def night_versions_key(night_id: int) -> str:
    """Where a night's current versions wait for its sockets' heartbeat."""
    return f"live:versions:{night_id}"


def room_versions_key(room_id: int) -> str:
    """Where a card room's current version waits for its sockets' heartbeat."""
    return f"rooms:versions:{room_id}"
