"""A reloaded phone (real Chromium, real Daphne): it shows the last state it knew, greyed
with "Reconnecting…" and its pad shut, until the server's snapshot arrives; a finished
night's result shows at once; a removed guest sees only that message."""

import re

import pytest
from playwright.sync_api import expect

from tests import builders
from tests.helpers.browser import (
    in_thread,
    log_in,
    open_phones,
    pad,
    seated,
    second_step,
    shot,
    start_night,
)
from tests.helpers.play import play_night

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
STALE = re.compile(r"\bstale\b")


def hold_the_server(page):
    """The phone's next socket reaches the server, but what the server says waits until
    the returned `release()`."""
    held, open_ = [], []

    def route(ws):
        server = ws.connect_to_server()

        def from_server(message):
            if open_:
                ws.send(message)
            else:
                held.append((ws, message))

        server.on_message(from_server)

    page.route_web_socket(re.compile(r"/ws/play/"), route)

    def release():
        open_.append(True)
        for ws, message in held:
            ws.send(message)

    return release


def test_a_reloaded_phone_shows_what_it_knew_greyed_until_the_snapshot(
    live_server_daphne, browser_context
):
    night = start_night(4)
    page = open_phones(live_server_daphne, browser_context, seated(night, 1))[0]
    pad(page, "2").click()
    expect(page.locator("#score-us")).to_have_text("2")
    headline = page.locator("#headline").text_content()
    release = hold_the_server(page)
    page.reload()
    app = page.locator("#app")
    expect(app).to_have_class(STALE)
    expect(page.locator("#conn")).to_have_text("Reconnecting…")
    expect(page.locator("#headline")).to_have_text(headline)  # never "Connecting…"
    expect(page.locator("#score-us")).to_have_text("2")  # never 0
    expect(pad(page, "1")).to_be_disabled()
    shot(page, "reloaded-greyed")
    release()
    expect(app).not_to_have_class(STALE)
    expect(page.locator("#conn")).to_have_text("Live")
    expect(pad(page, "1")).to_be_enabled()


def test_a_finished_night_shows_its_result_at_once_after_a_reload(
    live_server_daphne, browser_context
):
    def finished():
        from partynight.rules.config import Rules

        rules = Rules(sets=1, rounds_per_set=1, break_after_set=None)
        night = builders.night(builders.host(), players=4, rules=rules)
        return play_night(night)

    night = in_thread(finished)
    player = night.players.filter(is_ghost=False).first()
    page = browser_context().new_page()
    page.goto(f"{live_server_daphne.url}/play/{player.token}/")
    expect(page.locator("#results")).to_be_visible()
    hold_the_server(page)  # the server never answers this time
    page.reload()
    expect(page.locator("#results")).to_be_visible()
    expect(page.locator("#now")).to_have_attribute("data-phase", "over")
    expect(page.locator("#app")).not_to_have_class(STALE)


def test_a_removed_guest_sees_only_that(live_server_daphne, browser_context):
    night = in_thread(lambda: builders.night(builders.host(), ["Ann", "Bo", "Cy", "Di", "Ed"]))
    ed = night.players.get(name="Ed")
    page = browser_context().new_page()
    page.goto(f"{live_server_daphne.url}/play/{ed.token}/")
    expect(page.locator("#conn")).to_have_text("Live")
    expect(page.locator("#headline")).to_have_text("Waiting for the host to draw the seats")
    host = browser_context(viewport={"width": 1280, "height": 900}).new_page()
    log_in(host, live_server_daphne, "hostess", "pw-for-tests-1")
    host.goto(f"{live_server_daphne.url}/nights/{night.pk}/")
    row = host.locator(f'li[data-player="{ed.pk}"]')
    row.get_by_text("Change").click()
    second_step(host, "Remove Ed", "Tap again to remove Ed")  # a deliberate second step
    expect(host.get_by_text("Player removed.")).to_be_visible()
    expect(page.locator("#headline")).to_have_text(
        "The host took you off tonight's list, so this link no longer plays."
    )
    expect(page.locator("#error")).to_be_hidden()
    expect(page.get_by_text("Waiting for the host to draw the seats")).to_have_count(0)
    expect(page.get_by_text("Keep this page open")).to_have_count(0)
    expect(page.get_by_role("link", name="Card-game rooms")).to_be_hidden()
    expect(page.locator("#conn")).to_have_text("Not connected")
    shot(page, "removed-guest")
