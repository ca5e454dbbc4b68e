"""What the browser tests share: scripts added to a page before its own run
(`context.add_init_script`), logging in, phones opened on a night made in another thread,
and checks that an element is readable on a phone."""

import random
import time
from concurrent.futures import ThreadPoolExecutor

from django.db import connection
from playwright.sync_api import expect

from partynight.models import Night, Seat
from tests import builders
from tests.helpers.play import play_round
from tests.helpers.screenshots import screenshot

# Records every socket the page opens (window.__sockets) and every frame they receive or
# send (window.__frames), with the time it arrived.
RECORD_FRAMES = """
(() => {
  window.__frames = [];
  window.__sockets = [];
  const Native = window.WebSocket;
  window.WebSocket = function (url, protocols) {
    const socket = new Native(url, protocols);
    window.__sockets.push(socket);
    socket.addEventListener("message", (event) => {
      const msg = JSON.parse(event.data);
      window.__frames.push({ dir: "in", at: performance.timeOrigin + performance.now(),
        type: msg.type, what: msg.what || null, scope: msg.scope || null, v: msg.v ?? null });
    });
    const send = socket.send.bind(socket);
    socket.send = (data) => {
      window.__frames.push({ dir: "out", type: JSON.parse(data).type });
      send(data);
    };
    return socket;
  };
  window.WebSocket.prototype = Native.prototype;
  Object.assign(window.WebSocket, { CONNECTING: 0, OPEN: 1, CLOSING: 2, CLOSED: 3 });
})();
"""


def frames(page):
    return page.evaluate("window.__frames")


def log_in(page, server, username, password):
    page.goto(server.url + "/accounts/login/")
    page.fill("#id_username", username)
    page.fill("#id_password", password)
    page.get_by_role("button", name="Log in").click()
    expect(page.get_by_role("heading", name="Your nights")).to_be_visible()


def start_night(players, names=None, rules=None, start=True):
    """A night of `players` ("Player N" where `names` gives no name), seats drawn and
    round 1 started unless `start` is False; made in another thread (in_thread)."""
    names = [names[i] if names and i < len(names) else f"Player {i + 1}" for i in range(players)]
    return in_thread(
        lambda: builders.night(
            builders.host(), names, rules=rules, name="Phone night", drawn=True, started=start
        )
    )


def seated(night, table):
    rows = Seat.objects.filter(table__round__night=night, table__number=table).order_by("position")
    return [row.player for row in rows]


def open_phones(server, browser_context, players, playing=True):
    pages = []
    for player in players:
        page = browser_context().new_page()
        page.goto(f"{server.url}/play/{player.token}/")
        pages.append(page)
    for page in pages:
        expect(page.locator("#conn")).to_have_attribute("data-state", "open")
        if playing:
            expect(page.locator("#set-round")).to_have_text("Set 1 · Round 1")
    return pages


def one_phone_offline(server, browser_context):
    """Round 1 started for four at one table, their phones open, the fourth gone offline:
    the night, the players by seat and their pages."""
    night = start_night(4)
    players = seated(night, 1)
    pages = open_phones(server, browser_context, players)
    pages[3].context.set_offline(True)
    expect(pages[3].locator("#conn")).to_have_attribute("data-state", "offline")
    return night, players, pages


def pad(page, entry):
    return page.locator(f'#pad button[data-entry="{entry}"]')


def shot(page, name):
    screenshot(page, f"phone-{name}")


def readable(page, locator):
    """`locator` is inside the viewport, above the fixed pad, and the element at its
    centre is itself (no overlay on top)."""
    box = stable_box(locator)
    view = page.viewport_size
    assert box["x"] >= 0 and box["x"] + box["width"] <= view["width"], box
    assert box["y"] >= 0 and box["y"] + box["height"] <= view["height"], box
    if page.locator("#pad").is_visible():
        assert box["y"] + box["height"] <= stable_box(page.locator("#pad"))["y"], box
    on_top = locator.evaluate(
        """(el) => { const r = el.getBoundingClientRect();
          return el.contains(document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2)); }"""
    )
    assert on_top, "something covers it"


def in_thread(call, *args, **kwargs):
    """Run a setup step in another thread: the services broadcast with async_to_sync,
    which cannot run where Playwright's event loop is running."""

    def run():
        try:
            return call(*args, **kwargs)
        finally:
            connection.close()

    with ThreadPoolExecutor(1) as pool:
        return pool.submit(run).result()


def planned_night(names):
    return builders.night(builders.host(), names, paid=False)


NEXT_FRAMES = (
    "() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))"
)


def stable_box(locator, timeout=10.0):
    """The visible element's box once it holds still: the same over two animation frames.
    Read once right after `to_be_visible`, the box was None under load (the page replaced
    the element in between: issue 28); read while a layout settles it can be a moment old."""
    deadline, last = time.monotonic() + timeout, None
    while True:
        expect(locator).to_be_visible()
        box = locator.bounding_box()
        if box is not None and box == last:
            return box
        assert time.monotonic() < deadline, f"{locator} never held still (last box {box})"
        last = box
        locator.page.evaluate(NEXT_FRAMES)


def in_viewport(locator):
    """The element is visible and its box lies inside the page's viewport."""
    box = stable_box(locator)
    size = locator.page.viewport_size
    assert box["x"] >= 0 and box["y"] >= 0, box
    assert box["x"] + box["width"] <= size["width"] + 1, (box, size)
    assert box["y"] + box["height"] <= size["height"] + 1, (box, size)


def night_after_one_round():
    night = builders.night(builders.host(), 8, drawn=True)
    play_round(night, random.Random(4), 1)
    return Night.objects.get(pk=night.pk)


def expect_scores(pages, team_a, team_b):
    for seat, page in enumerate(pages):
        us, them = (team_a, team_b) if seat % 2 == 0 else (team_b, team_a)
        expect(page.locator("#score-us")).to_have_text(str(us))
        expect(page.locator("#score-them")).to_have_text(str(them))


def second_step(page, first, again):
    """A dangerous host button (static/js/lib/confirm.js): tap `first`, see it ask `again`,
    and tap it once a double tap's echo could no longer count."""
    page.get_by_role("button", name=first).click()
    armed = page.get_by_role("button", name=again)
    expect(armed).to_be_visible()
    page.wait_for_timeout(400)  # the second step counts from 0.35 s after the first
    armed.click()


def table_of_four(server, browser_context, names):
    """Round 1 at one table of four (`names`), the host's dashboard on a laptop and each
    seat's phone open: the night, the dashboard, the players by seat and their pages."""
    night = start_night(4, names=names)
    dashboard = browser_context(viewport={"width": 1280, "height": 900}).new_page()
    log_in(dashboard, server, "hostess", "pw-for-tests-1")
    dashboard.goto(f"{server.url}/nights/{night.pk}/dashboard/")
    players = seated(night, 1)
    return night, dashboard, players, open_phones(server, browser_context, players)
