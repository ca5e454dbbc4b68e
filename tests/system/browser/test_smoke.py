"""Real Chromium against a real Daphne server: the page renders and goes live."""

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_home_page_goes_live_over_a_websocket(live_server_daphne, browser_context):
    page = browser_context().new_page()
    page.goto(live_server_daphne.url + "/")
    assert page.get_by_role("heading", name="Run your Bunco night").is_visible()
    status = page.locator("#live-status")
    status.locator("text=Live updates: on").wait_for()
    assert status.get_attribute("data-state") == "live"
