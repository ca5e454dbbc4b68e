"""Russian Bank on a real phone (Chromium, 390 x 844) against the bot, on a real Daphne
server: the person is refused an illegal build with the rule shown in view, loads the bot's
waste, sees the compulsory fill outlined, ends the turn; the bot opens its turn with the
compulsory reserve-to-foundation move. Screenshots go to tests/screenshots/."""

import re

import pytest
from django.db import connection
from playwright.sync_api import expect

from games.models import Room, RoomAction
from games.services import rooms, seating
from tests import builders
from tests.helpers.browser import in_thread
from tests.helpers.russian_bank import position
from tests.helpers.screenshots import FOLDER as SHOTS

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


# Ann (seat 0) to play; the bot's reserve shows 2S over a foundation holding the ace.
TABLE = {
    "h0": "TH", "h1": "JD", "h2": "6D", "h3": "KS", "h4": "9S", "h5": "QH", "h6": "4C",
    "h7": "8H", "f0": "AS", "r0": "3H 7C", "k0": "5H KH 9D", "r1": "QC 2S", "w1": "5D",
    "k1": "2H 2H 5S 5S 4H 8C",
}  # fmt: skip


def _setup():
    night = builders.night(builders.host(), ["Ann"], paid=False, name="Cards")
    ann = night.players.get()
    room = rooms.room_open(night_id=night.pk, game="russian_bank", actor="host", seed=9)
    seating.seat_join(room_id=room.pk, player=ann, seat=0)
    seating.seat_add_bot(room_id=room.pk, seat=1, actor="host")
    rooms.room_start(room_id=room.pk, actor="host")
    Room.objects.filter(pk=room.pk).update(state=position(**TABLE), version=50)
    RoomAction.objects.filter(room=room).delete()
    connection.close()
    return room, ann


def pile(page, name):
    return page.locator(f'#table [data-pile="{name}"]')


def test_a_person_against_the_bot(live_server_daphne, browser_context):
    SHOTS.mkdir(exist_ok=True)
    room, ann = in_thread(_setup)
    page = browser_context().new_page()
    page.goto(f"{live_server_daphne.url}/rooms/{room.pk}/play/{ann.token}/")
    expect(page.locator("#conn")).to_have_attribute("data-state", "open")
    expect(page.locator("#turn")).to_contain_text("Your turn")
    for name in ("r1", "w1", "k1", "f0", "h0", "h7", "r0", "k0"):  # their side, middle, yours
        expect(pile(page, name)).to_be_visible()
    assert pile(page, "r1").bounding_box()["y"] < pile(page, "f0").bounding_box()["y"]
    assert pile(page, "h7").bounding_box()["y"] < pile(page, "r0").bounding_box()["y"]
    expect(pile(page, "r1")).to_contain_text("reserve2 left")

    # An illegal build: the red 10 onto the red jack. Refused, the rule in view.
    pile(page, "h0").click()
    expect(pile(page, "h0")).to_have_attribute("aria-pressed", "true")
    pile(page, "h1").click()
    say = page.locator("#rb-say")
    expect(say).to_contain_text("The 10♥ cannot go on the J♦: two red cards.")
    expect(say).to_be_in_viewport()
    page.screenshot(path=str(SHOTS / "russian_bank_refused.png"))
    expect(pile(page, "h1")).not_to_contain_text("10♥")

    # Load the bot's waste: the 6♦ onto its 5♦.
    pile(page, "h2").click()
    pile(page, "w1").click()
    expect(pile(page, "w1")).to_contain_text("6♦")
    expect(pile(page, "w1")).to_contain_text("waste2 left")

    # House 3 is empty now: the reserve must fill it before a hand card is turned.
    expect(page.locator("#turn")).to_contain_text("Fill the empty house from your reserve")
    expect(pile(page, "r0")).to_have_class(re.compile(r"\bmust\b"))
    page.locator('button[data-action="turn"]').click()
    expect(say).to_contain_text("Fill the empty house")
    pile(page, "r0").click()
    pile(page, "h2").click()
    expect(pile(page, "h2")).to_contain_text("7♣")

    # Turn the 9♦: nowhere to play it, so it goes to the waste and the bot plays.
    page.locator('button[data-action="turn"]').click()
    expect(pile(page, "t0")).to_contain_text("9♦")
    page.locator('button[data-action="move"]').click()
    expect(pile(page, "f0")).to_contain_text("2♠")  # the bot's compulsory first move
    expect(page.locator("#turn")).to_contain_text("Your turn")
    page.screenshot(path=str(SHOTS / "russian_bank_after_bot.png"), full_page=True)
    bot = [a.action for a in RoomAction.objects.filter(room=room, by="bot").order_by("seq")]
    assert bot[0] == {"type": "move", "from": "r1", "to": "f0"}
    assert bot[-1]["to"] == "w1"  # and its turn ended on its waste


