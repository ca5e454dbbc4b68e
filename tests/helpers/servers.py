"""A real Daphne server in its own process, for the system tests.

The server process uses the test database (a file for SQLite, test_<name> for PostgreSQL)
and the configured channel layer, so system tests exercise the same stack people use.
Tests that talk to it use `transactional_db`, so what they write is committed and visible.
"""

import os
import socket
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

from django.conf import settings

ROOT = Path(__file__).resolve().parents[2]

# As in the Makefile and the Dockerfile: Daphne drops a websocket frame over 16 KiB (close
# 1009) before the app sees it; the app answers anything over 4 KiB with an error. Daphne's
# message cap also applies to what the server sends (a 48-player snapshot is ~19 KB), so it
# is 256 KiB.
DAPHNE_LIMITS = ["--websocket-max-message-size", "262144", "--websocket-max-frame-size", "16384"]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def database_url(db: dict) -> str:
    """The URL of the (test) database this process uses, for a server in another process."""
    if db["ENGINE"].endswith("sqlite3"):
        return f"sqlite:///{db['NAME']}"
    auth = db["USER"] + (f":{db['PASSWORD']}" if db.get("PASSWORD") else "")
    return f"postgres://{auth}@{db['HOST']}:{db['PORT'] or 5432}/{db['NAME']}"


def origin_of(ws_url: str) -> str:
    """The origin a browser's page sends for a socket at `ws_url`: scheme, host and port
    (the server refuses another port: live/origin.py)."""
    parts = urlsplit(ws_url)
    return f"{'https' if parts.scheme == 'wss' else 'http'}://{parts.netloc}"


@dataclass
class LiveServer:
    url: str
    ws_url: str
    process: subprocess.Popen
    log: Path

    def stop(self) -> None:
        """Stop it as a supervisor would; Daphne gives open sockets 10 s to close first
        (its application close timeout), so waiting only as long raced it under load."""
        if self.process.poll() is None:
            self.process.terminate()
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


def start_daphne(
    tmp_dir: Path,
    name: str = "daphne",
    port: int | None = None,
    args: tuple[str, ...] = (),
    **extra_env: str,
) -> LiveServer:
    port = port or free_port()
    env = dict(os.environ)
    env.update(
        DJANGO_SETTINGS_MODULE="config.test_settings",
        DATABASE_URL=database_url(settings.DATABASES["default"]),
        PYTHONUNBUFFERED="1",
    )
    env.update(extra_env)  # may replace the settings module too
    env.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
    log = tmp_dir / f"{name}-{port}.log"
    process = subprocess.Popen(
        [sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p", str(port)]
        + DAPHNE_LIMITS
        + list(args)
        + ["config.asgi:application"],
        cwd=ROOT,
        env=env,
        stdout=log.open("w"),
        stderr=subprocess.STDOUT,
    )
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"daphne exited: {log.read_text()[-2000:]}")
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            break
        except OSError:
            time.sleep(0.1)
    else:
        process.kill()
        raise RuntimeError(f"daphne did not start: {log.read_text()[-2000:]}")
    return LiveServer(f"http://127.0.0.1:{port}", f"ws://127.0.0.1:{port}", process, log)
