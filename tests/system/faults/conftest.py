"""The fault tests' Redis: a private redis-server on a port of its own, which a test may
kill and start again (never the Redis the other tests share)."""

import pytest

from tests.helpers.redis import need_redis_server, start_redis
from tests.helpers.servers import free_port, start_daphne


@pytest.fixture
def server_on_own_redis(tmp_path):
    """A Daphne on its own redis-server: (server, the Redis port, [redis processes]); a test
    appends the process it starts again, and every one is stopped at the end."""
    need_redis_server("the Redis fault tests")
    port = free_port()
    redis = [start_redis(port, tmp_path)]
    server = start_daphne(tmp_path, "on-own-redis", REDIS_URL=f"redis://127.0.0.1:{port}/0")
    yield server, port, redis
    server.stop()
    for process in redis:
        process.kill()
        process.wait(timeout=10)
