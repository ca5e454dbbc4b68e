"""A Punto Banco room on two real phones (two Chromium contexts with two players' links) and
a bot, against a real Daphne server: start, both bet, the coup is dealt, both phones show
the cards and the new chip counts."""

import json
import re

import pytest
from django.db import connection
from playwright.sync_api import expect

from games.models import Room
from games.services import rooms, seating
from tests import builders
from tests.helpers.browser import in_thread
from tests.helpers.catalogs import said_in
from tests.helpers.screenshots import screenshot
from tests.helpers.servers import start_daphne

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _setup():
    night = builders.night(builders.host(), ["<b>Ann</b>", "Bea"], paid=False, name="Cards")
    players = list(night.players.order_by("pk"))
    room = rooms.room_open(
        night_id=night.pk, game="punto_banco", config={"seats": 3}, actor="host", seed=9
    )
    for player in players:
        seating.seat_join(room_id=room.pk, player=player)
    seating.seat_add_bot(room_id=room.pk, actor="host")
    connection.close()
    return room, players


def test_two_phones_and_a_bot_play_a_coup(live_server_daphne, browser_context):
    room, players = in_thread(_setup)
    pages = []
    for player in players:
        page = browser_context().new_page()
        page.goto(f"{live_server_daphne.url}/rooms/{room.pk}/play/{player.token}/")
        expect(page.locator("#conn")).to_have_attribute("data-state", "open")
        expect(page.locator("#turn")).to_have_text("Waiting for the start")
        pages.append(page)
    expect(pages[1].locator("#seats .seat-name").first).to_have_text("<b>Ann</b>")
    pages[0].locator("#start").click()
    for page in pages:
        expect(page.locator("#turn")).to_have_text("Place your bet!")
        page.locator("#edges summary").click()
        expect(page.locator("#odds")).to_contain_text(
            "Banker is the best bet: on average you lose 1.0"
        )
    for page, spot in zip(pages, ("banker", "player"), strict=True):
        page.locator(".chip", has_text=re.compile(r"^50$")).click()
        page.locator(f'button[data-action="bet/{spot}"]').click()
    for page in pages:
        expect(page.locator("#news")).to_contain_text("Hand 1:")
        expect(page.locator("#table .card").first).to_be_visible()
        assert page.locator("#table .card").count() >= 4
    state = Room.objects.get(pk=room.pk).state
    assert state["coup_no"] == 1
    for page in pages:
        for seat in range(2):
            row = page.locator("#seats .seat-row").nth(seat)
            expect(row.locator(".seat-chips")).to_contain_text(f"{state['chips'][seat]:,} chips")
    delta = state["last_coup"]["chips"]["seats"][0]
    expect(pages[0].locator("#news")).to_contain_text(f"you {delta:+d}")
    # The chip counter is labelled, with thousands separated; the result names the winner's
    # total first ("Banker wins 7 to 4").
    for seat, page in enumerate(pages):
        expect(page.locator("#my-chips")).to_have_text(f"Your chips: {state['chips'][seat]:,}")
        expect(page.locator("#my-chips")).to_be_visible()
    last = state["last_coup"]
    totals, winner = last["totals"], last["winner"]
    if winner == "tie":
        result = f"Tie at {totals['player']}"
    else:
        loser = "player" if winner == "banker" else "banker"
        result = f"{winner.capitalize()} wins {totals[winner]} to {totals[loser]}"
    expect(pages[0].locator("#news")).to_contain_text(f"Hand 1: {result}")
    # Back to the Bunco page in one tap.
    pages[1].locator("#bunco-link").click()
    expect(pages[1]).to_have_url(re.compile(rf"/play/{players[1].token}/$"))


def _open_room_with_one_seated():
    night = builders.night(builders.host(), ["Ann", "Bea"], paid=False, name="Cards")
    ann, bea = night.players.order_by("pk")
    room = rooms.room_open(
        night_id=night.pk, game="punto_banco", config={"seats": 3}, actor="host", seed=9
    )
    seating.seat_join(room_id=room.pk, player=ann)
    connection.close()
    return room, bea, ann


