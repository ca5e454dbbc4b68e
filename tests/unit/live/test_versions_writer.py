"""live/broadcast.py's versions writer: what the services store for the heartbeat after
commit, in the server, with a cache out of process, is handed to one writer per loop, which
writes the newest versions of each key in batches; the in-process cache, and a management
command, write at once."""

import asyncio
import time

import pytest
from asgiref.sync import sync_to_async
from django.core.cache import cache
from django.test import override_settings

from live import broadcast, db


def a_cache(backend, location=""):
    return override_settings(CACHES={"default": {"BACKEND": backend, "LOCATION": location}})


@pytest.fixture
def files_cache(tmp_path):
    """A cache outside the process, as Redis is (files: no server needed)."""
    with a_cache("django.core.cache.backends.filebased.FileBasedCache", str(tmp_path)):
        yield


async def test_versions_stored_from_a_database_thread_are_written_in_batches_newest_last(
    monkeypatch, files_cache
):
    batches = []
    write = broadcast._write_versions

    def counted(batch):
        batches.append(dict(batch))
        write(batch)

    monkeypatch.setattr(broadcast, "_write_versions", counted)

    def after_commits():  # fifty actions' after-commit hooks on a database thread
        for version in range(1, 51):
            broadcast.store_versions("test:versions:a", {"night": version})
        broadcast.store_versions("test:versions:b", {"night": 7})

    await db.run(after_commits)()
    writer = broadcast._writers[asyncio.get_running_loop()]
    for _ in range(100):  # the hand-overs run on this loop, then the writer's task
        if not writer.pending and writer.task.done():
            break
        await asyncio.sleep(0.01)
    written = {}
    for batch in batches:
        written.update(batch)
    assert written == {"test:versions:a": {"night": 50}, "test:versions:b": {"night": 7}}
    assert len(batches) < 51  # one write per action was what the writer replaced
    stored = await sync_to_async(cache.get_many)(["test:versions:a", "test:versions:b"])
    assert stored == written


def test_outside_a_server_the_versions_are_written_at_once(files_cache):
    broadcast.store_versions("test:versions:c", {"night": 3})
    assert cache.get("test:versions:c") == {"night": 3}


async def test_the_in_process_cache_is_written_in_place_even_in_the_server():
    with a_cache("django.core.cache.backends.locmem.LocMemCache", "versions-test"):

        def after_commit():
            broadcast.store_versions("test:versions:d", {"night": 4})
            return cache.get("test:versions:d")  # this thread's cache: written already

        assert await db.run(after_commit)() == {"night": 4}


async def test_versions_stored_from_another_thread_never_land_before_older_ones(
    monkeypatch, files_cache
):
    """A sync view's thread is not one of live.db's: what it stores goes through the loop's
    writer too, so a write the writer still holds never lands after it."""
    write = broadcast._write_versions

    def slow(batch):
        time.sleep(0.05)  # a round trip to Redis
        write(batch)

    monkeypatch.setattr(broadcast, "_write_versions", slow)

    def store(version):
        broadcast.store_versions("test:versions:e", {"night": version})

    await db.run(store)(1)  # the writer is writing this one
    await db.run(store)(2)  # and holds this one
    await sync_to_async(store)(3)  # a view's
    writer = broadcast._writers[asyncio.get_running_loop()]
    for _ in range(100):
        if not writer.pending and writer.task.done():
            break
        await asyncio.sleep(0.01)
    assert await sync_to_async(cache.get)("test:versions:e") == {"night": 3}
