"""The integration tier's own fixture: each test's event loop closes the PostgreSQL pool
its live actions opened (live/pg.py), so no test leaves connections open for the next."""

import pytest

from live import pg


@pytest.fixture(autouse=True)
async def live_pool_closed():
    yield
    await pg.close()
