"""Guests who arrive after the draw, in real Chromium against a real Daphne server: the
drawn phones never lose their seats, the host sees the guest at once and gives them a
ghost's chair, the Head table starts round 1, the sheets name the guest in the ghost's
place; and a guest at a full night mid-play is told what happens next."""

import pytest
from playwright.sync_api import expect

from partynight.models import Night, Player
from tests import builders
from tests.helpers.browser import in_thread, in_viewport, log_in, seated
from tests.helpers.screenshots import screenshot

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LAPTOP = {"width": 1280, "height": 900}
# Every headline a phone ever shows, in order (window.__headlines).
RECORD_HEADLINES = """
window.__headlines = [];
document.addEventListener("DOMContentLoaded", () => {
  const headline = document.getElementById("headline");
  if (!headline) return;
  new MutationObserver(() => window.__headlines.push(headline.textContent))
    .observe(headline, { childList: true, characterData: true, subtree: true });
});
"""
WAITING_FOR_DRAW = "Waiting for the host to draw the seats"


def phone(server, browser_context, player):
    context = browser_context()
    context.add_init_script(RECORD_HEADLINES)
    page = context.new_page()
    page.goto(f"{server.url}/play/{player.token}/")
    expect(page.locator("#conn")).to_have_attribute("data-state", "open")
    return page


def join_late(server, browser_context, night, told, shot=None):
    """Zoe opens the join page, reads `told` (what happens next) and joins the waiting
    list; her phone's page."""
    guest = browser_context().new_page()
    guest.goto(f"{server.url}/join/{night.join_token}/")
    late = guest.locator("#join-late")
    in_viewport(late)
    expect(late).to_have_text(told)
    if shot:
        screenshot(guest, shot)
    guest.locator("#name").fill("Zoe")
    guest.get_by_role("button", name="Join the waiting list").click()
    return guest


def drawn_seats(night):
    night = Night.objects.get(pk=night.pk)
    return night.pending_seating


def test_a_guest_after_the_draw_takes_a_ghosts_chair_and_nothing_else_moves(
    live_server_daphne, browser_context
):
    server = live_server_daphne
    night = in_thread(lambda: builders.night(builders.host(), 9, drawn=True, name="Late night"))
    seating = drawn_seats(night)
    people = {p.key: p for p in Player.objects.filter(night=night, is_ghost=False)}
    ghosts = {p.key: p for p in Player.objects.filter(night=night, is_ghost=True)}
    head = [people[k] for k in seating[0]]
    foot_ghost = next(k for k in seating[-1] if k in ghosts)
    foot_seat = seating[-1].index(foot_ghost) + 1
    foot_people = [people[k] for k in seating[-1] if k in people]
    host = browser_context(viewport=LAPTOP).new_page()
    log_in(host, server, "hostess", "pw-for-tests-1")
    host.goto(f"{server.url}/nights/{night.pk}/")
    expect(host.locator("#waiting")).to_be_hidden()
    phones = [phone(server, browser_context, p) for p in [*head, *foot_people]]
    for page in phones:
        expect(page.locator("#headline")).to_contain_text("seat")

    guest = join_late(
        server,
        browser_context,
        night,
        "The seats are drawn. Type your name to join the waiting list: the host can give "
        "you a ghost's chair or draw the seats again.",
    )
    expect(guest.locator("#headline")).to_have_text(
        "You're on the waiting list: keep this page open"
    )
    screenshot(guest, "late-guest-waiting-list")

    # the host's open page shows the guest at once, without a reload
    card = host.locator("#waiting")
    expect(card.get_by_role("heading", name="Zoe arrived")).to_be_visible()
    ghost_name = ghosts[foot_ghost].name
    seat = card.get_by_role(
        "button", name=f"Seat Zoe in {ghost_name}'s chair (Foot table, seat {foot_seat})"
    )
    in_viewport(seat)
    screenshot(host, "late-guest-host-choices")
    assert drawn_seats(night) == seating  # nothing drawn changed before the host chose
    seat.click()
    expect(host.locator(".seat-table").last).to_contain_text("Zoe")
    expect(host.locator(".seat-table").last).not_to_contain_text(ghost_name)
    expect(guest.locator("#headline")).to_contain_text(f"Foot table, seat {foot_seat}")
    screenshot(guest, "late-guest-seated")

    # the Head table can start round 1 with the seats as drawn
    ring = phones[0].locator("#ring")
    expect(ring).to_have_text("🔔 Ring the bell: start round 1")
    ring.click()
    for page in [*phones, guest]:
        expect(page.locator("#set-round")).to_have_text("Set 1 · Round 1")
    zoe = Player.objects.get(night=night, name="Zoe")
    assert [p.key for p in seated(night, len(seating))][foot_seat - 1] == zoe.key
    for page in phones:
        shown = page.evaluate("window.__headlines")
        assert shown and not any(WAITING_FOR_DRAW in line for line in shown), shown

    # the sheets reprint with Zoe in the ghost's place
    sheets = browser_context(viewport=LAPTOP)
    paper = host.context.new_page()
    paper.goto(f"{server.url}/nights/{night.pk}/print/sheets/")
    zoe_sheet = paper.locator(".sheet", has_text="Zoe")
    expect(zoe_sheet.locator(".start")).to_have_text(
        f"You start at the Foot table, seat {foot_seat}."
    )
    expect(paper.locator(".sheet", has_text=ghost_name)).to_have_count(0)
    starred = paper.locator(".sheet .start", has_text="★ You start at the Head table")
    expect(starred).to_have_count(4)
    screenshot(paper, "late-guest-sheets")
    sheets.close()


def test_a_late_guest_at_a_full_night_mid_play_is_told_what_happens_next(
    live_server_daphne, browser_context
):
    server = live_server_daphne
    night = in_thread(lambda: builders.night(builders.host(), 8, started=True, name="Full night"))
    host = browser_context(viewport=LAPTOP).new_page()
    log_in(host, server, "hostess", "pw-for-tests-1")
    host.goto(f"{server.url}/nights/{night.pk}/dashboard/")
    expect(host.locator("#live-status")).to_have_attribute("data-state", "live")
    guest = join_late(
        server,
        browser_context,
        night,
        "Play has started and every chair is taken. Type your name to join the waiting "
        "list: when a player leaves, the host can give you their chair.",
        shot="late-guest-full-night-join",
    )
    in_viewport(guest.locator("#headline"))
    expect(guest.locator("#headline")).to_have_text(
        "You're on the waiting list: keep this page open"
    )
    expect(guest.locator("#detail")).to_have_text(
        "Every chair is taken. When a player leaves, the host can give you their chair."
    )
    expect(guest.locator("#pad")).to_be_hidden()
    screenshot(guest, "late-guest-full-night-phone")
    card = host.locator("#waiting")
    expect(card.get_by_role("heading", name="Zoe arrived")).to_be_visible()
    expect(card).to_contain_text(
        "Every chair is taken: when a player leaves, replace them by a ghost, then seat "
        "Zoe in that chair."
    )
    screenshot(host, "late-guest-full-night-dashboard")
