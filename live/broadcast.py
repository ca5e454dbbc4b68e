"""After-commit broadcasts with one ordered sender.

Messages are sent only after the transaction commits, as Zulip does, so nobody ever sees a
state that was rolled back: `after_commit` queues them on Django's `transaction.on_commit`,
or, for an action the event loop runs on PostgreSQL (live/pg.py), in that transaction's
outbox, which the runner sends in order once it has committed (`collecting`, `flush`). A
service on a database thread hands its broadcasts to one sender task on the server's event
loop instead of waiting for each send, so the thread is free for the next action at once.
One task per loop keeps them in order, and sends whatever queued while it was sending as one
batch (live/publish.py).
"""

import asyncio
import contextlib
import contextvars
import json
import logging

from asgiref.sync import async_to_sync, sync_to_async
from django.core.cache.backends.locmem import LocMemCache
from django.db import transaction

from live import db
from live.cache import cache, client
from live.doors import django_db
from live.publish import publish

logger = logging.getLogger(__name__)
# Called when a broadcast fails: the consumers close their sockets, so every client
# reconnects (with backoff, until the layer is back) and starts again from a snapshot.
failure_listeners: list = []
_outboxes: dict[asyncio.AbstractEventLoop, asyncio.Queue] = {}
VERSIONS_TIMEOUT = 24 * 3600
# The after-commit callbacks of the transaction the event loop is running (live/pg.py).
_collecting: contextvars.ContextVar[list | None] = contextvars.ContextVar(
    "live_outbox", default=None
)


def after_commit(callback) -> None:
    """`callback()` once the current transaction commits, never if it rolls back. One with
    `reads_database` set runs on a database thread when the event loop sends it."""
    outbox = _collecting.get()
    if outbox is not None:
        outbox.append(callback)
    else:
        transaction.on_commit(callback)


def queued_after_commit() -> list:
    """The callbacks `after_commit` queued so far in the current transaction."""
    outbox = _collecting.get()
    if outbox is not None:
        return list(outbox)
    return django_db.queued_on_commit()


@contextlib.contextmanager
def collecting():
    """The after-commit callbacks queued inside the block, for an async runner's
    transaction: it sends them with `flush` once it has committed."""
    outbox: list = []
    token = _collecting.set(outbox)
    try:
        yield outbox
    finally:
        _collecting.reset(token)


async def flush(outbox: list) -> None:
    """Run a committed transaction's callbacks in order, on the event loop."""
    for callback in outbox:
        if getattr(callback, "reads_database", False):
            await db.run(callback)()
        else:
            callback()


def _running_loop() -> asyncio.AbstractEventLoop | None:
    """The event loop running on this thread, else the one this database thread runs a
    call for (live/db.py); None on any other thread (a view's, a command's)."""
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        loop = db.serving_loop()
        return loop if loop is not None and loop.is_running() else None


async def _sender(outbox: asyncio.Queue) -> None:
    while True:
        batch = [await outbox.get()]  # and whatever queued meanwhile: one round trip
        while not outbox.empty():
            batch.append(outbox.get_nowait())
        marks = [item for item in batch if isinstance(item, asyncio.Future)]
        batch = [item for item in batch if not isinstance(item, asyncio.Future)]
        try:
            if batch:
                await publish(batch)
        except Exception:  # the layer is down (Redis restarting)
            groups = [group for groups, _ in batch for group in groups]
            logger.exception("broadcast to %s failed; dropping this process's sockets", groups)
            for listener in failure_listeners:
                await listener()
        finally:
            for mark in marks:
                if not mark.done():
                    mark.set_result(None)


async def sent_so_far() -> None:
    """Returns once every broadcast queued on this loop before the call has been handed to
    the layer (or failed). The heartbeat waits for it: the versions it announces were
    stored after their events were queued, and under load the events can wait here for
    seconds; a heartbeat sent before them told clients they had lost what was on its way."""
    outbox = _outboxes.get(asyncio.get_running_loop())
    if outbox is None:
        return
    mark = asyncio.get_running_loop().create_future()
    outbox.put_nowait(mark)
    await mark


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
        loop = _running_loop()
        if loop is None:  # a view's thread, a command, a test calling services: at once
            async_to_sync(_sent_in_order)(groups, message)
        elif _on(loop):
            _enqueue(loop, groups, message)
        else:
            loop.call_soon_threadsafe(_enqueue, loop, groups, message)

    after_commit(send)


