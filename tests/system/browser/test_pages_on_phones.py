"""The host's and the guests' other pages on a 390 px phone in real Chromium: nothing
wider than the screen, the shared results readable with printing one tap away, a favicon."""

import pytest
from playwright.sync_api import expect

from partynight.services import finish
from tests.helpers.browser import in_thread, in_viewport, log_in, night_after_one_round
from tests.helpers.screenshots import screenshot

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _finished_night():
    night = night_after_one_round()
    finish.night_finish(night_id=night.pk, actor="host")
    return night


def no_sideways_scroll(page):
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], width


def test_the_dashboard_fits_a_phone_during_play(live_server_daphne, browser_context):
    night = in_thread(night_after_one_round)
    page = browser_context().new_page()
    log_in(page, live_server_daphne, "hostess", "pw-for-tests-1")
    page.goto(f"{live_server_daphne.url}/nights/{night.pk}/dashboard/")
    expect(page.locator("#live-status")).to_have_text("Live")
    expect(page.locator(".table-card")).to_have_count(2)
    no_sideways_scroll(page)
    page.get_by_role("button", name="Start round 2").click()
    expect(page.get_by_role("heading", name="Round 2 of 24")).to_be_visible()
    no_sideways_scroll(page)
    for summary in page.locator(".corrections summary").all():
        summary.click()  # the correction forms open: still no sideways scroll
    no_sideways_scroll(page)
    screenshot(page, "host-dashboard-390px")
    planning = browser_context().new_page()
    log_in(planning, live_server_daphne, "hostess", "pw-for-tests-1")
    planning.goto(f"{live_server_daphne.url}/nights/{night.pk}/")
    no_sideways_scroll(planning)
    planning.goto(f"{live_server_daphne.url}/nights/{night.pk}/phones/")
    in_viewport(planning.get_by_role("heading", name="Scan your own card"))
    no_sideways_scroll(planning)
    screenshot(planning, "host-phone-cards")


def test_the_shared_results_read_well_on_a_phone(live_server_daphne, browser_context):
    night = in_thread(_finished_night)
    phone = browser_context().new_page()
    icons = []
    phone.on("response", lambda r: icons.append(r) if "favicon" in r.url else None)
    phone.goto(f"{live_server_daphne.url}/results/{night.results_token}/")
    in_viewport(phone.get_by_role("heading", name="Results: Friday Bunco"))
    expect(phone.get_by_text("Paper:")).to_have_count(0)
    size = phone.evaluate("parseFloat(getComputedStyle(document.querySelector('main')).fontSize)")
    assert size >= 17, size
    no_sideways_scroll(phone)
    screenshot(phone, "results-shared-on-a-phone")
    button = phone.get_by_role("button", name="Print the results")
    button.scroll_into_view_if_needed()
    in_viewport(button)
    assert icons and all(r.status == 200 for r in icons), [(r.url, r.status) for r in icons]
