"""live/cache.py: every socket and thread of a process shares one cache client (Django's
`cache` is one per async context, so with Redis each socket opened its own connections),
and a change to CACHES builds it again."""

import asyncio

from asgiref.sync import sync_to_async
from django.core.cache import caches
from django.test import override_settings

from live import cache as live_cache


async def test_sockets_in_their_own_contexts_share_one_client():
    async def a_socket():  # each consumer runs as a task: a context of its own
        await asyncio.sleep(0)
        django_own = caches["default"]
        on_a_thread = await sync_to_async(live_cache.client, thread_sensitive=False)()
        return django_own, live_cache.client(), on_a_thread

    first, second = await asyncio.gather(a_socket(), a_socket())
    assert first[0] is not second[0]  # Django's: one per context, hence this module
    assert first[1] is second[1] is first[2] is second[2]


def test_a_change_to_the_caches_builds_the_client_again():
    live_cache.cache.set("test:live-cache", "before")
    before = live_cache.client()
    locmem = "django.core.cache.backends.locmem.LocMemCache"
    with override_settings(CACHES={"default": {"BACKEND": locmem, "KEY_PREFIX": "elsewhere"}}):
        assert live_cache.client() is not before
        assert live_cache.cache.get("test:live-cache") is None  # the new settings' keys
    assert live_cache.cache.get("test:live-cache") == "before"
