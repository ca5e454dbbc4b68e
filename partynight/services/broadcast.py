"""Group names and after-commit broadcasts.

Groups: `night-<id>` (every screen of the night: night-level events), `night-<id>-watch`
(the dashboard and the big screen: every table's events too), `night-<id>-table-<n>` (the
phones at table n) and `player-<id>` (one player's phones). Messages are sent only after the
transaction commits, so nobody ever sees a state that was rolled back.

Inside the server, a service runs in Channels' database thread; its broadcasts are handed
to one sender task on the server's event loop instead of waiting for each send, so the
database thread is free for the next action at once. One task keeps them in order.
"""

import asyncio
import logging

from asgiref.sync import SyncToAsync, async_to_sync
from channels.layers import get_channel_layer
from django.db import transaction

logger = logging.getLogger(__name__)
# Called when a broadcast fails: the consumers close their sockets, so every client
# reconnects (with backoff, until the layer is back) and starts again from a snapshot.
failure_listeners: list = []
_outboxes: dict[asyncio.AbstractEventLoop, asyncio.Queue] = {}


def night_group(night_id: int) -> str:
    return f"night-{night_id}"


def watch_group(night_id: int) -> str:
    return f"night-{night_id}-watch"


def table_group(night_id: int, table: int) -> str:
    return f"night-{night_id}-table-{table}"


def player_group(player_id: int) -> str:
    return f"player-{player_id}"


async def _send_all(groups: list[str], message: dict) -> None:
    layer = get_channel_layer()
    for group in groups:
        await layer.group_send(group, message)


async def _sender(outbox: asyncio.Queue) -> None:
    while True:
        groups, message = await outbox.get()
        try:
            await _send_all(groups, message)
        except Exception:  # the layer is down (Redis restarting)
            logger.exception("broadcast to %s failed; dropping this process's sockets", groups)
            for listener in failure_listeners:
                await listener()


def _enqueue(loop: asyncio.AbstractEventLoop, groups: list[str], message: dict) -> None:
    """Runs on the server's loop: one outbox and one sender task per loop."""
    outbox = _outboxes.get(loop)
    if outbox is None:
        outbox = _outboxes[loop] = asyncio.Queue()
        loop.create_task(_sender(outbox))
    outbox.put_nowait((groups, message))


def send_after_commit(groups: list[str], message: dict) -> None:
    """Queue `message` (a consumer event: {"type": "handler.name", ...}) for `groups`."""

    def send():
        loop = getattr(SyncToAsync.threadlocal, "main_event_loop", None)
        if loop is not None and loop.is_running():
            loop.call_soon_threadsafe(_enqueue, loop, groups, message)
        else:  # a management command or a test calling services directly
            async_to_sync(_send_all)(groups, message)

    transaction.on_commit(send)


def table_changed(night_id: int, table: int, payload: dict, phones: dict | None = None) -> None:
    """A table's state changed: the watchers get the whole table view; the table's phones
    get it too, with `phones` (each seated player's phone view) when given."""
    send_after_commit([watch_group(night_id)], {"type": "table.event", "payload": payload})
    phone_payload = {**payload, "phones": phones} if phones else payload
    send_after_commit(
        [table_group(night_id, table)], {"type": "table.event", "payload": phone_payload}
    )


def player_removed(player_id: int) -> None:
    """The host removed a player or gave their chair to a ghost: their phones and room
    sockets close (the link no longer plays)."""
    send_after_commit([player_group(player_id)], {"type": "player.removed"})


def night_changed(night_id: int, payload: dict) -> None:
    """Something night-wide changed (bell, round start or end, players, prizes): every
    screen gets the event, then sends its own fresh snapshot."""
    send_after_commit([night_group(night_id)], {"type": "night.event", "payload": payload})
