"""Real phones: Chromium contexts on the players' links against a real Daphne server.

The night is set up through the services in this process (committed: the server shares the
database); once phones are connected, everything is driven through the browsers, because
with the embedded default the server's in-memory channel layer is not this process's."""

import re

import pytest
from playwright.sync_api import expect

from partynight.models import Event
from tests.helpers.browser import (
    RECORD_FRAMES,
    frames,
    one_phone_offline,
    open_phones,
    pad,
    readable,
    seated,
    start_night,
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_roll_on_one_phone_appears_on_the_other_three(live_server_daphne, browser_context):
    night = start_night(4, names=["<b>Ann</b>", "Bea", "Cy", "Di"])
    players = seated(night, 1)
    pages = open_phones(live_server_daphne, browser_context, players)
    for page, player in zip(pages, players, strict=True):
        expect(page.locator("#table-name")).to_contain_text("Head table · seat ")
        expect(page.locator("#me-name")).to_have_text(player.name)
    expect(pad(pages[0], "wipeout")).to_be_hidden()  # the night's rules have wipeout off
    roller = players[0].name
    expect(pages[2].locator("#headline")).to_have_text(f"{roller} is rolling")
    expect(pages[0].locator("#headline")).to_have_text("Your turn: roll the dice!")
    pad(pages[1], "2").click()
    for page in pages:
        expect(page.locator("#news")).to_have_text(f"{roller} scored 2")
    # team A (seats 0 and 2) scored: "us" on their phones, "them" on the others'
    for seat, page in enumerate(pages):
        mine, theirs = ("2", "0") if seat % 2 == 0 else ("0", "2")
        expect(page.locator("#score-us")).to_have_text(mine)
        expect(page.locator("#score-them")).to_have_text(theirs)
    assert "<b>Ann</b>" in pages[1].locator("#people").text_content()  # escaped, as text
    for seat, page in enumerate(pages):  # partner and opponents as the server names them
        partner, left, right = (players[(seat + step) % 4].name for step in (2, 1, 3))
        people = page.locator("#people")
        expect(people).to_have_text(f"Partner: {partner} · Opponents: {left} and {right}")
        readable(page, people)
    assert Event.objects.filter(night=night, kind="roll_scored").count() == 1


def test_the_bell_reaches_every_phone_and_tells_everyone_where_to_go(
    live_server_daphne, browser_context
):
    night = start_night(8)
    head, middle = seated(night, 1), seated(night, 2)
    pages = open_phones(live_server_daphne, browser_context, head + middle)
    pad(pages[1], "bunco").click()
    expect(pages[1].locator("#confirm")).to_be_visible()
    pages[1].locator("#confirm-yes").click()
    for page in pages[:4]:
        expect(page.locator("#bell")).to_have_text("🔔 The bell rang: stop rolling.")
        expect(page.locator("#now")).to_have_attribute("data-phase", "table_done")
    # nobody had rolled at the Foot table: 0-0, a tie, so a roll-off (one turn per seat)
    for page in pages[4:]:
        expect(page.locator("#bell")).to_contain_text("your table is tied, so roll off")
        expect(page.locator("#headline")).to_contain_text("Roll-off 1: ")
    for entry in ["1", "0", "0", "0", "0"]:
        pad(pages[4], entry).click()  # waits until the last roll is answered
    for page in pages:
        expect(page.locator("#headline")).to_contain_text(re.compile(r"seat \d · partner "))
    expect(pages[0].locator("#buncos")).to_have_text("1")
    expect(pages[0].locator("#fuzzy")).to_be_visible()


def test_an_offline_phone_queues_its_roll_and_catches_up(live_server_daphne, browser_context):
    night, players, pages = one_phone_offline(live_server_daphne, browser_context)
    offline = pages[3]
    pad(offline, "1").click()
    expect(offline.locator("#conn")).to_contain_text("1 roll waiting to send")
    expect(pad(offline, "2")).to_be_disabled()
    offline.context.set_offline(False)
    expect(offline.locator("#conn")).to_have_text("Live")
    for page in pages:
        expect(page.locator("#news")).to_have_text(f"{players[0].name} scored 1")
    expect(pad(offline, "2")).to_be_enabled()
    assert Event.objects.filter(night=night, kind="roll_scored").count() == 1


# The signal of each "online" listener the page adds (an aborted one is removed).
COUNT_ONLINE_LISTENERS = """
(() => {
  window.__online = [];
  const listen = window.addEventListener.bind(window);
  window.addEventListener = (type, listener, options) => {
    if (type === "online") window.__online.push((options && options.signal) || null);
    return listen(type, listener, options);
  };
})();
"""


def test_a_phone_going_offline_and_back_keeps_one_socket(live_server_daphne, browser_context):
    """live.js owns the network events: each time the network goes, the socket goes with
    it; each time it returns, one new socket opens, and the page listens for the network
    once. A tap afterwards reaches the server once and its answer comes back once."""
    night = start_night(4)
    players = seated(night, 1)
    pages = open_phones(live_server_daphne, browser_context, players[:3])
    context = browser_context()
    context.add_init_script(RECORD_FRAMES)
    context.add_init_script(COUNT_ONLINE_LISTENERS)
    phone = context.new_page()
    phone.goto(f"{live_server_daphne.url}/play/{players[3].token}/")
    expect(phone.locator("#conn")).to_have_text("Live")
    flips = 4
    for _ in range(flips):
        context.set_offline(True)
        expect(phone.locator("#conn")).to_have_attribute("data-state", "offline")
        context.set_offline(False)
        expect(phone.locator("#conn")).to_have_text("Live")
    sockets = "window.__sockets.filter((s) => s.readyState <= WebSocket.OPEN).length"
    assert phone.evaluate(sockets) == 1
    assert phone.evaluate("window.__sockets.length") == flips + 1
    assert phone.evaluate("window.__online.filter((s) => !(s && s.aborted)).length") == 1
    phone.evaluate("window.__frames = []")
    pad(phone, "1").click()
    for page in [*pages, phone]:
        expect(page.locator("#news")).to_have_text(f"{players[0].name} scored 1")
    expect(pad(phone, "2")).to_be_enabled()
    heard = [frame["type"] for frame in frames(phone) if frame["dir"] == "in"]
    assert heard.count("result") == 1 and heard.count("table") == 1, heard
    assert phone.evaluate(sockets) == 1
    assert Event.objects.filter(night=night, kind="roll_scored").count() == 1


def test_a_double_tapped_roll_counts_once(live_server_daphne, browser_context):
    night = start_night(4)
    players = seated(night, 1)
    pages = open_phones(live_server_daphne, browser_context, players)
    pad(pages[2], "1").dblclick()
    for page in pages:
        expect(page.locator("#news")).to_have_text(f"{players[0].name} scored 1")
    expect(pad(pages[2], "1")).to_be_enabled()
    # the same action re-sent with its client id (a retry) is answered, not applied again
    pages[2].evaluate(
        """() => {
          const path = location.pathname.replace('/play/', '/ws/play/');
          const onMessage = (m) => {
            if (m.type === 'result') document.body.dataset.again = m.replayed;
          };
          const c = PartyLive.connect(path, {onMessage});
              c.send({type: 'roll', entry: '1', client_id: 'twice'});
              c.send({type: 'roll', entry: '1', client_id: 'twice'}); }"""
    )
    expect(pages[2].locator("body")).to_have_attribute("data-again", "true")
    for seat, page in enumerate(pages):  # team A (the roller's) has 2: once each action
        expect(page.locator("#score-us" if seat % 2 == 0 else "#score-them")).to_have_text("2")
    assert Event.objects.filter(night=night, kind="roll_scored").count() == 2


def test_a_bad_link_shows_a_clear_page(live_server_daphne, browser_context):
    page = browser_context().new_page()
    response = page.goto(f"{live_server_daphne.url}/play/forged-token/")
    assert response.status == 404
    expect(
        page.get_by_text("This player link is not valid; ask the host for your link.")
    ).to_be_visible()
