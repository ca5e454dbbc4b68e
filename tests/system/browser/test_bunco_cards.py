"""Bunco, the card game, in real Chromium against a real Daphne server: one person and four
bots in a 5-seat room on a 390 px phone (tap a card, tap a pile; the hint for a compulsory
play), the big screen with every pile and count, and 14 seats without sideways scrolling.
Screenshots go to tests/screenshots/."""

import random
import re

import pytest
from django.db import connection
from playwright.sync_api import expect

from games.engines import get_engine
from games.models import Room
from games.services import rooms, seating
from live.words import english
from tests import builders
from tests.helpers.browser import in_thread
from tests.helpers.screenshots import FOLDER as SHOTS

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
BC = get_engine("bunco_cards")


def _setup(seats, seed=5):
    night = builders.night(builders.host(f"host{seats}"), ["<b>Ann</b>"], paid=False, name="Cards")
    player = night.players.get()
    room = rooms.room_open(
        night_id=night.pk, game="bunco_cards", config={"seats": seats}, actor="host", seed=seed
    )
    seating.seat_join(room_id=room.pk, player=player)
    for _ in range(seats - 1):
        seating.seat_add_bot(room_id=room.pk, actor="host")
    connection.close()
    return room, player


def room_now(room):
    """The room as stored, with the person's last action (read in a thread of its own)."""

    def read():
        fresh = Room.objects.get(pk=room.pk)
        fresh.last_by_person = fresh.actions.filter(by="player").values_list("action").last()
        connection.close()
        return fresh

    return in_thread(read)


def no_sideways_scroll(page):
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], width


def tap(page, action, legal):
    """Play `action` the way a person does: tap the card, then tap where it goes (a
    compulsory play with one place to go is sent by the first tap)."""
    kind = action["type"]
    compulsory = all(a["type"] == "play" for a in legal)
    same_card = [a for a in legal if a.get("card") == action.get("card")]
    if kind in ("stop", "pass"):
        page.locator(f'button[data-action="{kind}"]').click()
        return
    if kind == "lay" or action["from"] == "hand":
        page.locator(f'.bc-handcard[data-card="{action["card"]}"]').first.click()
    elif action["from"] == "bunco":
        page.locator("#bc-bunco").click()
    else:
        page.locator(f"#bc-surplus-{action.get('slot', 0)}").click()
    if compulsory and len(same_card) == 1:
        return
    if kind == "lay":
        target = page.locator(f"#bc-surplus-{action['slot']}")
    elif action["to"] == "new":
        target = page.locator("#bc-new")
    else:
        target = page.locator(f'.bc-pile[data-pile="{action["to"]}"]')
    expect(target).to_have_class(re.compile(r"\btarget\b"))
    target.click()


