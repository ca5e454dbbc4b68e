"""The integration tier's own fixture: on PostgreSQL, each test's event loop closes the pool
its live actions opened (live/pg.py), so no test leaves connections open for the next.
Elsewhere no pool opens, and an async fixture would run an event loop for every test."""

import pytest

from live import pg

if pg.enabled():

    @pytest.fixture(autouse=True)
    async def live_pool_closed():
        yield
        await pg.close()
