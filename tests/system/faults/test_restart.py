"""A server killed mid-round (SIGKILL) and started again, and a phone that sleeps through
several rolls: every phone reconnects by itself and shows exactly what the database holds;
nothing recorded is lost, nothing is doubled, and a roll sent during the outage arrives once."""

import signal

import pytest
from playwright.sync_api import expect

from partynight.models import Event
from tests.helpers.browser import (
    expect_scores,
    one_phone_offline,
    open_phones,
    pad,
    seated,
    start_night,
)
from tests.helpers.servers import start_daphne

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def own_server(tmp_path):
    """A server of this test's own, so it can be killed."""
    servers = [start_daphne(tmp_path, "restart")]
    yield servers
    for server in servers:
        server.stop()


def test_a_killed_server_loses_nothing_and_phones_catch_up(own_server, tmp_path, browser_context):
    night = start_night(4)
    players = seated(night, 1)
    server = own_server[0]
    pages = open_phones(server, browser_context, players)
    pad(pages[0], "1").click()
    expect_scores(pages, 1, 0)

    server.process.send_signal(signal.SIGKILL)
    server.process.wait(timeout=10)
    for page in pages:
        expect(page.locator("#conn")).to_have_attribute("data-state", "offline")
    pad(pages[1], "2").click()  # queued on the phone while the server is down
    expect(pages[1].locator("#conn")).to_contain_text("1 roll waiting to send")

    port = int(server.url.rsplit(":", 1)[1])
    own_server.append(start_daphne(tmp_path, "restarted", port=port))
    for page in pages:
        expect(page.locator("#conn")).to_have_text("Live", timeout=15_000)
    expect_scores(pages, 3, 0)
    assert Event.objects.filter(night=night, kind="roll_scored").count() == 2


def test_a_phone_that_sleeps_through_rolls_wakes_up_right(live_server_daphne, browser_context):
    night, _, pages = one_phone_offline(live_server_daphne, browser_context)
    sleeper = pages[3]
    for entry in ("2", "1", "0", "2", "2"):  # seat 0 scores 3, misses; seat 1 scores 4
        pad(pages[0], entry).click()
    expect_scores(pages[:3], 3, 4)
    sleeper.context.set_offline(False)
    expect_scores(pages, 3, 4)
    assert Event.objects.filter(night=night, kind="roll_scored").count() == 5
