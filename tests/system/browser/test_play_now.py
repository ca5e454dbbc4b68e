"""Each of the six card games on a 390 x 844 phone, taps only (issue 27): a room opened with
"Play now with bots" in one tap from the rooms page, then at least ten of one's own turns
played by tapping only the places the page lights up from the engine's `legal_actions`,
never scrolling to reach one's own cards or piles. Screenshots go to tests/screenshots/."""

import re
from datetime import timedelta

import pytest
from django.db.models import F
from playwright.sync_api import expect

from games.engines import get_engine
from games.models import Room
from games.services import playing
from live.errors import ServiceError
from tests.helpers.browser import in_thread
from tests.helpers.room_phone import play_now, tap
from tests.helpers.screenshots import screenshot

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

TURNS = 10


def _classes(locator):
    return (locator.get_attribute("class") or "").split()


def _lit_are_the_engines(page, room_id, picked):
    """Exactly the engine's legal targets for the picked pile are lit, every other pile dim."""
    room = Room.objects.get(pk=room_id)
    seat = room.state["to_act"][0]
    legal = get_engine("russian_bank").legal_actions(room.state, seat)
    engine = {a["to"] for a in legal if a["type"] == "move" and a["from"] == picked}
    lit = page.locator("#table .rb-pile.target")
    assert engine and {lit.nth(i).get_attribute("data-pile") for i in range(lit.count())} == engine
    piles = page.locator("#table .rb-pile")
    assert page.locator("#table .rb-pile.dim").count() == piles.count() - len(engine) - 1


def test_russian_bank(live_server_daphne, browser_context):
    page, room_id = play_now(live_server_daphne, browser_context, "russian_bank")
    turns, checked = 0, False
    while turns < TURNS:
        expect(page.locator("#turn")).to_contain_text("Your turn")
        me = page.locator("#table .rb-side.mine").get_attribute("data-seat")
        turned, hand = page.locator(f'[data-pile="t{me}"]'), page.locator(f'[data-pile="k{me}"]')
        must = page.locator("#table .rb-pile.must.can")
        if "can" in _classes(turned):
            tap(page, turned)
            if not checked:
                _lit_are_the_engines(page, room_id, f"t{me}")
                screenshot(page, "play-now-russian-bank-picked")
                checked = True
            foundation = page.locator("#table .rb-foundations .rb-pile.target")
            if foundation.count():
                tap(page, foundation.first)
            else:
                tap(page, page.locator(f'[data-pile="w{me}"].target'))
                turns += 1
        elif must.count() or "can" not in _classes(hand):  # the move that comes first
            pile = (must if must.count() else page.locator("#table .rb-pile.can")).first
            picked = pile.get_attribute("data-pile")
            tap(page, pile)
            _lit_are_the_engines(page, room_id, picked)
            tap(page, page.locator("#table .rb-pile.target").first)
        else:
            tap(page, hand)
    assert checked
    screenshot(page, "play-now-russian-bank")
    # The bot's turn that followed, move by move in order, below the board.
    steps = page.locator("#rb-replay li")
    expect(steps.first).to_be_visible()
    expect(steps.last).to_contain_text(re.compile("to .+'s waste|passed"))
    page.screenshot(path=str(screenshot(page, "play-now-russian-bank")), full_page=True)


def _baccarat(page, prefer):
    """Ten of one's own choices: each time the first lit place of the kinds in `prefer`
    (else any lit one); a chip size is picked once, and every bet place it may go lights."""
    for turn in range(TURNS):
        lit = page.locator("#controls .act.target")
        expect(lit.first).to_be_visible()
        chip = page.locator("#controls .chip:not(.picked)")
        if turn == 0 and chip.count():
            tap(page, chip.first)
        kinds = [lit.nth(i).get_attribute("data-action") for i in range(lit.count())]
        kind = next((k for p in prefer for k in kinds if k.startswith(p)), kinds[0])
        tap(page, page.locator(f'#controls .act.target[data-action="{kind}"]'))


@pytest.mark.parametrize(
    ("game", "prefer"),
    [
        ("punto_banco", ["bet/banker"]),
        ("chemin_de_fer", ["banco", "bank", "draw", "stand", "pass"]),
        ("baccarat_banque", ["stake", "banco", "bank", "draw", "stand", "pass"]),
    ],
)
def test_the_baccarat_family(live_server_daphne, browser_context, game, prefer):
    page, room_id = play_now(live_server_daphne, browser_context, game)
    _baccarat(page, prefer)
    assert Room.objects.get(pk=room_id).actions.filter(by="player").count() >= TURNS
    screenshot(page, f"play-now-{game}")


