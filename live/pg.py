"""The live actions on PostgreSQL, run on the event loop (psycopg's async connections).

On a database thread a roll's statements each gave the GIL back to the busy event loop and
waited to get it again (bench/README.md). Here the loop runs an action's statements itself
(live/steps.py) on a connection from a psycopg `AsyncConnectionPool`, and sends the
messages the action queued once its transaction has committed, in order; a transaction
that fails sends nothing (live.broadcast.collecting).

One door: the only module that knows psycopg's async API (the pinned versions in
requirements.txt; contract test: tests/integration/services/test_pg_door.py). Its
connections get Django's own connection settings through Django's door
(live/doors/django_db.py). Each event loop gets its own pool: the server's lives as long
as the process; a loop that ends sooner (a test's) closes its pool with `close`.
"""

import asyncio

import psycopg
from django.conf import settings
from django.db import connection
from psycopg_pool import AsyncConnectionPool

from live import broadcast, sql
from live.doors import django_db
from live.steps import Action, Steps

_pools: dict[asyncio.AbstractEventLoop, asyncio.Task] = {}


def enabled() -> bool:
    """Live actions run on the event loop: PostgreSQL, unless LIVE_DB_ASYNC is off."""
    return settings.LIVE_DB_ASYNC and sql.database().vendor == "postgresql"


async def perform(action: Action):
    """Run `action` in a transaction on the loop; its messages go out after the commit. A
    unique constraint broken by a copy of the action that committed first (two phones, one
    roll) runs `action.retry` in a fresh transaction, as live.steps.perform does."""
    pool = await _pool()
    with broadcast.collecting() as outbox:
        try:
            result = await _transaction(pool, action.steps())
        except psycopg.IntegrityError:
            outbox.clear()
            result = await _transaction(pool, action.retry()) if action.retry else None
            if result is None:
                raise
    await broadcast.flush(outbox)
    return result


async def _transaction(pool: AsyncConnectionPool, steps: Steps):
    async with pool.connection() as conn, conn.transaction(), conn.cursor() as cursor:
        try:
            query = next(steps)
            while True:
                await cursor.execute(query.sql, query.params)
                query = steps.send(await cursor.fetchall() if query.rows else None)
        except StopIteration as done:
            return done.value


async def _pool() -> AsyncConnectionPool:
    loop = asyncio.get_running_loop()
    opening = _pools.get(loop)
    if opening is None or (opening.done() and (opening.cancelled() or opening.exception())):
        # the first action on this loop opens it (again, if that failed); the others wait
        opening = _pools[loop] = loop.create_task(_open())
    return await opening


async def close() -> None:
    """Close this event loop's pool, if it opened one."""
    opening = _pools.pop(asyncio.get_running_loop(), None)
    if opening is not None and not opening.cancelled() and not opening.exception():
        await (await opening).close()


async def _open() -> AsyncConnectionPool:
    pool = AsyncConnectionPool(
        kwargs=_connection_params(),
        configure=_configure,
        min_size=1,
        max_size=settings.LIVE_DB_ASYNC_POOL,
        open=False,
    )
    await pool.open()
    return pool


def _connection_params() -> dict:
    """Django's own connection parameters (database, user, the JSON and time zone
    adapters, prepared statements), with the async client-side cursor that matches its
    sync one: the same %s statements run the same way on both runners."""
    params = django_db.connection_params(connection)
    params["cursor_factory"] = psycopg.AsyncClientCursor
    return params


async def _configure(conn: psycopg.AsyncConnection) -> None:
    """As Django configures its connections: the session's time zone."""
    name, statement = django_db.time_zone_statement(connection)
    if name and conn.info.parameter_status("TimeZone") != name:
        await conn.execute(statement, [name])
        await conn.commit()