def test_a_phone_offers_bots_only_once_it_sits(live_server_daphne, browser_context):
    room, bea, _ = in_thread(_open_room_with_one_seated)
    page = browser_context().new_page()
    page.goto(f"{live_server_daphne.url}/rooms/{room.pk}/play/{bea.token}/")
    expect(page.locator("#turn")).to_have_text("Pick a seat")
    sit = page.locator("#seats button", has_text="Sit here").first
    expect(sit).to_be_in_viewport()
    expect(page.locator("#seats button", has_text="Add a bot")).to_have_count(0)
    expect(page.locator("#start")).to_be_hidden()
    sit.click()
    expect(page.locator("#turn")).to_have_text("Waiting for the start")
    add = page.locator("#seats button", has_text="Add a bot").first
    add.scroll_into_view_if_needed()
    expect(add).to_be_in_viewport()
    add.click()
    expect(page.locator("#seats .seat-name", has_text="Bot")).to_have_count(1)


def test_a_seated_phone_fills_the_empty_seats_with_bots_in_one_tap(
    live_server_daphne, browser_context
):
    room, bea, _ = in_thread(_open_room_with_one_seated)
    page = browser_context().new_page()
    page.goto(f"{live_server_daphne.url}/rooms/{room.pk}/play/{bea.token}/")
    expect(page.locator("#fill-bots")).to_be_hidden()  # not seated yet: no lobby
    page.locator("#seats button", has_text="Sit here").first.click()
    fill = page.get_by_role("button", name="Fill the empty seats with bots")
    fill.scroll_into_view_if_needed()
    expect(fill).to_be_in_viewport()
    fill.click()
    expect(page.locator("#seats .seat-name", has_text="Bot")).to_have_count(1)
    expect(page.locator("#seats button", has_text="Sit here")).to_have_count(0)
    expect(fill).to_be_hidden()  # nothing left to fill
    page.locator("#start").click()
    expect(page.locator("#turn")).to_have_text("Place your bet!")


def test_other_phones_follow_a_sit_and_a_leave_without_a_resync(
    live_server_daphne, browser_context
):
    """Bea sits, then leaves: her phone and Ann's follow each change from the frames the
    server pushes, one version at a time (no gap, so no phone ever asks for a resync)."""
    room, bea, ann = in_thread(_open_room_with_one_seated)
    pages, sent = {}, []
    for name, player in (("ann", ann), ("bea", bea)):
        page = browser_context().new_page()
        page.on("websocket", lambda ws: ws.on("framesent", lambda frame: sent.append(frame)))
        page.goto(f"{live_server_daphne.url}/rooms/{room.pk}/play/{player.token}/")
        expect(page.locator("#conn")).to_have_attribute("data-state", "open")
        pages[name] = page
    expect(pages["bea"].locator("#turn")).to_have_text("Pick a seat")
    pages["bea"].locator("#seats button", has_text="Sit here").first.click()
    for page in pages.values():
        expect(page.locator("#seats .seat-name").nth(1)).to_have_text(re.compile("^Bea"))
    expect(pages["bea"].locator("#turn")).to_have_text("Waiting for the start")
    pages["bea"].locator("#seats button", has_text="Leave").click()
    expect(pages["bea"].locator("#turn")).to_have_text("Pick a seat")
    for page in pages.values():
        expect(page.locator("#seats .seat-name").nth(1)).to_have_text("Empty seat")
    assert sent and not [frame for frame in sent if "resync" in str(frame)]


