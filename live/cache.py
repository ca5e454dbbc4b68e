"""The cache the live layer and its limits use: one client per process.

Django's `cache` is one instance per async context (asgiref's Local), and a Redis cache
instance opens its own connection pool. Every socket runs in a context of its own, so each
socket built its own client on its first cache call, and one process held a connection
pool and its listeners per socket (bench/README.md). The client is thread-safe (redis-py's
pool; the in-process cache locks), so one serves every socket and thread; a change to
CACHES (tests) makes the next call build it again. `touch_many` renews many keys in one
round trip (the sockets' leases, live/ticks.py).
"""

from django.core.cache import caches
from django.core.signals import setting_changed

from live.doors import django_cache

_client = None


def client():
    """The process's cache client for the default cache."""
    global _client
    if _client is None:
        _client = caches.create_connection("default")
    return _client


class _Cache:
    """`cache.get(...)` and the rest, on the process's client."""

    def __getattr__(self, name):
        return getattr(client(), name)


cache = _Cache()


def touch_many(backend, keys: list[str], timeout: int) -> None:
    """`backend.touch(key, timeout)` for every key (`backend`: a Django cache, or this
    module's `cache`), in one round trip with Redis, where Django's touch sends one at a
    time: a thread renewing every socket's lease one by one waited for the busy event loop
    to give the GIL back after each round trip."""
    cache_client = client() if isinstance(backend, _Cache) else backend
    if django_cache.pipelines(cache_client):
        django_cache.touch_many(cache_client, keys, timeout)
        return
    for key in keys:
        cache_client.touch(key, timeout)


def _forget(setting, **kwargs):
    global _client
    if setting == "CACHES":
        _client = None


setting_changed.connect(_forget)
