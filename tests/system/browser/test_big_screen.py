"""The big screen on a 1920x1080 TV with 12 tables: every table, its score and its next
seating, and the standings, all inside the viewport without scrolling after a round ends.
And the dashboard hears the bell and the round's end like the phones do (ordering, not
wall-clock time: figures are printed, never asserted)."""

import json
from concurrent.futures import ThreadPoolExecutor

import pytest
from django.db import connection
from playwright.sync_api import expect

from partynight.services import play
from tests import builders
from tests.helpers.browser import RECORD_FRAMES, frames, log_in, pad, seated, start_night
from tests.helpers.screenshots import FOLDER

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
TV = {"width": 1920, "height": 1080}


def _night_after_a_round(players):
    """A night of `players` whose first round is over: every table but the Head scores 1
    and passes the dice, then a Bunco at the Head table rings the bell."""
    names = [
        f"Player {i + 1}" if i % 5 else f"Bartholomew-Fitzgerald {i + 1}" for i in range(players)
    ]
    night = builders.night(builders.host(), names, seed=8, started=True, name="Big night")
    tables = len(night.pending_seating)
    for number in range(2, tables + 1):
        for entry in ("1", "0"):
            play.roll_record(
                night_id=night.pk,
                table_number=number,
                entry=entry,
                actor="host",
                client_id=f"t{number}-{entry}",
            )
    play.roll_record(
        night_id=night.pk, table_number=1, entry="bunco", actor="host", client_id="bell"
    )
    connection.close()
    return night


def inside(page, locator):
    box = locator.bounding_box()
    assert box is not None
    assert box["x"] >= 0 and box["y"] >= 0, box
    assert box["x"] + box["width"] <= TV["width"] + 0.5, box
    assert box["y"] + box["height"] <= TV["height"] + 0.5, box


def test_twelve_tables_and_the_standings_fit_one_tv_screen(live_server_daphne, browser_context):
    with ThreadPoolExecutor(1) as pool:
        night = pool.submit(_night_after_a_round, 48).result()
    tv = browser_context(viewport=TV).new_page()
    tv.goto(f"{live_server_daphne.url}/screen/{night.screen_token}/")
    expect(tv.locator("#live-status")).to_have_text("Live")
    cards = tv.locator(".table-card")
    expect(cards).to_have_count(12)
    # the headline names the Head table as its card does, and says what the room does next
    bell = tv.locator("#bell")
    expect(bell).to_contain_text("at the Head table")
    expect(bell).to_contain_text("Round over: find your next seat on your table's card.")
    inside(tv, bell)
    tv.screenshot(path=str(_shots() / "screen-12-tables-after-a-round.png"))
    for index in range(12):
        card = cards.nth(index)
        inside(tv, card)
        inside(tv, card.locator('[data-points="A"]'))
        expect(card.locator(".next-seats")).to_contain_text("Next round: 1 ")
        inside(tv, card.locator(".next-seats"))
    rows = tv.locator("#standings li")
    expect(rows).to_have_count(48)
    for index in range(48):
        inside(tv, rows.nth(index))
    inside(tv, tv.locator("#pot"))
    scroll = tv.evaluate(
        "[document.documentElement.scrollWidth, document.documentElement.scrollHeight]"
    )
    assert scroll[0] <= TV["width"] and scroll[1] <= TV["height"], scroll


def _shots():
    FOLDER.mkdir(parents=True, exist_ok=True)
    return FOLDER


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
