"""live/cache.py: every socket and thread of a process shares one cache client (Django's
`cache` is one per async context, so with Redis each socket opened its own connections),
and a change to CACHES builds it again; the sockets' leases are renewed in one round trip."""

import asyncio
import uuid
from unittest import mock

from asgiref.sync import sync_to_async
from django.core.cache import caches
from django.test import override_settings

from live import cache as live_cache
from tests.helpers.redis import REDIS_URL, need_redis


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


def renewed_in_one_round_trip(backend: str, location: str | None) -> None:
    """touch_many on `backend`: live keys get the new lease, a lapsed key stays gone, and
    with Redis the whole batch is one pipeline (no command is sent on its own)."""
    config = {"BACKEND": backend, "KEY_PREFIX": f"touch-{uuid.uuid4().hex[:8]}"}
    if location:
        config["LOCATION"] = location
    with override_settings(CACHES={"default": config}):
        cache = live_cache.cache
        keys = [f"lease:{n}" for n in range(40)]
        cache.set_many(dict.fromkeys(keys, "chan"), 5)
        with mock.patch("redis.Redis.execute_command", side_effect=AssertionError("one by one")):
            live_cache.touch_many(cache, [*keys, "lease:lapsed"], 600)
        assert cache.get_many(keys) == dict.fromkeys(keys, "chan")
        assert cache.get("lease:lapsed") is None  # a touch never brings a key back
        if backend.endswith("RedisCache"):
            redis = live_cache.client()._cache.get_client(write=True)
            ttls = {redis.ttl(live_cache.client().make_and_validate_key(k)) for k in keys}
            assert min(ttls) > 500
        cache.delete_many(keys)


def test_leases_are_renewed_in_one_round_trip_with_redis():
    need_redis("the pipelined renewal")
    renewed_in_one_round_trip("django.core.cache.backends.redis.RedisCache", REDIS_URL)


def test_leases_are_renewed_in_the_process_cache():
    renewed_in_one_round_trip("django.core.cache.backends.locmem.LocMemCache", None)
