"""A host who picks Italian in the top bar plans a night and runs its dashboard in Italian;
the night they plan speaks Italian too (its big screen and printed sheets). The expected
words come from the translations themselves: the server's (django) and the scripts'
(djangojs) catalogs."""

import gettext as gettext_module

import pytest
from django.conf import settings
from django.urls import reverse
from django.utils import translation
from playwright.sync_api import expect

from partynight.models import Night
from partynight.rules.config import Rules
from tests import builders
from tests.helpers.browser import log_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def server_it(msgid: str, **args) -> str:
    """`msgid` in Italian as the server renders it (a template's or a view's words)."""
    with translation.override("it"):
        said = translation.gettext(msgid)
    assert said != msgid, f"not translated into Italian: {msgid!r}"
    return said % args if args else said


def script_it(msgid: str, **args) -> str:
    """`msgid` in Italian as the dashboard's script says it (the djangojs catalog)."""
    catalog = gettext_module.translation(
        "djangojs", settings.BASE_DIR / "locale", languages=["it"], fallback=True
    )
    said = catalog.gettext(msgid)
    assert said != msgid, f"not translated into Italian: {msgid!r}"
    return said % args if args else said


def test_a_host_who_picks_italian_plans_and_runs_the_night_in_italian(
    live_server_daphne, browser_context
):
    builders.host()
    page = browser_context(viewport={"width": 1280, "height": 900}, locale="en-US").new_page()
    log_in(page, live_server_daphne, "hostess", "pw-for-tests-1")

    # The top bar's pick: native names, applied at once, and it sticks.
    picker = page.locator("#language-pick select")
    expect(picker.locator("option[value=it]")).to_have_text("Italiano")
    picker.select_option("it")
    expect(page.get_by_role("heading", name=server_it("Your nights"))).to_be_visible()
    expect(page.locator("html")).to_have_attribute("lang", "it")

    # A new night speaks the host's language unless the host picks another.
    page.get_by_role("link", name=server_it("New night"), exact=True).click()
    expect(page.locator("#id_language")).to_have_value("it")
    page.fill("#id_name", "Venerdì Bunco")
    page.fill("#id_date", "2026-12-04")
    page.get_by_role("button", name=server_it("Plan the night")).click()
    expect(page.get_by_role("heading", name="Venerdì Bunco")).to_be_visible()
    night = Night.objects.get(name="Venerdì Bunco")
    assert night.language == "it"

    # The planning page.
    expect(page.get_by_role("heading", name=server_it("Join on a phone"))).to_be_visible()
    page.get_by_text(server_it("Paste a list of names")).click()
    page.fill("#id_names", "Ann\nBob\nCat\nDan")
    page.get_by_role("button", name=server_it("Add everyone")).click()
    with translation.override("it"):  # "%(players)s: %(tables)s." reads the same in Italian
        players = translation.ngettext("%(n)s player", "%(n)s players", 4) % {"n": 4}
        tables = translation.ngettext("%(n)s table", "%(n)s tables", 1) % {"n": 1}
        line = translation.gettext("%(players)s: %(tables)s.") % {
            "players": players,
            "tables": tables,
        }
    assert line != "4 players: 1 table."
    expect(page.locator("#table-count")).to_have_text(line)
    page.get_by_role("button", name=server_it("Draw the seats"), exact=True).click()
    expect(page.locator(".messages")).to_contain_text(
        server_it("Seats drawn. The starred players start at the Head table.")
    )
    start = server_it("Start round %(number)s", number=1)
    page.get_by_role("button", name=start).click()

    # The dashboard: the page's words and the script's.
    total = Rules().sets * Rules().rounds_per_set
    heading = script_it("Round %(number)s of %(total)s", number=1, total=total)
    expect(page.get_by_role("heading", name=heading)).to_be_visible()
    expect(page.locator("#live-status")).to_have_text(script_it("Live"))
    expect(page.get_by_role("heading", name=server_it("Corrections"))).to_be_visible()
    expect(page.locator("#standings th").first).to_have_text(script_it("Player"))
    expect(page.get_by_role("button", name=script_it("🔔 Ring the bell"))).to_be_visible()
    expect(page.locator("#pot")).to_have_text(script_it("Pot: $%(pot)s", pot=0))

    # The night's settings say what the night's language is for, and keep Italian.
    page.goto(live_server_daphne.url + reverse("host:night_settings", args=[night.pk]))
    label = server_it("Language of the big screen and printed sheets")
    expect(page.get_by_text(label)).to_be_visible()
    expect(page.locator("#id_language")).to_have_value("it")
