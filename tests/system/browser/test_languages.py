"""Every guest in their own language (issue 31), in real Chromium against a real server: the
host plans a night with the pages in Italian (Django's set_language, as the host's picker
posts it); one player picked Filipino on the phone, one phone's browser is Spanish, one is
English. Through a round's end, the break and the finale each phone reads its own language
(its headline is the server's Words rendered by Django in that language, and <html lang>
says it); the stage and the printed results (page and PDF) read the night's language, even
once the host went back to English.

Every language difference is collected and reported at the end, so one run lists all that
is missing (a night that did not take the host's language is corrected so the rest can
still be checked)."""

import random
import re

import pypdfium2
import pytest
from django.utils import dateformat, translation
from playwright.sync_api import Error, expect

from live.text import render
from live.words import english, is_words
from partynight.models import Night, Player
from partynight.rules.config import Rules
from partynight.services import finish, nights, play
from partynight.services.snapshots import player_snapshot
from tests import builders
from tests.helpers.browser import in_thread, log_in
from tests.helpers.play import play_round, play_to_the_end

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

RULES = Rules(sets=2, rounds_per_set=2, break_after_set=1)  # round 2 ends at the break
# Each guest, their phone's browser language, and their pick on the phone ("" = none)
GUESTS = [("Ann", "en-US", ""), ("Bea", "en-US", "tl"), ("Cy", "es-ES", ""), ("Di", "en-US", "")]
READS = {"Ann": "en", "Bea": "tl", "Cy": "es", "Di": "en"}

SET_LANGUAGE = """(language) => {
  const form = Object.assign(document.createElement("form"),
                             {method: "post", action: "/i18n/setlang/"});
  const token = document.cookie.match(/csrftoken=([^;]+)/)[1];
  for (const [name, value] of [["language", language], ["next", location.pathname],
                               ["csrfmiddlewaretoken", token]]) {
    form.append(Object.assign(document.createElement("input"), {type: "hidden", name, value}));
  }
  document.body.append(form);
  form.submit();
}"""


def pick_language(page, language):
    """What a language picker posts: Django's set_language (the host's pick, a cookie)."""
    with page.expect_navigation():
        page.evaluate(SET_LANGUAGE, language)


class Differences(list):
    def check(self, what, call, *args, **kwargs):
        try:
            call(*args, **kwargs)
        except (AssertionError, Error) as error:
            lines = str(error).splitlines()
            actual = [line.strip() for line in lines if line.startswith("Actual value")]
            self.append(f"{what}: {' / '.join(lines[:1] + actual)}")

    def lang(self, what, page, language):
        self.check(
            f"{what} <html lang>",
            expect(page.locator("html")).to_have_attribute,
            "lang",
            language,
            timeout=3000,
        )


def headline_words(player_id):
    return player_snapshot(Player.objects.get(pk=player_id))["phone"]["headline"]


def check_phones(found, moment, phones):
    """Each phone's headline is the server's own Words in the phone's language. The night
    moved on in this process, whose broadcasts never reach the server's sockets: reload."""
    for player, page in phones:
        page.reload()
        expect(page.locator("#conn")).to_have_attribute("data-state", "open")
        language = READS[player.name]
        found.lang(f"{player.name}'s phone ({moment})", page, language)
        words = in_thread(headline_words, player.pk)
        with translation.override(language):
            wanted = render(words)
        if language != "en" and (not is_words(words) or wanted == english(words)):
            found.append(f"{player.name}'s headline ({moment}) has no {language}: {wanted!r}")
        found.check(
            f"{player.name}'s headline ({moment}) in {language}",
            expect(page.locator("#headline")).to_have_text,
            wanted,
            timeout=5000,
        )


def pdf_text(page, url) -> str:
    response = page.request.get(url)
    assert response.ok, response.status
    pages = pypdfium2.PdfDocument(response.body())
    return " ".join(" ".join(p.get_textpage().get_text_range() for p in pages).split())


def test_each_guest_reads_their_own_language(live_server_daphne, browser_context):
    server, found = live_server_daphne, Differences()
    builders.host()
    host = browser_context(viewport={"width": 1280, "height": 900}, locale="en-US").new_page()
    log_in(host, server, "hostess", builders.PASSWORD)
    pick_language(host, "it")
    found.lang("the host's nights", host, "it")

    host.goto(f"{server.url}/nights/new/")
    host.fill("#id_name", "Festa")
    host.fill("#id_date", "2026-12-04")
    with host.expect_navigation():
        host.locator("#id_name").evaluate("(el) => el.form.requestSubmit()")
    night = Night.objects.get(name="Festa")
    if night.language != "it":
        found.append(f"the night planned in Italian has language {night.language!r}")
    Night.objects.filter(pk=night.pk).update(language="it", rules=RULES.to_dict())
    for name, _, pick in GUESTS:
        in_thread(nights.player_add, night_id=night.pk, name=name, actor="host", paid=True)
        # the player's pick on their phone (Player.language; blank follows the browser)
        night.players.filter(name=name).update(language=pick)
    host.goto(f"{server.url}/nights/{night.pk}/")
    found.lang("the planning page", host, "it")
    in_thread(nights.seats_draw, night_id=night.pk, actor="host")
    in_thread(play.round_start, night_id=night.pk, number=1, actor="host")
    host.goto(f"{server.url}/nights/{night.pk}/dashboard/")
    found.lang("the dashboard", host, "it")

    stage = browser_context(viewport={"width": 1920, "height": 1080}, locale="en-US").new_page()
    stage.goto(f"{server.url}/screen/{night.screen_token}/")
    found.lang("the stage", stage, "it")
    phones = []
    for name, locale, _ in GUESTS:
        player = night.players.get(name=name)
        page = browser_context(locale=locale).new_page()
        page.goto(f"{server.url}/play/{player.token}/")
        expect(page.locator("#conn")).to_have_attribute("data-state", "open")
        phones.append((player, page))
    check_phones(found, "round 1", phones)

    rng = random.Random(7)
    in_thread(play_to_the_end, night, rng, 1)
    check_phones(found, "round 1 ended", phones)
    in_thread(play_round, night, rng, 2)
    check_phones(found, "the break", phones)
    stage.reload()
    found.lang("the stage at the break", stage, "it")
    for number in (3, 4):
        in_thread(play_round, night, rng, number)
    in_thread(finish.night_finish, night_id=night.pk, actor="host")
    check_phones(found, "the finale", phones)
    stage.reload()
    found.lang("the stage at the finale", stage, "it")

    # paper follows the night, not the host: the host is back in English
    pick_language(host, "en")
    found.lang("the host's pages back in English", host, "en")
    host.goto(f"{server.url}/nights/{night.pk}/print/results/")
    found.lang("the printed results", host, "it")
    text = pdf_text(host, f"{server.url}/nights/{night.pk}/print/results.pdf")
    with translation.override("it"):  # Django's own Italian month: "dic", "dicembre"
        month = {dateformat.format(night.date, f).lower() for f in ("M", "F", "b")}
    if not any(re.search(rf"\b{re.escape(m)}", text, re.I) for m in month):
        found.append(f"the results PDF has no Italian month ({sorted(month)}): {text[:200]}")
    if re.search(r"\b(Dec|December|Prizes|Standings)\b", text):
        found.append(f"the results PDF has English: {text[:200]}")

    assert not found, "not in their own language:\n" + "\n".join(found)