def test_one_person_and_four_bots_play_on_a_phone(live_server_daphne, browser_context):
    room, player = in_thread(lambda: _setup(5))
    page = browser_context().new_page()
    page.goto(f"{live_server_daphne.url}/rooms/{room.pk}/play/{player.token}/")
    expect(page.locator("#conn")).to_have_attribute("data-state", "open")
    expect(page.locator("#bc-rules")).to_contain_text("Ours (room settings): one surplus pile")
    page.locator("#start").click()
    expect(page.locator("#turn")).to_have_text("Your turn: tap a card")
    expect(page.locator("#bc-hint")).to_have_text(
        "Play your 1s first: each starts a new table pile."
    )
    for part in ("#turn", "#bc-hint", "#bc-bunco", "#bc-surplus-0", ".bc-handcard >> nth=4"):
        expect(page.locator(part)).to_be_in_viewport(ratio=1)  # wholly, without scrolling
    no_sideways_scroll(page)
    page.screenshot(path=str(SHOTS / "bunco_phone_start.png"))

    rng, seen, turns, pending = random.Random(1), 0, 0, 0
    while turns < 3:
        current = room_now(room)
        state = current.state
        assert state["turn"] == 0, "the bots play their turns at once"
        view = BC.view(state, 0)
        expect(page.locator("#bc-hint")).to_have_text(english(view["hint"]))
        if all(a["type"] == "play" for a in view["legal_actions"]):  # a compulsory play
            expect(page.locator("#bc-hint")).to_have_class(re.compile(r"\bpending\b"))
            pending += 1
        hand = [page.locator(".bc-handcard .bc-card").nth(i) for i in range(len(view["hand"]))]
        assert sorted(card.inner_text() for card in hand) == sorted(
            {"B": "★", "S": "STOP"}.get(card, card) for card in view["hand"]
        )
        expect(page.locator("#bc-bunco .bc-count")).to_have_text(
            f"{view['bunco'][0]['count']} left"
        )
        expect(page.locator("#table .bc-pile:not(.new)")).to_have_count(len(view["table"]))
        for i, pile in enumerate(view["table"]):
            expect(page.locator(f'.bc-pile[data-pile="{i}"] .bc-needs')).to_have_text(
                f"needs {pile['next']}"
            )
        action = BC.bot_action(state, 0, rng)
        tap(page, action, view["legal_actions"])
        moved = current.version
        for _ in range(200):
            if room_now(room).version > moved:
                break
            page.wait_for_timeout(50)
        after = room_now(room)
        assert after.version > moved and after.last_by_person == (action,)
        seen += 1
        if after.state["turn"] == 0 and after.state["turns"] > state["turns"]:
            turns += 1  # the bots played a round and it is the person's turn again
        if after.status == Room.Status.FINISHED:
            break
        expect(page.locator("#turn")).to_contain_text("Your turn")
    assert seen >= 4 and pending >= 2  # seed 5 deals seat 0 two 1s and a wild Bunco top
    others = page.locator(".bc-player")
    expect(others).to_have_count(4)
    for i in range(4):
        others.nth(i).scroll_into_view_if_needed()
        expect(others.nth(i)).to_be_in_viewport()
        expect(others.nth(i).locator(".bc-count")).to_contain_text(" left")
    no_sideways_scroll(page)
    page.screenshot(path=str(SHOTS / "bunco_phone_play.png"), full_page=True)

    current = room_now(room)
    screen = browser_context(viewport={"width": 1280, "height": 800}).new_page()
    screen.goto(f"{live_server_daphne.url}/rooms/screen/{current.screen_token}/")
    expect(screen.locator("#conn")).to_have_attribute("data-state", "open")
    public = BC.view(current.state, None)
    expect(screen.locator(".bc-player")).to_have_count(5)
    expect(screen.locator("#table .bc-pile:not(.new)")).to_have_count(len(public["table"]))
    for seat in range(5):
        card = screen.locator(f'.bc-player[data-seat="{seat}"]')
        expect(card).to_be_in_viewport()
        expect(card.locator(".bc-count")).to_have_text(f"{public['bunco'][seat]['count']} left")
    assert screen.locator(".bc-handcard").count() == 0 and screen.locator("#bc-hint").is_hidden()
    screen.screenshot(path=str(SHOTS / "bunco_screen.png"))


def test_fourteen_seats_fit_a_phone_without_sideways_scrolling(live_server_daphne, browser_context):
    room, player = in_thread(lambda: _setup(14, seed=3))
    in_thread(lambda: rooms.room_start(room_id=room.pk, actor="host"))
    page = browser_context().new_page()
    page.goto(f"{live_server_daphne.url}/rooms/{room.pk}/play/{player.token}/")
    expect(page.locator("#conn")).to_have_attribute("data-state", "open")
    expect(page.locator(".bc-player")).to_have_count(13)
    no_sideways_scroll(page)
    for i in range(13):
        other = page.locator(".bc-player").nth(i)
        other.scroll_into_view_if_needed()
        expect(other).to_be_in_viewport()
        box = other.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= 390
    page.screenshot(path=str(SHOTS / "bunco_phone_14_seats.png"), full_page=True)
