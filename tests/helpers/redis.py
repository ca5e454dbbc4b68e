"""The Redis the tests that need one use: REDIS_URL, or the local default. CI must have it
(.ci/run starts it), so there a missing Redis fails the test instead of skipping it."""

import os
import shutil
import socket
import subprocess
import time

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


def need_redis_server(test: str) -> None:
    """Skip (fail in CI) unless redis-server can be started (a private one, on its own port:
    a test that stops it never stops the Redis others share)."""
    if not shutil.which("redis-server"):
        if os.environ.get("CI"):
            pytest.fail(f"{test} must run in CI: redis-server is missing")
        pytest.skip("needs redis-server (apt-get install redis-server)")


def start_redis(port: int, tmp_path) -> subprocess.Popen:
    process = subprocess.Popen(
        [
            "redis-server",
            "--port",
            str(port),
            "--bind",
            "127.0.0.1",
            "--save",
            "",
            "--appendonly",
            "no",
            "--dir",
            str(tmp_path),
        ],
        stdout=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + 10
    while (
        subprocess.run(
            ["redis-cli", "-p", str(port), "ping"], capture_output=True, text=True
        ).stdout.strip()
        != "PONG"
    ):
        if time.monotonic() > deadline:
            raise RuntimeError("redis-server did not start")
        time.sleep(0.05)
    return process
