"""Corrections you can see: the dashboard's roll log per table, an undo that names the roll
it takes back, and a notice on that table's phones (real Chromium, real Daphne)."""

import re

import pytest
from playwright.sync_api import expect

from partynight.models import Table
from tests import builders
from tests.helpers.browser import (
    in_thread,
    in_viewport,
    log_in,
    pad,
    readable,
    shot,
    table_of_four,
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_roll_log_the_named_undo_and_the_notice_on_the_phones(
    live_server_daphne, browser_context
):
    names = ["Eve", "Bo", "Cy", "Di"]
    night, dashboard, players, pages = table_of_four(live_server_daphne, browser_context, names)
    roller, typist = players[0].name, players[1].name
    pad(pages[1], "2").click()  # Bo's phone enters the roller's roll
    card = dashboard.locator('.table-card[data-table="1"]')
    line = card.locator(".roll-log li").first
    expect(line).to_contain_text(f"{roller} entered 2 · 2 points (by {typist})")
    expect(line.locator(".at")).to_have_text(re.compile(r"^\d\d:\d\d:\d\d$"))
    pad(pages[1], "0").click()  # a miss: the dice pass on
    expect(card.locator(".roll-log li")).to_have_count(2)
    undo = card.get_by_role("button", name=f"Undo {roller}'s roll: no points")
    expect(undo).to_be_visible()
    undo.click()
    expect(dashboard.get_by_text("The last roll was taken back.")).to_be_visible()
    expect(card.locator(".roll-log li")).to_have_count(1)  # the miss is gone from the log
    notice = f"The host took back {roller}'s roll: no points."
    for page in pages:
        expect(page.locator("#notice")).to_have_text(notice)
        readable(page, page.locator("#notice"))
        expect(page.locator("#news")).to_have_text("")  # the taken-back roll's line is gone
    shot(pages[2], "correction-notice")
    # a points fix names the team, the reason and the new score
    dashboard.get_by_text("Fix a table's points").click()
    form = dashboard.locator("#fix-points")
    form.locator("[name=team]").select_option("B")
    form.locator("[name=delta]").fill("3")
    form.locator("[name=reason]").fill("a miscount")
    form.get_by_role("button", name="Adjust points").click()
    expect(dashboard.get_by_text("Points adjusted.")).to_be_visible()
    team_b = f"{players[1].name} and {players[3].name}"
    for page in pages:
        expect(page.locator("#notice")).to_have_text(
            f"The host gave {team_b} 3 more points (a miscount). "
            f"Now {players[0].name} and {players[2].name} have 2 and {team_b} have 3."
        )
    expect(pages[1].locator("#score-us")).to_have_text("3")


def test_the_ghosts_opening_rolls_reach_the_roll_log(live_server_daphne, browser_context):
    """A ghost holding the dice when the host starts the round rolls at once; the round's
    snapshot brings those rolls, and their lines reach the dashboard's roll log."""
    night = in_thread(lambda: builders.night(builders.host(), 5, seed=11, paid=False, drawn=True))
    dashboard = browser_context(viewport={"width": 1280, "height": 900}).new_page()
    log_in(dashboard, live_server_daphne, "hostess", "pw-for-tests-1")
    dashboard.goto(f"{live_server_daphne.url}/nights/{night.pk}/dashboard/")
    start = dashboard.get_by_role("button", name="Start round 1")
    start.click()
    expect(start).to_be_hidden()  # the round's snapshot arrived
    opened = in_thread(
        lambda: {t.number: t.version for t in Table.objects.filter(round__night=night) if t.version}
    )
    assert opened, "no ghost opened a table: pick another seed"
    for number, rolls in opened.items():
        lines = dashboard.locator(f'.table-card[data-table="{number}"] .roll-log li')
        expect(lines).to_have_count(rolls)
        expect(lines.first).to_contain_text("(virtual dice)")
        lines.first.scroll_into_view_if_needed()
        in_viewport(lines.first)