async def _sent_in_order(groups: list[str], message: dict) -> None:
    """Send `message` now, on whatever loop runs this (the server's, for a view's thread),
    behind what that loop's sender holds, if it has one: never overtaking a database
    thread's broadcasts queued before it."""
    loop = asyncio.get_running_loop()
    if loop in _outboxes:
        _enqueue(loop, groups, message)
        await sent_so_far()
    else:
        await publish([(groups, message)])


def _on(loop: asyncio.AbstractEventLoop) -> bool:
    """This thread is `loop`'s own."""
    try:
        return asyncio.get_running_loop() is loop
    except RuntimeError:
        return False


def frame(handler: str, payload: dict, **extra) -> dict:
    """A consumer event (`handler`: "table.event", say) carrying the client's JSON frame
    encoded once, for every socket it reaches: each socket forwards the text instead of
    encoding the payload again, and the Redis layer packs one string, not a nested dict.
    `extra`: what a consumer reads of it (a player's new table)."""
    return {"type": handler, "text": json.dumps(payload), **extra}


def store_versions(key: str, versions: dict) -> None:
    """The current versions, under the key a consumer's heartbeat reads
    (LiveConsumer.versions_key); call it after commit, so no heartbeat announces a version
    that was rolled back. With a cache over the network (Redis), the write is handed to the
    loop's versions writer and a database thread (live/db.py) goes on at once; the
    in-process cache is written in place (the hand-over would cost more than the write:
    bench/live.py on SQLite)."""
    if isinstance(client(), LocMemCache):
        _write_versions({key: versions})
        return
    loop = _running_loop()
    if loop is None:  # a view's thread, a command, a test calling services directly
        async_to_sync(_stored_in_order)(key, versions)
    elif _on(loop):
        _writer_of(loop).put(key, versions)
    else:
        loop.call_soon_threadsafe(_writer_of(loop).put, key, versions)


async def _stored_in_order(key: str, versions: dict) -> None:
    """Store `versions` from whatever loop runs this (the server's, for a view's thread):
    through that loop's versions writer if it has one, so an older write it holds never
    lands after this one; else at once, off the loop."""
    writer = _writers.get(asyncio.get_running_loop())
    if writer is not None:
        writer.put(key, versions)
    else:
        await sync_to_async(_write_versions, thread_sensitive=False)({key: versions})


class _VersionsWriter:
    """One per loop: writes the newest versions of every key given since its last write in
    one cache call. Under load a cache write per roll, on the database thread, was a
    measurable share of the server's time (bench/README.md); batched, the writes of many
    nights share one round trip, and the database thread is free for the next action."""

    def __init__(self):
        self.pending: dict[str, dict] = {}
        self.task: asyncio.Task | None = None

    def put(self, key: str, versions: dict) -> None:
        self.pending[key] = versions
        if self.task is None or self.task.done():
            self.task = asyncio.ensure_future(self.run())

    async def run(self) -> None:
        while self.pending:  # what came in during a write goes in the next
            batch, self.pending = self.pending, {}
            await sync_to_async(_write_versions, thread_sensitive=False)(batch)


_writers: dict[asyncio.AbstractEventLoop, _VersionsWriter] = {}


def _writer_of(loop: asyncio.AbstractEventLoop) -> _VersionsWriter:
    writer = _writers.get(loop)
    if writer is None:
        writer = _writers[loop] = _VersionsWriter()
    return writer


def _write_versions(batch: dict[str, dict]) -> None:
    try:
        cache.set_many(batch, VERSIONS_TIMEOUT)
    except Exception:  # noqa: BLE001 - a missing heartbeat must never stop an action
        logger.warning("live: could not store the versions under %s", list(batch), exc_info=True)
