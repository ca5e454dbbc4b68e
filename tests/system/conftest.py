"""System-tier fixtures: one real Daphne server for the session, and real Chromium pages."""

import os
import shutil
from pathlib import Path

import pytest

from tests.helpers import pseudo
from tests.helpers.servers import start_daphne

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


@pytest.fixture(scope="session")
def live_server_daphne(django_db_setup, tmp_path_factory):
    """One real Daphne server for the session, on the test database."""
    server = start_daphne(tmp_path_factory.mktemp("daphne"))
    yield server
    server.stop()


@pytest.fixture(scope="module")
def pseudo_server(django_db_setup, tmp_path_factory):
    """A Daphne server that also speaks the pseudo language (tests/helpers/pseudo.py):
    every marked word in [!! !!]. Its own server: the session's speaks only the real ones."""
    locales = pseudo.build(tmp_path_factory.mktemp("pseudo-locale"))
    server = start_daphne(
        tmp_path_factory.mktemp("daphne-pseudo"),
        PSEUDO_LANGUAGE=pseudo.PSEUDO,
        EXTRA_LOCALE_PATHS=str(locales),
    )
    yield server
    server.stop()


@pytest.fixture(scope="module")
def chromium():
    """Debian's Chromium driven by Playwright. Skips with a reason where Chromium is
    missing, but fails under CI, where the browser tests must run.

    Module-scoped, and browser tests live in tests/system/ only: Playwright's sync API
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