def test_a_phone_that_lost_a_room_frame_catches_up_at_the_heartbeat(
    django_db_setup, browser_context, tmp_path
):
    """Ann's phone loses the frame of Bea sitting down without an error (dropped on its
    websocket; nothing follows, so no gap shows): the room heartbeat carries the newer
    version and live.js resyncs, so Bea appears on Ann's phone anyway."""
    # A beat every 4 s: live.js checks a beat's versions 3 s after it, unless another comes.
    server = start_daphne(tmp_path, "heartbeat", LIVE_HEARTBEAT_SECONDS="4")
    try:
        room, bea, ann = in_thread(_open_room_with_one_seated)
        seen, dropped = [], []

        def lose_the_first_room_frame(ws):
            to_server = ws.connect_to_server()

            def from_server(message):
                kind = json.loads(message)["type"]
                if kind == "room" and not dropped:
                    dropped.append(message)
                    return
                seen.append(kind)
                ws.send(message)

            to_server.on_message(from_server)

        phones = []
        for player in (ann, bea):
            page = browser_context().new_page()
            if player is ann:
                page.route_web_socket(re.compile(r"/ws/rooms/"), lose_the_first_room_frame)
            page.goto(f"{server.url}/rooms/{room.pk}/play/{player.token}/")
            expect(page.locator("#conn")).to_have_attribute("data-state", "open")
            phones.append(page)
        phones[1].locator("#seats button", has_text="Sit here").first.click()
        expect(phones[1].locator("#turn")).to_have_text("Waiting for the start")
        bea_there = phones[0].locator("#seats .seat-name", has_text="Bea")
        expect(bea_there).to_be_in_viewport(timeout=15_000)
        assert dropped and "heartbeat" in seen and seen.count("snapshot") == 2, (seen, dropped)
    finally:
        server.stop()


def _in(lang: str, msgid: str, domain: str = "django") -> str:
    """`msgid` as `lang` reads it (Django's own catalogs: the page's or its scripts'), checked
    to be translated at all, so a test in Italian never passes on English."""
    return said_in(lang, msgid, domain=domain)


def _room_with_a_guest(language=""):
    night = builders.night(builders.host(), ["Ann"], paid=False, name="Cards")
    ann = night.players.get()
    ann.language = language
    ann.save(update_fields=["language"])
    room = rooms.room_open(
        night_id=night.pk, game="punto_banco", config={"seats": 2}, actor="host", seed=9
    )
    connection.close()
    return room, ann


def test_a_guest_whose_browser_is_italian_sees_the_room_in_italian(
    live_server_daphne, browser_context
):
    """The page (server words) and its script (the JavaScript catalog) both follow the
    browser's language, LocaleMiddleware's pick, when the player picked none."""
    room, ann = in_thread(_room_with_a_guest)
    page = browser_context(locale="it-IT").new_page()
    page.goto(f"{live_server_daphne.url}/rooms/{room.pk}/play/{ann.token}/")
    expect(page.locator("html")).to_have_attribute("lang", "it")
    expect(page.locator("#conn")).to_have_attribute("data-state", "open")
    expect(page.locator("#app h2").first).to_have_text(_in("it", "Seats"))
    expect(page.locator("#start")).to_have_text(_in("it", "Start the game"))
    expect(page.locator("#turn")).to_have_text(_in("it", "Pick a seat", "djangojs"))
    expect(page.locator("#status")).to_have_text("· " + _in("it", "taking seats", "djangojs"))
    sit = page.locator("#seats button", has_text=_in("it", "Sit here", "djangojs")).first
    sit.click()
    expect(page.locator("#turn")).to_have_text(_in("it", "Waiting for the start", "djangojs"))
    page.locator("#fill-bots").click()
    # A bot's name travels as Words ("Bot" is "Bot" in Italian too): rendered, not a dict.
    expect(page.locator("#seats .seat-name").nth(1)).to_have_text("Bot 2")
    page.locator("#start").click()
    expect(page.locator("#turn")).to_have_text(_in("it", "Place your bet!", "djangojs"))
    label = _in("it", "Chips:", "djangojs")
    expect(page.locator("#controls .chips-row .label")).to_have_text(label)
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")  # nothing spills
    screenshot(page, "room-punto-banco-in-italian")


def test_a_players_own_language_beats_the_browsers(live_server_daphne, browser_context):
    room, ann = in_thread(lambda: _room_with_a_guest(language="es"))
    page = browser_context(locale="it-IT").new_page()
    page.goto(f"{live_server_daphne.url}/rooms/{room.pk}/play/{ann.token}/")
    expect(page.locator("html")).to_have_attribute("lang", "es")
    expect(page.locator("#start")).to_have_text(_in("es", "Start the game"))
    expect(page.locator("#turn")).to_have_text(_in("es", "Pick a seat", "djangojs"))
    page.goto(f"{live_server_daphne.url}/rooms/for/{ann.token}/")
    expect(page.locator("#game-russian_bank h3")).to_have_text(_in("es", "Russian Bank"))
