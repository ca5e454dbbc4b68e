"""live/db.py's threads know the event loop they run a call for (where its after-commit
broadcasts go: live/broadcast.py), on the one database thread and on the pool alike, and
only while they run it."""

import asyncio

import pytest
from asgiref.sync import sync_to_async
from django.test import override_settings

from live import db

pytestmark = pytest.mark.django_db(transaction=True)  # a database thread's own cleanup


@pytest.mark.parametrize("threads", [1, 3])
async def test_a_database_thread_knows_the_loop_it_runs_a_call_for(threads):
    with override_settings(LIVE_DB_THREADS=threads):
        assert await db.run(db.serving_loop)() is asyncio.get_running_loop()
    assert db.serving_loop() is None


async def test_other_threads_know_no_loop():
    assert await sync_to_async(db.serving_loop)() is None
    assert await sync_to_async(db.serving_loop, thread_sensitive=False)() is None
