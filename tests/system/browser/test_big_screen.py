"""The dashboard hears the bell and the round's end like the phones do (ordering, not
wall-clock time: figures are printed, never asserted). The big screen's layout on every TV
is tests/system/browser/test_stage.py."""

import json

import pytest
from playwright.sync_api import expect

from tests.helpers.browser import RECORD_FRAMES, frames, log_in, pad, seated, start_night

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
TV = {"width": 1920, "height": 1080}


def test_the_dashboard_hears_the_bell_and_the_round_end_like_the_phones(
    live_server_daphne, browser_context
):
    night = start_night(8)
    dashboard_context = browser_context(viewport={"width": 1280, "height": 900})
    dashboard_context.add_init_script(RECORD_FRAMES)
    dashboard = dashboard_context.new_page()
    log_in(dashboard, live_server_daphne, "hostess", "pw-for-tests-1")
    dashboard.goto(f"{live_server_daphne.url}/nights/{night.pk}/dashboard/")
    expect(dashboard.locator("#live-status")).to_have_text("Live")
    head, foot = seated(night, 1), seated(night, 2)
    pages = []
    for player in head + foot:
        context = browser_context()
        context.add_init_script(RECORD_FRAMES)
        page = context.new_page()
        page.goto(f"{live_server_daphne.url}/play/{player.token}/")
        pages.append(page)
    for page in pages:
        expect(page.locator("#conn")).to_have_attribute("data-state", "open")
    pad(pages[4], "1").click()  # the Foot table leads, the turn goes on
    expect(dashboard.locator('.table-card[data-table="2"] [data-points="A"]')).to_have_text("1")
    pad(pages[0], "bunco").click()
    pages[0].locator("#confirm-yes").click()
    expect(dashboard.locator("#bell")).to_contain_text("The bell rang at the Head table")
    pad(pages[4], "0").click()  # the Foot table's turn ends: the round is over
    expect(dashboard.get_by_role("button", name="Start round 2")).to_be_visible()
    for page in pages:
        expect(page.locator("#now")).to_have_attribute("data-phase", "next_round")
    arrivals = {}
    for name, page in [("dashboard", dashboard)] + [(f"phone{i}", p) for i, p in enumerate(pages)]:
        seen = frames(page)
        # the round's end comes as each screen's own snapshot, with `what`
        nights_ = [f["what"] for f in seen if f["dir"] == "in" and f["what"]]
        # each hears the bell once, then the round's end, in that order, with no gap to fill
        assert nights_.count("bell") == 1 and nights_.count("round_done") == 1, (name, nights_)
        assert nights_.index("bell") < nights_.index("round_done"), (name, nights_)
        # events carry state (issue 11): no socket, the dashboard included, re-reads
        assert not [f for f in seen if f["dir"] == "out" and f["type"] == "resync"], name
        bell = next(f for f in seen if f.get("what") == "bell")
        done = next(f for f in seen if f.get("what") == "round_done")
        arrivals[name] = (bell["at"], done["at"])
    first_bell = min(a[0] for a in arrivals.values())
    first_done = min(a[1] for a in arrivals.values())
    report = {
        name: {"bell_ms": round(b - first_bell, 1), "round_done_ms": round(d - first_done, 1)}
        for name, (b, d) in arrivals.items()
    }
    print("bell and round_done arrival after the first page to hear it:", json.dumps(report))
