"""Fixtures every tier shares: host accounts, a fresh rate-limit cache per test, and the
limits' clock, which a test moves on. The tiers (README: Tests): `unit/` (pure rules and
engines, no database), `integration/` (database, services, views, in-process consumers),
`system/` (real Daphne servers, subprocesses and Chromium; fixtures in its conftest)."""

from uuid import uuid4

import hypothesis
import pytest

from live import limits
from partynight import throttles
from tests import builders
from tests.helpers import examples
from tests.helpers.clock import Clock, ClockedCache

if examples.PROFILE:  # `make check` runs the property tests with fewer examples
    hypothesis.settings.load_profile(examples.PROFILE)


@pytest.fixture
def host(db):
    """A host account (the web tests log in as it). A test marked for transactions gets
    them: `db` follows the test's django_db mark."""
    return builders.host()


@pytest.fixture
def other(db):
    """Another host, who must never see the first one's nights."""
    return builders.host("intruder", "pw-for-tests-2")


@pytest.fixture
def host_client(client, host):
    client.force_login(host)
    return client


@pytest.fixture(autouse=True)
def fresh_limits(settings):
    """Every test starts with no rate-limit counts (live/limits.py): a cache key prefix
    of its own, so links refused in one test never block the next."""
    caches = {name: dict(config) for name, config in settings.CACHES.items()}
    caches["default"]["KEY_PREFIX"] = f"{caches['default'].get('KEY_PREFIX', '')}-{uuid4().hex}"
    settings.CACHES = caches


@pytest.fixture
def limits_clock(monkeypatch):
    """The clock of the limits' windows (live/limits.py, partynight/throttles.py): their
    counts go to a cache that keeps time by it, so a test moves past a window with
    `limits_clock.advance(seconds)` instead of sleeping through it."""
    clock = Clock()
    cache = ClockedCache(clock)
    monkeypatch.setattr(limits, "cache", cache)
    monkeypatch.setattr(throttles, "cache", cache)
    return clock


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup, django_db_blocker):
    """pytest-django's, then, on PostgreSQL, every other session of the test database ended
    before it is dropped: the database threads (live/db.py) keep their connections open for
    the next action, and PostgreSQL refuses to drop a database in use."""
    yield
    from django.db import connection

    if connection.vendor != "postgresql":
        return
    with django_db_blocker.unblock(), connection.cursor() as cursor:
        cursor.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
            " WHERE datname = current_database() AND pid <> pg_backend_pid()"
        )
