"""Redis restarted mid-round (SIGKILL, then started again on the same port): the phones
reconnect and resync; no roll is lost or doubled."""

import signal

import pytest
from playwright.sync_api import expect

from partynight.models import Event
from tests.helpers.browser import expect_scores, open_phones, pad, seated, start_night
from tests.helpers.redis import start_redis

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_phones_resync_after_redis_restarts(server_on_own_redis, tmp_path, browser_context):
    server, port, redis = server_on_own_redis
    night = start_night(4)
    players = seated(night, 1)
    pages = open_phones(server, browser_context, players)
    pad(pages[0], "1").click()
    expect_scores(pages, 1, 0)

    redis[0].send_signal(signal.SIGKILL)
    redis[0].wait(timeout=10)
    pad(pages[2], "2").click()  # recorded in the database; its broadcast cannot go out
    for page in pages:
        expect(page.locator("#conn")).to_have_attribute("data-state", "offline")
    redis.append(start_redis(port, tmp_path))
    for page in pages:
        expect(page.locator("#conn")).to_have_text("Live", timeout=20_000)
    expect_scores(pages, 3, 0)
    pad(pages[3], "0").click()  # and play goes on: the dice pass to seat 1
    expect(pages[1].locator("#headline")).to_have_text("Your turn: roll the dice!")
    for page in (pages[0], pages[2], pages[3]):
        expect(page.locator("#headline")).to_contain_text(players[1].name)
    assert Event.objects.filter(night=night, kind="roll_scored").count() == 3
