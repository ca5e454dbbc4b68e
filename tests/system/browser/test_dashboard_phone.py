"""The host's dashboard on a phone at a 48-player night (real Chromium, real Daphne): the
next action sits at the top, and the standings take one line a player, the details on a
tap."""

import pytest
from playwright.sync_api import expect

from partynight.models import Night
from tests.helpers.browser import in_viewport, log_in, start_night
from tests.helpers.screenshots import screenshot

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
PHONE = {"width": 390, "height": 844}


def test_a_48_player_dashboard_on_a_phone_is_one_line_a_player(live_server_daphne, browser_context):
    night = start_night(48)
    # a prize the host renamed: the leaders show the night's own name, as the server sends it
    prizes = [
        dict(e, name="Bunco Queen") if e["prize"] == "most_buncos" else e for e in night.prize_table
    ]
    Night.objects.filter(pk=night.pk).update(prize_table=prizes)
    page = browser_context(viewport=PHONE).new_page()
    log_in(page, live_server_daphne, "hostess", "pw-for-tests-1")
    page.goto(f"{live_server_daphne.url}/nights/{night.pk}/dashboard/")
    expect(page.locator("#live-status")).to_have_text("Live")
    in_viewport(page.get_by_role("button", name="Ring the bell"))  # the next action: on top
    rows = page.locator("#standings tbody tr")
    expect(rows).to_have_count(48)
    one_line = rows.first.evaluate("(r) => parseFloat(getComputedStyle(r.cells[0]).lineHeight)")
    heights = rows.evaluate_all("(rows) => rows.map((r) => r.getBoundingClientRect().height)")
    assert max(heights) < 2 * one_line + 16, (max(heights), one_line)  # one line each
    leads = rows.first.locator("td.leads")
    full = leads.text_content()
    # at 0-0 everyone is on track for every prize but the fuzzy die's: the words are long
    assert full == "Bunco Queen, Most wins, Most losses, 50/50"
    leads.scroll_into_view_if_needed()
    in_viewport(leads)
    rows.first.click()  # a tap shows them in full
    expect(rows.first).to_have_class("open")
    assert rows.first.bounding_box()["height"] > heights[0]
    height = page.evaluate("document.documentElement.scrollHeight")
    screenshot(page, "host-dashboard-48-phone")
    print("dashboard height at 48 players on a phone:", height)
