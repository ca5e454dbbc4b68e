"""The host's month in real Chromium against a real Daphne server: start a night from the
group, print its score sheets and table sheets (Chromium's own print to PDF, read back:
pages, names, QR codes), play it, print the results, share the read-only link and copy its
summary, and find the night in the group's history."""

import datetime

import pypdfium2
import pytest
import zxingcpp
from playwright.sync_api import expect

from partynight.models import Night
from partynight.services import groups
from tests import builders
from tests.builders import SHORT
from tests.helpers.browser import in_thread, log_in
from tests.helpers.play import play_night

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

MEMBERS = ["Ann", "Bea", "Cat", "Dee", "Eve", "Fay"]


def set_up_group(host):
    group = groups.group_create(host=host, name="Maple Street")
    for name in MEMBERS:
        groups.member_add(group=group, name=name)
    play_night(
        builders.night(
            host, MEMBERS[:4], group=group, date=datetime.date(2026, 11, 6), paid=True, rules=SHORT
        )
    )
    return group


def printed(page) -> list[dict]:
    """The page printed by Chromium (print media), page by page: text and QR codes."""
    document = pypdfium2.PdfDocument(page.pdf(prefer_css_page_size=True))
    return [
        {
            "text": " ".join(p.get_textpage().get_text_range().split()),
            "qr": sorted(c.text for c in zxingcpp.read_barcodes(p.render(scale=3).to_pil())),
        }
        for p in document
    ]


def test_a_host_prints_runs_and_shares_a_group_night(live_server_daphne, browser_context):
    host = builders.host()
    group = in_thread(set_up_group, host)
    assert Night.objects.get().rules == SHORT.to_dict()

    page = browser_context(viewport={"width": 1280, "height": 900}).new_page()
    log_in(page, live_server_daphne, "hostess", "pw-for-tests-1")
    page.get_by_role("link", name="Your groups").click()
    page.get_by_role("link", name="Maple Street").click()
    page.fill("#id_name", "December")
    page.fill("#id_date", "2026-12-04")
    page.get_by_role("button", name="Start a night with the group").click()
    expect(page.get_by_role("heading", name="December")).to_be_visible()
    expect(page.locator(".players .name")).to_have_count(len(MEMBERS))
    with page.expect_navigation():  # the draw is a form post: wait for its page
        page.get_by_role("button", name="Draw the seats").click()
    night = Night.objects.get(name="December")

    page.get_by_role("link", name="score sheets").click()
    page.wait_for_url("**/print/sheets/")  # print the sheets, not the page being left
    sheets = printed(page)
    players = list(night.players.filter(is_ghost=False))
    pairs = [players[i : i + 2] for i in range(0, len(players), 2)]
    assert len(sheets) == len(pairs)  # two sheets a page: a sheet fits on half of one
    starred = {p.name for p in players if p.key in night.pending_seating[0]}
    for sheet, pair in zip(sheets, pairs, strict=True):
        assert all(p.name in sheet["text"] for p in pair) and "December" in sheet["text"]
        urls = sorted(f"{live_server_daphne.url}/play/{p.token}/" for p in pair)
        assert sorted(sheet["qr"]) == urls
        assert ("★" in sheet["text"]) == any(p.name in starred for p in pair)
        assert sheet["text"].count("You start at the") == len(pair)  # first table and seat
        assert "Download PDF" not in sheet["text"]  # no toolbar on paper

    page.go_back()
    page.get_by_role("link", name="table tally sheets").click()
    page.wait_for_url("**/print/tables/")
    tables = printed(page)
    assert [t["text"].split(" table (")[0].split()[-1] for t in tables] == ["Head", "Foot"]

    in_thread(play_night, night, seed=8)
    page.goto(f"{live_server_daphne.url}/nights/{night.pk}/results/")
    page.get_by_role("link", name="Print the results").click()
    page.wait_for_url("**/print/results/")
    results, chart = printed(page)  # the night's chart on a page of its own
    assert "The night as a picture" in chart["text"] and "held the fuzzy die" in chart["text"]
    for award in night.awards.select_related("player"):
        assert f"{award.name} {award.player.name} ${award.amount}" in results["text"]
    assert "Copy as text" not in results["text"]

    share_url = page.locator("#share-url").get_attribute("href")
    guest = browser_context(viewport={"width": 390, "height": 844})
    guest.grant_permissions(["clipboard-read", "clipboard-write"], origin=live_server_daphne.url)
    phone = guest.new_page()
    phone.goto(share_url)
    expect(phone.get_by_role("heading", name="Results: December")).to_be_visible()
    phone.get_by_role("button", name="Copy as text").click()
    expect(phone.locator("#copy-status")).to_have_text("Copied.")
    copied = phone.evaluate("navigator.clipboard.readText()")
    assert copied.startswith("December, Fri 04 Dec 2026: results") and "Pot: $0" in copied

    page.goto(f"{live_server_daphne.url}/groups/{group.pk}/")
    history = page.locator("#nights tbody tr")
    expect(history).to_have_count(2)
    expect(history.first).to_contain_text("December")
    expect(page.locator("#season")).to_contain_text("Season 2026 standings")