STOP_TABLE = {"h0": "JD", "h1": "TH", "h2": "9S", "k0": "4C 5C", "k1": "KC QC", "r0": "8D 3C"}


def _setup_stop(table=STOP_TABLE):
    night = builders.night(builders.host(), ["Ann", "Bea"], paid=False, name="Cards")
    people = list(night.players.order_by("pk"))
    config = {"mode": "stop"}
    room = rooms.room_open(night_id=night.pk, game="russian_bank", config=config, actor="h")
    for seat, person in enumerate(people):
        seating.seat_join(room_id=room.pk, player=person, seat=seat)
    rooms.room_start(room_id=room.pk, actor="host")
    Room.objects.filter(pk=room.pk).update(state=position(mode="stop", **table), version=50)
    RoomAction.objects.filter(room=room).delete()
    connection.close()
    return room, people


def test_stop_mode_the_opponent_stops_a_fault_and_the_big_screen_shows_it(
    live_server_daphne, browser_context
):
    room, people = in_thread(_setup_stop)
    ann, bea = (browser_context().new_page() for _ in people)
    for page, person in ((ann, people[0]), (bea, people[1])):
        page.goto(f"{live_server_daphne.url}/rooms/{room.pk}/play/{person.token}/")
        expect(page.locator("#conn")).to_have_attribute("data-state", "open")
    screen = browser_context(viewport={"width": 1280, "height": 900}).new_page()
    screen.goto(f"{live_server_daphne.url}/rooms/screen/{room.screen_token}/")
    expect(screen.locator('#table [data-pile="r0"]')).to_contain_text("3♣")
    pile(ann, "h1").click()  # a red 10 on a red jack: in Stop! mode the move stands
    pile(ann, "h0").click()
    expect(pile(bea, "h0")).to_contain_text("10♥")
    stop = bea.locator("#rb-stop")
    expect(stop).to_be_in_viewport()
    expect(bea.locator(".rb-count")).to_have_text(re.compile(r"^(10|9|8|7) s$"))
    expect(ann.locator("#rb-stop")).to_have_count(0)
    bea.screenshot(path=str(SHOTS / "russian_bank_stop.png"))
    stop.click()
    expect(pile(bea, "h0")).not_to_contain_text("10♥")
    expect(bea.locator("#rb-say")).to_contain_text("You called Stop! Taken back: The 10♥ cannot")
    expect(ann.locator("#rb-say")).to_contain_text("Bea called Stop!")
    expect(bea.locator("#turn")).to_contain_text("Your turn")
    expect(screen.locator('#table [data-pile="h1"]')).to_contain_text("10♥")
    state = Room.objects.get(pk=room.pk).state
    assert state["stops"][0]["right"] is True and state["board"]["turn"] == 1


def test_a_stop_on_a_skipped_compulsory_move_carries_it_out_on_both_phones(
    live_server_daphne, browser_context
):
    """Seed 004: "take back the move you attempted to make instead, and carry out the
    compulsory move. It is then your opponent's turn to play." """
    room, people = in_thread(lambda: _setup_stop(STOP_TABLE | {"f0": "AC 2C"}))
    ann, bea = (browser_context().new_page() for _ in people)
    for page, person in ((ann, people[0]), (bea, people[1])):
        page.goto(f"{live_server_daphne.url}/rooms/{room.pk}/play/{person.token}/")
        expect(page.locator("#conn")).to_have_attribute("data-state", "open")
    pile(ann, "h2").click()  # the 9S on the 10H is a fair build, but the 3C had to go first
    pile(ann, "h1").click()
    expect(pile(bea, "h1")).to_contain_text("9♠")
    bea.locator("#rb-stop").click()
    said = "The 3♣ went from Ann's reserve to foundation 1, as it had to."
    expect(bea.locator("#rb-say")).to_contain_text(said)
    expect(bea.locator("#rb-say")).to_be_in_viewport()
    expect(ann.locator("#rb-say")).to_contain_text("went from your reserve to foundation 1")
    expect(pile(bea, "f0")).to_contain_text("3♣")
    expect(pile(bea, "h1")).not_to_contain_text("9♠")
    expect(bea.locator("#turn")).to_contain_text("Your turn")
    state = Room.objects.get(pk=room.pk).state
    assert state["stops"][0]["carried_out"] == {
        "type": "move", "from": "r0", "to": "f0", "card": "3C",
    }  # fmt: skip
