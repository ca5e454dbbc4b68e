"""The cache the live layer and its limits use: one client per process.

Django's `cache` is one instance per async context (asgiref's Local), and a Redis cache
instance opens its own connection pool. Every socket runs in a context of its own, so each
socket built its own client on its first cache call: at 100 nights one process held 1,300
Redis connections and 2,600 redis-py listener objects (bench/live.py), every one of them
scanned by each full garbage collection. The client is thread-safe (redis-py's pool; the
in-process cache locks), so one serves every socket and thread; a change to CACHES (tests)
makes the next call build it again. `touch_many` renews many keys in one round trip (the
sockets' leases, live/ticks.py).
"""

from django.core.cache import caches
from django.core.cache.backends.redis import RedisCache
from django.core.signals import setting_changed

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
    module's `cache`), in one round trip with Redis: a pipeline of EXPIRE, where Django's
    touch sends one at a time. Renewing 1,300 socket leases one by one took a thread 1,300
    round trips, each waiting to take the GIL back from the busy event loop (bench/live.py
    at 100 nights)."""
    cache_client = client() if isinstance(backend, _Cache) else backend
    if not isinstance(cache_client, RedisCache):
        for key in keys:
            cache_client.touch(key, timeout)
        return
    # Django's Redis client writes to its first server, whatever the key (its set_many too)
    pipeline = cache_client._cache.get_client(write=True).pipeline(transaction=False)
    for key in keys:
        pipeline.expire(cache_client.make_and_validate_key(key), timeout)
    pipeline.execute()


def _forget(setting, **kwargs):
    global _client
    if setting == "CACHES":
        _client = None


setting_changed.connect(_forget)