def test_bunco_cards(live_server_daphne, browser_context):
    page, room_id = play_now(live_server_daphne, browser_context, "bunco_cards")
    turns = 0
    while turns < TURNS:
        expect(page.locator("#turn")).to_contain_text("Your turn")
        card = page.locator("#bc-bunco:enabled, #controls .bc-handcard:enabled").first
        if not card.count():
            tap(page, page.locator('#controls button[data-action="pass"]'))
            turns += 1
            continue
        tap(page, card)
        lay = page.locator("#controls .bc-spot.target")
        if lay.count():
            tap(page, lay.first)  # laying on one's surplus ends the turn
            turns += 1
        elif page.locator("#table .bc-pile.target").count():
            tap(page, page.locator("#table .bc-pile.target").first)
    assert Room.objects.get(pk=room_id).actions.filter(by="player").count() >= TURNS
    screenshot(page, "play-now-bunco-cards")


def test_burraco(live_server_daphne, browser_context):
    page, room_id = play_now(live_server_daphne, browser_context, "burraco")
    turns = 0
    while turns < TURNS:
        buttons = page.locator("#controls .bu-act")
        expect(buttons.first).to_be_visible()
        draw = page.get_by_role("button", name="Draw a card")
        other = page.get_by_role("button", name="Take your pozzetto").or_(
            page.get_by_role("button", name="No, play on")
        )
        if draw.count():
            tap(page, draw)
        elif other.count():
            tap(page, other.first)
        else:
            cards = page.locator("#controls .bu-pick")
            for i in range(cards.count()):
                tap(page, cards.nth(i))
                meld = page.locator("#table .bu-meld.target")
                if meld.count():  # lit on the table, and its button lit in reach
                    lit = meld.first.get_attribute("data-meld")
                    tap(page, page.locator(f'#controls .bu-act.target[data-meld="{lit}"]'))
                    break
                if page.locator("#table .bu-pile.target").count():  # and its button, lit too
                    tap(page, page.locator('#controls .bu-act.target[data-action="discard"]'))
                    turns += 1
                    break
                tap(page, cards.nth(i))  # nothing lit for it: put it back
    assert Room.objects.get(pk=room_id).actions.filter(by="player").count() >= TURNS
    screenshot(page, "play-now-burraco")


def _three_minutes_later(room_id):
    """The room's last change (what every wait counts from) moved 3 minutes back, then the
    timer's own call: a default room has no timer, so it is too early for ever."""
    Room.objects.filter(pk=room_id).update(updated=F("updated") - timedelta(minutes=3))
    room = Room.objects.get(pk=room_id)
    with pytest.raises(ServiceError) as early:
        playing.seat_timeout(room_id=room_id, actor="timer", seen_version=room.version)
    return early.value.code


def test_a_default_room_never_plays_a_persons_turn(live_server_daphne, browser_context):
    page, room_id = play_now(live_server_daphne, browser_context, "punto_banco")
    expect(page.locator("#turn")).to_have_text("Place your bet!")
    expect(page.locator("#clock")).to_have_text("")  # no countdown: nobody is hurried
    assert in_thread(_three_minutes_later, room_id) == "too_early"
    page.reload()
    expect(page.locator("#turn")).to_have_text("Place your bet!")
    expect(page.locator("#news")).not_to_contain_text("time ran out")
    assert not Room.objects.get(pk=room_id).actions.filter(by="timeout").exists()


def _nearly_out(room_id):
    Room.objects.filter(pk=room_id).update(updated=F("updated") - timedelta(seconds=100))


def test_a_two_minute_timer_nudges_before_it_plays(live_server_daphne, browser_context):
    """With the optional timer, 20 s before it plays for Ann her phone says so and her seat
    lights up (the vibration and the beep go with it)."""
    page, room_id = play_now(live_server_daphne, browser_context, "punto_banco", timeout="120")
    expect(page.locator("#clock")).to_contain_text("Time to choose")
    expect(page.locator("#seats .seat-row.nudged")).to_have_count(0)
    in_thread(_nearly_out, room_id)
    page.reload()
    expect(page.locator("#clock")).to_contain_text("it is played for you")
    expect(page.locator("#seats .seat-row.me")).to_have_class(re.compile(r"\bnudged\b"))
    screenshot(page, "play-now-nudged")
