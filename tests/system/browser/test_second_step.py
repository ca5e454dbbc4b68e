"""Dangerous host buttons take a deliberate second step (static/js/lib/confirm.js): a
stray tap or a double tap on "Ring the bell" rings nothing; a second tap a moment later
does (real Chromium, real Daphne)."""

import pytest
from playwright.sync_api import expect

from partynight.models import Round
from tests.helpers.browser import log_in, second_step, start_night
from tests.helpers.screenshots import screenshot

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

AGAIN = "Tap again to ring the bell for every table"


def test_a_stray_or_double_tap_on_the_bell_rings_nothing(live_server_daphne, browser_context):
    night = start_night(8)
    page = browser_context().new_page()  # the host's phone
    log_in(page, live_server_daphne, "hostess", "pw-for-tests-1")
    page.goto(f"{live_server_daphne.url}/nights/{night.pk}/dashboard/")
    expect(page.locator("#live-status")).to_have_text("Live")
    page.get_by_role("button", name="Ring the bell").dblclick()  # a double tap
    expect(page.get_by_role("button", name=AGAIN)).to_be_visible()
    screenshot(page, "host-bell-asks-again")
    assert Round.objects.get(night=night).bell_reason == ""
    page.reload()  # a reload disarms it: a stray tap after it only asks again
    page.get_by_role("button", name="Ring the bell").click()
    expect(page.get_by_role("button", name=AGAIN)).to_be_visible()
    assert Round.objects.get(night=night).bell_reason == ""
    page.reload()
    second_step(page, "Ring the bell", AGAIN)
    expect(page.locator("#bell")).to_contain_text("The bell rang: rung by the host.")
    assert Round.objects.get(night=night).bell_reason == "host"
