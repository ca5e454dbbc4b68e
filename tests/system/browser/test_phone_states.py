"""Every phone state of a night in real Chromium: the headline says what to do now, it sits
inside the viewport and nothing covers it (not the roll pad, not an overlay). Each state is
saved as a screenshot under tests/screenshots/ (git-ignored) for a reviewer to look at.

The night is set up through the services (committed: the server shares the database); once
the phones are open everything is driven through the browsers, as at a real party."""

import re

import pytest
from playwright.sync_api import expect

from partynight.models import Event
from partynight.rules.config import Rules
from tests.helpers.browser import (
    log_in,
    open_phones,
    pad,
    readable,
    seated,
    second_step,
    shot,
    start_night,
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LONG = "Maximiliana Bartholomew-Fitzgerald"


def headline(page, text, phase):
    expect(page.locator("#now")).to_have_attribute("data-phase", phase)
    expect(page.locator("#headline")).to_have_text(text)
    readable(page, page.locator("#headline"))


def nothing_under_the_pad(page):
    """Scrolled to the end, the last thing on the page ends above the pad."""
    page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    pad_top = page.locator("#pad").bounding_box()["y"]
    for selector in ("#fuzzy", ".tally", ".rooms-link"):
        if page.locator(selector).is_visible():
            box = page.locator(selector).bounding_box()
            assert box["y"] + box["height"] <= pad_top, selector
    page.evaluate("window.scrollTo(0, 0)")


def names_not_cut(page, selector):
    element = page.locator(selector)
    assert element.evaluate("(el) => el.scrollWidth <= el.clientWidth"), selector


def test_rolling_bell_table_done_and_the_head_table_starts_the_next_round(
    live_server_daphne, browser_context
):
    night = start_night(8, names=[LONG, "Bea", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"])
    head, foot = seated(night, 1), seated(night, 2)
    pages = open_phones(live_server_daphne, browser_context, head + foot)
    head_pages, foot_pages = pages[:4], pages[4:]
    # Rolling: your turn, someone else's; long names wrap, nothing is under the pad
    headline(foot_pages[0], "Your turn: roll the dice!", "rolling")
    headline(foot_pages[1], f"{foot[0].name} is rolling", "rolling")
    for page in pages:
        names_not_cut(page, "#us-names")
        names_not_cut(page, "#them-names")
        nothing_under_the_pad(page)
    long_page = pages[[p.name for p in head + foot].index(LONG)]
    expect(long_page.locator("#us-names")).to_contain_text(LONG)
    shot(long_page, "rolling-long-name")
    shot(foot_pages[0], "rolling-your-turn")
    shot(foot_pages[1], "rolling-someone-else")
    # the Foot table's roller scores (the turn goes on), then the Head table rings the bell
    pad(foot_pages[1], "1").click()
    expect(foot_pages[2].locator("#news")).to_have_text(f"{foot[0].name} scored 1")
    pad(head_pages[2], "bunco").click()
    head_pages[2].locator("#confirm-yes").click()
    # Head table: stopped, and its headline is already where to go next
    for seat, page in enumerate(head_pages):
        expect(page.locator("#bell")).to_have_text("🔔 The bell rang: stop rolling.")
        readable(page, page.locator("#bell"))
        won = seat % 2 == 0  # seat 0 rolled the Bunco for team A
        text = "You won! Next round: Head table" if won else "You lost. Next round: Foot table"
        headline(page, text, "table_done")
    shot(head_pages[0], "bell-head-table-stop")
    # Foot table: the roller finishes the turn; the others are told so
    headline(
        foot_pages[0], "Finish your turn: keep rolling until a roll scores nothing.", "bell_finish"
    )
    readable(foot_pages[0], foot_pages[0].locator("#bell"))
    expect(pad(foot_pages[0], "0")).to_be_enabled()
    headline(
        foot_pages[3], f"{foot[0].name} finishes the turn, then your table stops.", "bell_finish"
    )
    shot(foot_pages[0], "bell-finish-your-turn")
    shot(foot_pages[3], "bell-someone-finishes")
    expect(foot_pages[2].locator("#news")).to_have_text(
        ""
    )  # a new state: the old roll's line is gone
    pad(foot_pages[2], "0").click()  # the turn ends: the Foot table is done, so the round
    for page in pages:
        expect(page.locator("#now")).to_have_attribute("data-phase", "next_round")
        expect(page.locator("#headline")).to_have_text(
            re.compile(r"^Next round: (Head|Foot) table, seat \d · partner ")
        )
        readable(page, page.locator("#headline"))
        expect(page.locator("#news")).to_have_text("")  # round 1's last roll is gone
        expect(pad(page, "1")).to_be_disabled()
        expect(page.locator("#pad-hint")).to_have_text("Round 2 has not started yet.")
    night.refresh_from_db()
    next_head = {f"p{p.pk}" for p in head + foot} & set(night.pending_seating[0])
    by_key = {f"p{p.pk}": page for p, page in zip(head + foot, pages, strict=True)}
    ringers = [by_key[k] for k in sorted(next_head)]
    for key, page in by_key.items():
        ring = expect(page.locator("#ring"))
        ring.to_be_visible() if key in next_head else ring.to_be_hidden()
    readable(ringers[0], ringers[0].locator("#ring"))
    expect(ringers[0].locator("#ring")).to_have_text("🔔 Ring the bell: start round 2")
    shot(ringers[0], "next-round-head-table-rings")
    shot(next(p for k, p in by_key.items() if k not in next_head), "next-round-move")
    # two Head-table phones tap at once: one round starts, nobody sees an error. Taps as
    # events, with no wait for the button: a fast round start hides the second one first.
    ringers[0].locator("#ring").dispatch_event("click")
    ringers[1].locator("#ring").dispatch_event("click")
    for page in pages:
        expect(page.locator("#set-round")).to_have_text("Set 1 · Round 2")
        expect(page.locator("#now")).to_have_attribute("data-phase", "rolling")
        expect(page.locator("#error")).to_be_hidden()
    assert Event.objects.filter(night=night, kind="round_started").count() == 2  # 1 and 2


def test_a_roll_off_under_the_hosts_bell_never_says_stop(live_server_daphne, browser_context):
    night = start_night(4)
    dashboard = browser_context(viewport={"width": 1280, "height": 900}).new_page()
    log_in(dashboard, live_server_daphne, "hostess", "pw-for-tests-1")
    dashboard.goto(f"{live_server_daphne.url}/nights/{night.pk}/dashboard/")
    players = seated(night, 1)
    pages = open_phones(live_server_daphne, browser_context, players)
    second_step(dashboard, "Ring the bell", "Tap again to ring the bell for every table")  # a tie
    first = players[0].name
    headline(pages[0], "Roll-off 1: your turn: roll the dice!", "rolloff")
    for page in pages[1:]:
        headline(page, f"Roll-off 1: {first} is rolling", "rolloff")
    for page in pages:
        expect(page.locator("#bell")).to_have_text(
            "🔔 The bell rang: your table is tied, so roll off."
        )
        assert "stop" not in page.locator("#bell").text_content()
    shot(pages[1], "rolloff-under-the-bell")
    for entry in ["1", "0", "0", "0", "0"]:  # team A scores in the roll-off, then all miss
        pad(pages[0], entry).click()
    headline(pages[0], re.compile(r"^Next round: Head table, seat \d · partner "), "next_round")


def test_break_then_the_last_round_then_the_night_is_over(live_server_daphne, browser_context):
    rules = Rules(sets=2, rounds_per_set=1, break_after_set=1)
    night = start_night(4, names=["Ann", "Bea", "Cy", "Di"], rules=rules)
    dashboard = browser_context(viewport={"width": 1280, "height": 900}).new_page()
    log_in(dashboard, live_server_daphne, "hostess", "pw-for-tests-1")
    dashboard.goto(f"{live_server_daphne.url}/nights/{night.pk}/dashboard/")
    players = seated(night, 1)
    pages = open_phones(live_server_daphne, browser_context, players)
    pad(pages[0], "bunco").click()
    pages[0].locator("#confirm-yes").click()
    for page in pages:
        headline(page, "Break time ☕", "break")
        expect(page.locator("#detail")).to_contain_text("After the break, round 2: ")
        expect(page.locator("#detail")).to_contain_text("Your table rings the bell to start it.")
        readable(page, page.locator("#ring"))
    shot(pages[0], "break")
    pages[3].locator("#ring").click()  # after the break, the Head table rings the bell
    for page in pages:
        expect(page.locator("#now")).to_have_attribute("data-phase", "rolling")
    roller = next(p for p in pages if p.locator("#headline").text_content().startswith("Your"))
    pad(roller, "bunco").click()
    roller.locator("#confirm-yes").click()
    for page in pages:
        headline(page, "Every round is played!", "prizes_pending")
        expect(page.locator("#pad")).to_be_hidden()
    shot(pages[0], "prizes-pending")
    second_step(dashboard, "Award prizes", "Tap again to award the prizes and end the night")
    expect(dashboard.get_by_role("heading", name="Results")).to_be_visible()
    for page in pages:
        expect(page.locator("#now")).to_have_attribute("data-phase", "over")
        readable(page, page.locator("#headline"))
        expect(page.locator("#prizes li")).to_have_count(6)  # every prize, with 4 players
        expect(page.locator("#place")).to_contain_text(re.compile(r"You finished \d\w\w of 4 · "))
    # the fuzzy die's holder and why, the same words as the results page
    expect(pages[0].locator("#prizes")).to_contain_text("holds the fuzzy die")
    winner = pages[0].locator("#headline").text_content()
    assert winner.startswith("You won $") or winner.startswith("The night is over")
    shot(pages[0], "night-over")
    pages[1].reload()  # still over after a reload
    expect(pages[1].locator("#now")).to_have_attribute("data-phase", "over")
    expect(pages[1].locator("#prizes li")).to_have_count(6)
    expect(pages[1].locator("#results-link")).to_have_attribute("href", re.compile("^/results/"))
    pages[1].locator("#results-link").click()
    expect(pages[1].get_by_role("heading", name=re.compile("Results"))).to_be_visible()


def test_before_play_and_offline_wording(live_server_daphne, browser_context):
    night = start_night(4, start=False)
    players = seated_for_draw(night)
    pages = open_phones(live_server_daphne, browser_context, players, playing=False)
    headline(pages[0], re.compile(r"^Round 1: Head table, seat 1 · partner "), "next_round")
    expect(pages[0].locator("#ring")).to_have_text("🔔 Ring the bell: start round 1")
    shot(pages[0], "seated-before-play")
    pages[0].locator("#ring").click()
    headline(pages[0], "Your turn: roll the dice!", "rolling")
    offline = pages[2]
    offline.context.set_offline(True)
    expect(offline.locator("#conn")).to_have_attribute("data-state", "offline")
    pad(offline, "2").click()
    expect(offline.locator("#news")).to_have_text("Waiting to send: 2 matches (offline)")
    expect(offline.locator("#conn")).to_contain_text("1 roll waiting to send")
    assert "Sent" not in offline.locator("body").inner_text()
    shot(offline, "offline-waiting-to-send")
    offline.context.set_offline(False)
    expect(offline.locator("#news")).to_have_text(f"{players[0].name} scored 2")


def seated_for_draw(night):
    night.refresh_from_db()
    by_key = {p.key: p for p in night.players.all()}
    return [by_key[k] for k in night.pending_seating[0]]


def test_an_already_entered_roll_says_so_until_the_state_moves_on(
    live_server_daphne, browser_context
):
    night = start_night(4)
    players = seated(night, 1)
    pages = open_phones(live_server_daphne, browser_context, players)
    late = pages[3]
    late.context.set_offline(True)  # this phone still shows the table before the roll
    expect(late.locator("#conn")).to_have_attribute("data-state", "offline")
    pad(pages[0], "1").click()
    expect(pages[1].locator("#news")).to_have_text(f"{players[0].name} scored 1")
    pad(late, "1").click()  # the same roll, entered again from an old screen
    late.context.set_offline(False)
    expect(late.locator("#error")).to_have_text("That roll was already entered at your table.")
    readable(late, late.locator("#error"))
    expect(late.locator("#news")).to_have_text("")  # not "waiting to send" any more
    shot(late, "already-entered")
    pad(pages[0], "bunco").click()
    pages[0].locator("#confirm-yes").click()
    headline(late, re.compile(r"seat \d · partner "), "next_round")
    expect(late.locator("#error")).to_be_hidden()  # it belonged to the round that ended
    expect(late.locator("#news")).to_have_text("")
    assert Event.objects.filter(night=night, kind="roll_scored").count() == 2
