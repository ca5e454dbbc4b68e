"""Where the consumers run their database work (actions and snapshots).

A live action (live/steps.py) runs on the event loop on PostgreSQL (live/pg.py); everything
else, and every action on SQLite, runs on a database thread.

That is by default Channels' one database thread (`database_sync_to_async`): every socket of the
process queues there. With `LIVE_DB_THREADS` > 1 they run on a pool of that many threads,
each with its own connection (PostgreSQL: from Django's psycopg pool, sized to match in
settings). The services lock the night row, so two actions on one night still queue in the
database; actions on different nights run side by side. SQLite keeps one thread: it has one
writer anyway.
"""

import asyncio
import functools
import threading
from concurrent.futures import ThreadPoolExecutor

from channels.db import database_sync_to_async
from django.conf import settings
from django.db import close_old_connections

from live import pg, steps

_pool: ThreadPoolExecutor | None = None
_this_thread = threading.local()


def serving_loop() -> asyncio.AbstractEventLoop | None:
    """The event loop this thread is running a call of `run` for, if it is one of ours:
    where the call's after-commit broadcasts go (live/broadcast.py)."""
    return getattr(_this_thread, "loop", None)


def run(call):
    """`call` as an awaitable that runs on the database thread or pool (call it on the
    event loop that awaits it)."""
    global _pool
    call = _serving(asyncio.get_running_loop(), call)
    threads = settings.LIVE_DB_THREADS
    if threads <= 1:
        return database_sync_to_async(call)
    if _pool is None:
        _pool = ThreadPoolExecutor(threads, thread_name_prefix="live-db")
    return database_sync_to_async(_giving_back(call), thread_sensitive=False, executor=_pool)


def _serving(loop: asyncio.AbstractEventLoop, call):
    """`call`, with its thread knowing the loop it runs for (`serving_loop`)."""

    @functools.wraps(call)
    def run_for_loop(*args, **kwargs):
        outer, _this_thread.loop = serving_loop(), loop
        try:
            return call(*args, **kwargs)
        finally:
            _this_thread.loop = outer

    return run_for_loop


def _giving_back(call):
    """`call`, then its thread's connection back to the pool. Channels' own cleanup does this
    too, except under its test communicator, which turns it off (for the test's connection):
    there the pool's threads kept theirs, and later tests found PostgreSQL's pool empty."""

    @functools.wraps(call)
    def run_and_give_back(*args, **kwargs):
        try:
            return call(*args, **kwargs)
        finally:
            close_old_connections()

    return run_and_give_back


async def perform(action: steps.Action):
    """Run a live action where it runs best: on the event loop (PostgreSQL) or a thread."""
    if pg.enabled():
        return await pg.perform(action)
    return await run(steps.perform)(action)


def runs_on_db(method):
    """Decorator: `method` as a coroutine that runs where `run` puts it (chosen per call, so
    a test's LIVE_DB_THREADS applies)."""

    @functools.wraps(method)
    async def on_db(*args, **kwargs):
        return await run(method)(*args, **kwargs)

    return on_db
