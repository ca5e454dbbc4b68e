"""The Redis the tests that need one use: REDIS_URL, or the local default. CI must have it
(.ci/run starts it), so there a missing Redis fails the test instead of skipping it."""

import os
import socket

import pytest

REDIS_URL = os.environ.get("REDIS_URL") or "redis://127.0.0.1:6379/0"


def need_redis(why: str) -> None:
    """Skip (fail in CI) unless Redis answers at REDIS_URL."""
    host_port = REDIS_URL.split("//", 1)[1].split("/", 1)[0]
    host, _, port = host_port.rpartition(":")
    try:
        socket.create_connection((host, int(port)), timeout=0.5).close()
    except OSError:
        if os.environ.get("CI"):
            pytest.fail(f"this test must run in CI: no Redis at {REDIS_URL}")
        pytest.skip(f"needs Redis at {REDIS_URL} ({why})")
