"""Where the consumers run their database work (actions and snapshots).

By default on Channels' one database thread (`database_sync_to_async`): every socket of the
process queues there. With `LIVE_DB_THREADS` > 1 they run on a pool of that many threads,
each with its own connection (PostgreSQL: from Django's psycopg pool, sized to match in
settings). The services lock the night row, so two actions on one night still queue in the
database; actions on different nights run side by side. SQLite keeps one thread: it has one
writer anyway.
"""

import functools
from concurrent.futures import ThreadPoolExecutor

from channels.db import database_sync_to_async
from django.conf import settings

_pool: ThreadPoolExecutor | None = None


def run(call):
    """`call` as an awaitable that runs on the database thread or pool."""
    global _pool
    threads = settings.LIVE_DB_THREADS
    if threads <= 1:
        return database_sync_to_async(call)
    if _pool is None:
        _pool = ThreadPoolExecutor(threads, thread_name_prefix="live-db")
    return database_sync_to_async(call, thread_sensitive=False, executor=_pool)


def runs_on_db(method):
    """Decorator: `method` as a coroutine that runs where `run` puts it (chosen per call, so
    a test's LIVE_DB_THREADS applies)."""

    @functools.wraps(method)
    async def on_db(*args, **kwargs):
        return await run(method)(*args, **kwargs)

    return on_db
