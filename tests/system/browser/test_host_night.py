"""A host runs a night in real Chromium against a real Daphne server: plans it in the
browser, draws the seats, starts play, and watches the dashboard update live while rolls
come in over a second websocket (as the phones' rolls would)."""

import itertools
import json

import pytest
from playwright.sync_api import expect
from websockets.sync.client import connect

from tests import builders
from tests.helpers.browser import in_viewport, log_in, second_step

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PLAYERS = [f"Player {n}" for n in range(1, 13)]


class TableSocket:
    """A second host connection from the test: it enters rolls the way the dashboard does
    and reads the night's state from fresh snapshots."""

    def __init__(self, socket):
        self.socket = socket
        self.ids = (f"test-{n}" for n in itertools.count())
        self.snapshot = self.wait_for(lambda m: m["type"] == "snapshot")

    def wait_for(self, match):
        while True:
            message = json.loads(self.socket.recv(timeout=10))
            if match(message):
                return message

    def roll(self, table, entry):
        client_id = next(self.ids)
        message = {"type": "roll", "table": table, "entry": entry, "client_id": client_id}
        self.socket.send(json.dumps(message))
        answer = self.wait_for(lambda m: m.get("client_id") == client_id)
        assert answer["type"] == "result", answer
        self.socket.send(json.dumps({"type": "resync"}))
        self.snapshot = self.wait_for(lambda m: m["type"] == "snapshot")

    def finish_table(self, number):
        """Roll until the table is done, team A winning (it scores 1s, team B misses)."""
        while True:
            table = next(t for t in self.snapshot["tables"] if t["number"] == number)
            if table["phase"] == "done":
                return
            a_to_roll = table["turn"] % 2 == 0
            self.roll(
                number, "1" if a_to_roll and table["points"][0] <= table["points"][1] else "0"
            )


def plan_night(page):
    page.get_by_role("link", name="New night").click()
    page.fill("#id_name", "Friday Bunco")
    page.fill("#id_date", "2026-12-04")
    page.get_by_role("button", name="Plan the night").click()
    expect(page.get_by_role("heading", name="Friday Bunco")).to_be_visible()
    for name in PLAYERS:
        page.fill("#id_name", name)
        page.get_by_role("button", name="Add", exact=True).click()
        expect(page.locator(".players .name", has_text=name)).to_have_count(1)
    expect(page.locator("#table-count")).to_have_text("12 players: 3 tables.")


def test_a_host_plans_a_night_and_the_dashboard_follows_play_live(
    live_server_daphne, browser_context
):
    builders.host()
    page = browser_context(viewport={"width": 1280, "height": 900}).new_page()
    log_in(page, live_server_daphne, "hostess", "pw-for-tests-1")
    plan_night(page)

    page.fill("#id_name", "")
    page.get_by_role("button", name="Add", exact=True).click()
    expect(page.get_by_text("Please enter a name.")).to_be_visible()

    screen_url = page.locator("#join a[href*='/screen/']").get_attribute("href")
    page.get_by_role("button", name="Draw the seats").click()
    expect(page.locator(".seat-table")).to_have_count(3)
    expect(page.locator(".seat-table").first.locator("li")).to_have_count(4)
    expect(page.locator(".seat-table").first).to_contain_text("★")
    page.get_by_role("button", name="Start round 1").click()

    expect(page.get_by_role("heading", name="Round 1 of 24")).to_be_visible()
    expect(page.locator(".table-card")).to_have_count(3)
    expect(page.locator("#live-status")).to_have_text("Live")
    expect(page.locator("#number-up")).to_have_text("1")

    tv = browser_context(viewport={"width": 1920, "height": 1080}).new_page()
    tv.goto(screen_url)
    expect(tv.locator(".table-card")).to_have_count(3)
    expect(tv.locator("#live-status")).to_have_text("Live")

    night_id = int(page.url.rstrip("/").split("/")[-2])
    session = next(c["value"] for c in page.context.cookies() if c["name"] == "sessionid")
    socket = connect(
        f"{live_server_daphne.ws_url}/ws/nights/{night_id}/",
        additional_headers={"Cookie": f"sessionid={session}", "Origin": live_server_daphne.url},
        open_timeout=10,
    )
    with socket:
        phones = TableSocket(socket)
        # A roll at the Middle table shows up on the dashboard without a reload.
        turn = phones.snapshot["tables"][1]["turn"]
        phones.roll(2, "2")
        team = "A" if turn % 2 == 0 else "B"
        middle = page.locator('.table-card[data-table="2"]')
        expect(middle.locator(f'[data-points="{team}"]')).to_have_text("2")

        # A Bunco at the Head table rings the bell; the other tables finish their turns.
        phones.roll(1, "bunco")
        # the bell's sentence is the server's (why and where), shown where it is seen
        expect(page.locator("#bell")).to_contain_text(
            "🔔 The bell rang at the Head table: a Bunco. Tables finish their turns."
        )
        in_viewport(page.locator("#bell"))
        expect(page.locator(".tag.bunco")).to_have_count(1)
        expect(tv.locator("#bell")).to_have_text(
            "The bell rang at the Head table: a Bunco. Tables finish their turns."
        )
        in_viewport(tv.locator("#bell"))
        expect(tv.get_by_role("button", name="Ring the bell")).to_have_count(0)
        phones.finish_table(2)
        phones.finish_table(3)

    expect(page.locator("#next-seating")).to_be_visible()
    expect(page.locator("#next-seating .seat-table")).to_have_count(3)
    expect(page.locator("#next-seating .move").first).to_contain_text("your partner is")
    expect(page.locator("#standings tbody tr")).to_have_count(12)
    page.get_by_role("button", name="Start round 2").click()
    expect(page.get_by_role("heading", name="Round 2 of 24")).to_be_visible()
    expect(page.locator("#number-up")).to_have_text("2")
    second_step(page, "Ring the bell", "Tap again to ring the bell for every table")
    expect(page.locator("#bell")).to_contain_text("🔔 The bell rang: rung by the host.")
    in_viewport(page.locator("#bell"))
    expect(tv.locator("#bell")).to_contain_text("The bell rang: rung by the host.")
    in_viewport(tv.locator("#bell"))
