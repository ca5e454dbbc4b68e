"""The door to Django's Redis cache: many keys renewed in one round trip.

Django's `cache.touch` sends one EXPIRE per key; this sends them as one pipeline on the
client Django writes with (its first server, whatever the key, as its own `set_many`
does), with the keys Django would make. Contract: tests/integration/doors/test_django_cache.py.
"""

from django.core.cache.backends.redis import RedisCache

WRITTEN_FOR = {"Django": "5.2.19", "redis": "7.4.1"}
RECHECK = (
    "django/core/cache/backends/redis.py: RedisCache._cache, RedisCacheClient.get_client"
    "(write=True) and RedisCacheClient.touch; redis-py's pipeline(transaction=False)"
)


def pipelines(backend) -> bool:
    """`backend` (a Django cache) is one whose renewals this door sends in one round trip."""
    return isinstance(backend, RedisCache)


def touch_many(backend: RedisCache, keys: list[str], timeout: int) -> None:
    """`backend.touch(key, timeout)` for every key, as one pipeline of EXPIRE."""
    pipeline = backend._cache.get_client(write=True).pipeline(transaction=False)
    for key in keys:
        pipeline.expire(backend.make_and_validate_key(key), timeout)
    pipeline.execute()
