"""Group names and after-commit broadcasts.

Groups: `night-<id>` (every screen of the night: night-level events), `night-<id>-watch`
(the dashboard and the big screen: every table's events too), `night-<id>-table-<n>` (the
phones at table n) and `player-<id>` (one player's phones). Messages are sent only after the
transaction commits, so nobody ever sees a state that was rolled back.
"""

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import transaction


def night_group(night_id: int) -> str:
    return f"night-{night_id}"


def watch_group(night_id: int) -> str:
    return f"night-{night_id}-watch"


def table_group(night_id: int, table: int) -> str:
    return f"night-{night_id}-table-{table}"


def player_group(player_id: int) -> str:
    return f"player-{player_id}"


def send_after_commit(groups: list[str], message: dict) -> None:
    """Queue `message` (a consumer event: {"type": "handler.name", ...}) for `groups`."""

    def send():
        layer = get_channel_layer()
        for group in groups:
            async_to_sync(layer.group_send)(group, message)

    transaction.on_commit(send)


def table_changed(night_id: int, table: int, payload: dict) -> None:
    """A table's state changed: its phones and the watchers get the whole table view."""
    message = {"type": "table.event", "payload": payload}
    send_after_commit([table_group(night_id, table), watch_group(night_id)], message)


def night_changed(night_id: int, payload: dict) -> None:
    """Something night-wide changed (bell, round start or end, players, prizes): every
    screen gets the event, then sends its own fresh snapshot."""
    send_after_commit([night_group(night_id)], {"type": "night.event", "payload": payload})
