"""Undo at the table, in real Chromium against a real Daphne server: any phone at a table
takes back the table's last roll, every phone there shows the corrected score and the
notice, the host's dashboard hears of it, and the next roll locks the one before."""

import pytest
from playwright.sync_api import expect

from partynight.models import Event
from tests.helpers.browser import (
    expect_scores,
    pad,
    readable,
    shot,
    table_of_four,
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_phone_takes_back_its_tables_last_roll_until_the_next(
    live_server_daphne, browser_context
):
    names = ["Eve", "Bo", "Cy", "Di"]
    night, dashboard, players, pages = table_of_four(live_server_daphne, browser_context, names)
    roller, undoer = players[0].name, players[2].name
    pad(pages[1], "2").click()  # Bo's phone enters the roller's roll
    expect_scores(pages, 2, 0)
    label = f"Undo {roller}'s roll (2 points)"
    for page in pages:  # every phone at the table sees what it would take back
        expect(page.locator("#undo")).to_have_text(label)
        readable(page, page.locator("#undo"))
    shot(pages[2], "undo-offered")
    pages[2].get_by_role("button", name=label).click()  # Cy's phone, not the typist's
    expect_scores(pages, 0, 0)
    notice = f"{undoer} took back {roller}'s roll: 2 points."
    for page in pages:
        expect(page.locator("#notice")).to_have_text(notice)
        expect(page.locator("#undo")).to_be_hidden()  # older mistakes stay the host's
    shot(pages[0], "undo-taken-back")
    expect(dashboard.locator("#notice")).to_have_text(notice)
    card = dashboard.locator('.table-card[data-table="1"]')
    expect(card.locator(".roll-log li")).to_have_count(0)
    logged = Event.objects.get(night=night, kind="roll_undone")
    assert logged.actor == f"player:{players[2].pk}"

    # the next roll locks the one before: only the newest can be taken back
    pad(pages[1], "1").click()
    expect_scores(pages, 1, 0)
    pad(pages[3], "2").click()
    expect_scores(pages, 3, 0)
    newest = f"Undo {roller}'s roll (2 points)"
    expect(pages[0].locator("#undo")).to_have_text(newest)
    pages[0].get_by_role("button", name=newest).click()
    expect_scores(pages, 1, 0)
    for page in pages:
        expect(page.locator("#undo")).to_be_hidden()
    assert Event.objects.filter(night=night, kind="roll_undone").count() == 2
