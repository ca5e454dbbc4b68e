"""A 4-seat Burraco room on a real phone (Chromium at 390 px) with three bots, against a real
Daphne server: the person draws, melds, lays off and discards by tapping, with 22 cards in
hand; cards that make no meld leave "Meld" off and say so where the thumb is, a meld they
may join lights up; the big screen shows both sides' melds."""

import os

import pytest
from django.db import connection
from playwright.sync_api import expect

from games.models import Room
from games.services import rooms, seating
from tests import builders
from tests.helpers.browser import in_thread

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
RUN = ["5H", "6H", "7H"]
MORE = "8H"


def _take(state, card):
    """Move one `card` from wherever it lies unseen into seat 0's hand."""
    for zone in [state["stock"], *state["pozzetti"], *state["hands"][1:]]:
        if card in zone:
            zone.remove(card)
            state["hands"][0].append(card)
            return
    raise AssertionError(card)


def _setup():
    night = builders.night(builders.host(), ["<b>Ann</b>"], paid=False, name="Cards")
    player = night.players.get()
    room = rooms.room_open(
        night_id=night.pk, game="burraco", config={"seats": 4}, actor="host", seed=11
    )
    seating.seat_join(room_id=room.pk, player=player)
    for _ in range(3):
        seating.seat_add_bot(room_id=room.pk, actor="host")
    rooms.room_start(room_id=room.pk, actor="host")
    # The bots have played up to the person's first turn. Give the person a hand of 21
    # cards holding 5-6-7-8 of hearts (from unseen places: every card stays in one place).
    room = Room.objects.get(pk=room.pk)
    state = room.state
    assert state["to_act"] == [0] and state["phase"] == "draw"
    melded = {c for side in state["melds"] for m in side for c in m["cards"]}
    assert not melded & {*RUN, MORE}
    hand = state["hands"][0]
    for card in [*RUN, MORE]:
        while hand.count(card) > 1:  # one copy only, so the taps are unambiguous
            hand.remove(card)
            state["stock"].insert(0, card)
        if card not in hand:
            _take(state, card)
    while len(hand) < 21:
        hand.append(state["stock"].pop(0))
    Room.objects.filter(pk=room.pk).update(state=state)
    connection.close()
    return room, player


def in_view(page, locator):
    expect(locator).to_be_visible()
    expect(locator).to_be_in_viewport()


def tap_cards(page, cards):
    for card in cards:
        page.locator(f'.bu-pick[data-card="{card}"]').first.click()


def test_a_person_melds_lays_off_and_discards_by_tapping(live_server_daphne, browser_context):
    room, player = in_thread(_setup)
    page = browser_context().new_page()
    page.goto(f"{live_server_daphne.url}/rooms/{room.pk}/play/{player.token}/")
    expect(page.locator("#conn")).to_have_attribute("data-state", "open")
    expect(page.locator("#turn")).to_have_text("Your turn: draw a card or take the pile")
    draw = page.get_by_role("button", name="Draw a card")
    in_view(page, draw)
    draw.click()
    expect(page.locator("#turn")).to_have_text("Meld, add to a meld, or discard")
    cards = page.locator(".bu-pick")
    expect(cards).to_have_count(22)
    for i in range(22):  # all 22 cards fit the 390 px width: no sideways scrolling
        box = cards.nth(i).bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= 390 and box["width"] >= 44
    # Cards that make no meld: "Meld 3" stays off (the seat's legal_actions have no such
    # meld) and the hint says so where the thumb is.
    hand = Room.objects.get(pk=room.pk).state["hands"][0]
    odd = next(c for c in hand if c != "JK" and c[0] != "2" and c[1] != "H")
    tap_cards(page, [RUN[0], RUN[1], odd])
    expect(page.get_by_role("button", name="Meld 3")).to_be_disabled()
    hint = page.locator(".bu-hint")
    expect(hint).to_have_text("These cards cannot be played together: tap Clear.")
    in_view(page, hint)
    page.get_by_role("button", name="Clear").click()
    # Meld 5-6-7 of hearts.
    tap_cards(page, RUN)
    meld = page.get_by_role("button", name="Meld 3")
    in_view(page, meld)
    meld.click()
    ours = page.locator(".bu-side.mine .bu-meld").filter(has_text="5♥")  # the partner's too
    expect(ours).to_have_count(1)
    expect(ours.locator(".bu-card")).to_have_count(3)
    # Add the 8 of hearts to it: tap the card, and the meld lights up; tap it.
    tap_cards(page, [MORE])
    target = page.locator(".bu-side.mine .bu-meld.target").filter(has_text="5♥")
    expect(target).to_have_count(1)
    expect(page.locator(".bu-side.mine .bu-meld.dim")).to_have_count(
        page.locator(".bu-side.mine .bu-meld").count() - 1
    )
    target.scroll_into_view_if_needed()
    in_view(page, target)
    target.click()
    expect(ours.locator(".bu-card")).to_have_count(4)
    expect(page.locator(".bu-pick")).to_have_count(18)
    # Discard one card: the turn passes to the bots and comes back.
    page.locator(".bu-pick").first.click()
    discard = page.locator(".bu-act.discard")
    expect(discard).to_contain_text("Discard ")
    in_view(page, discard)
    discard.click()
    expect(page.locator("#news")).to_contain_text("You discard")
    expect(page.locator("#turn")).to_have_text("Your turn: draw a card or take the pile")
    state = Room.objects.get(pk=room.pk).state
    assert [c for m in state["melds"][0] if m["cards"][0] == RUN[0] for c in m["cards"]] == [
        *RUN,
        MORE,
    ]
    in_view(page, page.locator("#turn"))
    if os.environ.get("PHONE_SCREENSHOTS"):  # a look at the page: PHONE_SCREENSHOTS=<dir>
        page.screenshot(path=f"{os.environ['PHONE_SCREENSHOTS']}/burraco-phone.png")
    screen = browser_context(viewport={"width": 1280, "height": 800}).new_page()
    screen.goto(f"{live_server_daphne.url}/rooms/screen/{room.screen_token}/")
    expect(screen.locator(".bu-side")).to_have_count(2)
    expect(screen.locator(".bu-side").first.locator(".bu-meld").first).to_be_visible()
    expect(screen.locator(".bu-pick")).to_have_count(0)  # no hand on the screen
    expect(screen.locator(".bu-score").first).to_contain_text("match")
