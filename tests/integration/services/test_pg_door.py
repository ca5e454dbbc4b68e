"""The contract of live/pg.py, the one door to psycopg's async API (written for psycopg 3.3.9
and psycopg-pool 3.3.3 under Django 5.2): the event loop's connections read and write rows
exactly as Django's own connections do, so the same statements give the same values on
both runners. An upgrade that changes Django's connection parameters (read through
live/doors/django_db.py) or psycopg's async cursor fails here first."""

import asyncio
import datetime

import pytest
from django.db import connection

from live import pg, sql, steps
from live.doors import django_db
from partynight.models import Event, Night
from tests import builders

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor != "postgresql", reason="the loop's runner is PostgreSQL's"
    ),
]


def read(night_id: int):
    night = yield from sql.select(Night, {"id": night_id})
    events = yield from sql.select(Event, {"night": night_id})
    zone = yield from steps.fetch("SELECT current_setting('TimeZone')")
    quoted = yield from steps.fetch("SELECT %s::text, %s::int", ['it\'s "quoted" %s', 7])
    return night[0], events, zone[0][0], quoted[0]


def test_the_loops_connections_read_rows_as_djangos_do(host):
    night = builders.night(host, 8, seed=11, started=True)
    on_thread = steps.run(read(night.pk))

    async def on_the_loop():
        try:
            return await pg.perform(steps.Action(lambda: read(night.pk)))
        finally:
            await pg.close()

    on_loop = asyncio.run(on_the_loop())
    assert on_loop[2] == on_thread[2] == connection.timezone_name
    assert on_loop[3] == on_thread[3] == ('it\'s "quoted" %s', 7)
    night_loop, night_thread = on_loop[0], on_thread[0]
    assert night_loop.rules == night_thread.rules and isinstance(night_loop.rules, dict)
    assert night_loop.created == night_thread.created
    assert night_loop.created.tzinfo is not None
    assert night_loop.created.utcoffset() == datetime.timedelta(0)
    assert [(e.pk, e.data, e.result, e.created) for e in on_loop[1]] == [
        (e.pk, e.data, e.result, e.created) for e in on_thread[1]
    ]


def test_djangos_connection_parameters_are_what_the_pool_copies():
    params = django_db.connection_params(connection)
    assert {"dbname", "context", "cursor_factory", "prepare_threshold"} <= set(params)
    assert "pool" not in params  # Django's own pool options never reach a connection
