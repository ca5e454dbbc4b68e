"""The contract of live/doors/django_cache.py: its pipeline of EXPIRE renews the keys
Django's Redis cache wrote, as Django's own `touch` would, and never brings back a key that
lapsed."""

import uuid

import pytest
import redis
from django.core.cache import caches
from django.test import override_settings

from live.doors import django_cache
from tests.helpers.doors import installed_as_written_for
from tests.helpers.redis import REDIS_URL, need_redis


def test_the_installed_versions_are_the_ones_it_was_written_for():
    installed_as_written_for(django_cache)


@pytest.fixture
def redis_cache():
    need_redis("Django's Redis cache")
    backend = "django.core.cache.backends.redis.RedisCache"
    config = {"BACKEND": backend, "LOCATION": REDIS_URL, "KEY_PREFIX": f"doors-{uuid.uuid4()}"}
    with override_settings(CACHES={"default": config}):
        cache = caches.create_connection("default")
        yield cache
        cache.close()


def test_the_pipeline_renews_the_keys_as_djangos_touch_does(redis_cache):
    keys = [f"lease:{n}" for n in range(20)]
    redis_cache.set_many(dict.fromkeys(keys, "chan"), 5)
    redis_cache.set("lease:touched", "chan", 5)
    assert django_cache.pipelines(redis_cache)
    django_cache.touch_many(redis_cache, [*keys, "lease:lapsed"], 600)
    redis_cache.touch("lease:touched", 600)
    server = redis.Redis.from_url(REDIS_URL)
    try:
        ttl = {key: server.ttl(redis_cache.make_and_validate_key(key)) for key in keys}
        touched = server.ttl(redis_cache.make_and_validate_key("lease:touched"))
        assert touched > 500 and min(ttl.values()) > 500
        assert not server.exists(redis_cache.make_and_validate_key("lease:lapsed"))
    finally:
        server.close()
    assert redis_cache.get_many(keys) == dict.fromkeys(keys, "chan")
    redis_cache.delete_many([*keys, "lease:touched"])


def test_other_caches_are_not_its_own():
    locmem = {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}
    with override_settings(CACHES={"default": locmem}):
        assert not django_cache.pipelines(caches.create_connection("default"))
