"""Each phone in its player's language, in real Chromium against a real Daphne server: the
browser's language until the player picks one on the page; the pick sticks to the link; the
frames' Words and phone.js's own sentences come out in that language, and longer words
wrap on a 390 px screen.

The expected words are computed here through Django's translation (the catalogs the pages
load), so these tests check the pipeline; each is also checked to differ from the English
(true once the .po files hold the drafts: `make messages`, or /work/wt/fill_drafts.py)."""

import functools

import pytest
from django.utils import translation
from playwright.sync_api import expect

from live import text
from live.words import english, is_words
from partynight.models import Player
from partynight.rules.config import Rules
from partynight.services import snapshots
from tests.helpers.browser import (
    in_thread,
    open_phones,
    pad,
    readable,
    seated,
    shot,
    start_night,
)
from tests.helpers.catalogs import said_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def server_words(lang: str, msgid: str, **args) -> str:
    """A template's or a view's words (the django domain) in `lang`, not English."""
    with translation.override(lang):
        said = translation.gettext(msgid)
    assert said != msgid, f"{msgid!r} has no {lang} translation"
    return said % args if args else said


def script_words(lang: str, msgid: str, **args) -> str:
    """phone.js's words (the djangojs domain, the catalog the page loads) in `lang`."""
    said = said_in(lang, msgid, domain="djangojs")
    return said % args if args else said


def headline_in(lang: str, player: Player) -> str:
    """The player's headline as the server computes it now, in `lang`."""
    headline = snapshots.player_snapshot(Player.objects.get(pk=player.pk))["phone"]["headline"]
    with translation.override(lang):
        said = text.render(headline)
    # the rules say their headlines as Words (issue 31): once they do, they read in `lang`
    assert not is_words(headline) or said != english(headline), headline
    return said


def test_a_spanish_browser_gets_a_spanish_phone(live_server_daphne, browser_context):
    night = start_night(4)
    player = seated(night, 1)[1]
    page = browser_context(locale="es-ES").new_page()
    page.goto(f"{live_server_daphne.url}/play/{player.token}/")
    expect(page.locator("html")).to_have_attribute("lang", "es")
    expect(page.locator("#conn")).to_have_text(script_words("es", "Live"))
    expect(page.locator(".up .label")).to_have_text(server_words("es", "Number up"))
    set_round = script_words("es", "Set %(set)s · Round %(round)s", set=1, round=1)
    expect(page.locator("#set-round")).to_have_text(set_round)
    expect(page.locator("#headline")).to_have_text(headline_in("es", player))
    expect(page.get_by_role("button", name="Español")).to_have_attribute("aria-pressed", "true")


def test_the_players_pick_sticks_and_live_words_follow_it(live_server_daphne, browser_context):
    night = start_night(4)
    players = seated(night, 1)
    pages = open_phones(live_server_daphne, browser_context, players)
    mine, me = pages[1], players[1]
    mine.get_by_role("button", name="Italiano").click()
    expect(mine.locator("html")).to_have_attribute("lang", "it")
    mine.reload()
    expect(mine.locator("html")).to_have_attribute("lang", "it")
    expect(mine.locator("#conn")).to_have_text(script_words("it", "Live"))
    expect(mine.locator(".up .label")).to_have_text(server_words("it", "Number up"))
    assert Player.objects.get(pk=me.pk).language == "it"
    # the roller misses on an English phone: the table event's frame carries the new
    # headline as Words, and this phone renders it, and its own news line, in Italian
    pad(pages[0], "0").click()
    news = "%(name)s scored nothing; the dice pass on"
    expect(mine.locator("#news")).to_have_text(script_words("it", news, name=players[0].name))
    expect(pages[0].locator("#news")).to_have_text(news % {"name": players[0].name})
    expect(mine.locator("#now")).to_have_attribute("data-phase", "rolling")
    expect(mine.locator("#headline")).to_have_text(headline_in("it", me))
    # the same link in another browser, whatever that browser's language
    other = browser_context(locale="es-ES").new_page()
    other.goto(f"{live_server_daphne.url}/play/{me.token}/")
    expect(other.locator("html")).to_have_attribute("lang", "it")
    expect(other.locator("#headline")).to_have_text(headline_in("it", me))


@pytest.mark.parametrize("lang", ["it", "tl"])
def test_longer_words_wrap_on_a_small_phone(live_server_daphne, browser_context, lang):
    night = start_night(4, rules=Rules(wipeout=True))
    players = seated(night, 1)
    in_thread(lambda: Player.objects.filter(pk=players[0].pk).update(language=lang))
    context = functools.partial(browser_context, viewport={"width": 360, "height": 740})
    (page,) = open_phones(live_server_daphne, context, players[:1], playing=False)
    expect(page.locator("html")).to_have_attribute("lang", lang)
    expect(pad(page, "wipeout")).to_be_visible()
    expect(page.locator("#pad-hint")).not_to_be_empty()
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 360, width
    overflowing = page.evaluate(
        """() => [...document.querySelectorAll("main *, #pad *")]
          .filter((el) => el.offsetParent !== null && getComputedStyle(el).display !== "inline")
          .filter((el) => el.scrollWidth > el.clientWidth + 1)
          .map((el) => el.id || el.className || el.textContent)"""
    )
    assert overflowing == [], overflowing
    size = page.evaluate("parseFloat(getComputedStyle(document.querySelector('.tally')).fontSize)")
    assert size >= 17, size
    shot(page, f"in-{lang}-360px")
    page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
    readable(page, page.locator("#languages"))  # the picker, at the end, above the pad
    shot(page, f"in-{lang}-360px-end")
