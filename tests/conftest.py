"""Shared fixtures: a real Daphne server in its own process, and real Chromium pages.

The server process uses the test database (a file for SQLite, test_<name> for PostgreSQL)
and the configured channel layer, so browser tests exercise the same stack people use.
Tests that talk to it use `transactional_db`, so what they write is committed and visible.
"""

import os
import shutil
import socket
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit
from uuid import uuid4

import pytest
from django.conf import settings

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]

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


@pytest.fixture(scope="session")
def live_server_daphne(django_db_setup, tmp_path_factory):
    """One real Daphne server for the session, on the test database."""
    server = start_daphne(tmp_path_factory.mktemp("daphne"))
    yield server
    server.process.terminate()
    server.process.wait(timeout=10)


@pytest.fixture
def host(django_user_model):
    """A host account (the web tests log in as it)."""
    return django_user_model.objects.create_user("hostess", password="pw-for-tests-1")


@pytest.fixture
def other(django_user_model):
    """Another host, who must never see the first one's nights."""
    return django_user_model.objects.create_user("intruder", password="pw-for-tests-2")


@pytest.fixture
def host_client(client, host):
    client.force_login(host)
    return client


@pytest.fixture(scope="module")
def chromium():
    """Debian's Chromium driven by Playwright. Skips with a reason where Chromium is
    missing, but fails under CI, where the browser tests must run.

    Module-scoped, and browser tests live in tests/browser/ only: Playwright's sync API
    keeps an event loop running in this thread, which async tests must not meet. While it
    runs, Django's async-safety check is relaxed for this process (not for the server)."""
    if not Path(CHROMIUM).exists() or not shutil.which(CHROMIUM):
        reason = f"{CHROMIUM} not installed (apt-get install chromium)"
        if os.environ.get("CI"):
            pytest.fail(f"browser tests must run in CI: {reason}")
        pytest.skip(reason)
    from playwright.sync_api import sync_playwright

    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            yield browser
            browser.close()
    finally:
        del os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"]


@pytest.fixture
def browser_context(chromium):
    """A fresh browser profile per test; phone-sized by default."""
    contexts = []

    def make(**options):
        options.setdefault("viewport", {"width": 390, "height": 844})
        context = chromium.new_context(**options)
        context.set_default_timeout(10_000)
        contexts.append(context)
        return context

    yield make
    for context in contexts:
        context.close()


@pytest.fixture(autouse=True)
def fresh_limits(settings):
    """Every test starts with no rate-limit counts (live/limits.py): a cache key prefix
    of its own, so links refused in one test never block the next."""
    caches = {name: dict(config) for name, config in settings.CACHES.items()}
    caches["default"]["KEY_PREFIX"] = f"{caches['default'].get('KEY_PREFIX', '')}-{uuid4().hex}"
    settings.CACHES = caches


@dataclass
class MovableCache:
    cache: object
    later: float = 0.0

    def advance(self, seconds: float) -> None:
        """Move the cache's clock on: counts whose window has passed are gone."""
        self.later += seconds


@pytest.fixture
def movable_cache(monkeypatch):
    """A local cache whose clock the test moves on, for the windows of the throttles
    (partynight/throttles.py patches in `.cache`): no test sleeps through a window."""
    from django.core.cache.backends import locmem

    movable = MovableCache(locmem.LocMemCache(f"movable-{uuid4().hex}", {}))
    clock = type("Clock", (), {"time": staticmethod(lambda: time.time() + movable.later)})
    monkeypatch.setattr(locmem, "time", clock)
    return movable
