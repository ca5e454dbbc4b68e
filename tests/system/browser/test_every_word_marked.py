"""Every word a person reads is marked for translation: the night's pages in the pseudo
language (tests/helpers/pseudo.py), where every marked word reads [!!...!!], show nothing
else but data (the names this test typed, digits, punctuation, the brand, card glyphs).
The host's planning page and dashboard, the stage, a phone through a played round, the
break and the finale, a card room, and the printed results (the page and its PDF)."""

import random

import pypdfium2
import pytest
from django.conf import settings
from django.utils import dateformat
from playwright.sync_api import expect

from partynight.rules.config import Rules
from partynight.services import finish, play
from tests import builders
from tests.helpers.browser import in_thread
from tests.helpers.play import play_round, play_to_the_end
from tests.helpers.pseudo import PSEUDO, leaks, page_leaks, wrap

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NAMES = ["Annalisa", "Bartolo", "Cynthia", "Dolores"]
NIGHT = "Qwertyuiop"
RULES = Rules(sets=2, rounds_per_set=1, break_after_set=1)  # round 1 ends at the break
# Data, not words to translate: what this test typed, the languages each in its own name
# (the language pickers), and the night's date in the formats of Django's own catalogs
# (month and day names come from Django, which has no pseudo language).
DATA = [*NAMES, NIGHT, "hostess", *(name for _, name in settings.LANGUAGES), "Pseudo"]
DATE_FORMATS = ("N j, Y", "D j M Y")


def look(found, name, page, data):
    """Note what `page` shows outside [!! !!] under `name`, once it speaks the language."""
    expect(page.locator("html")).to_have_attribute("lang", PSEUDO)
    page.wait_for_load_state("networkidle")
    if page.locator("#conn").count():  # a live page: drawn from its socket's snapshot
        expect(page.locator("#conn")).to_have_attribute("data-state", "open")
    else:
        page.wait_for_timeout(500)
    found[name] = page_leaks(page, data)


def pdf_text(page, url) -> str:
    response = page.request.get(url)
    assert response.ok, response.status
    document = pypdfium2.PdfDocument(response.body())
    return "\n".join(p.get_textpage().get_text_range() for p in document)


def test_every_word_on_the_nights_pages_is_marked(pseudo_server, browser_context):
    url = pseudo_server.url

    def context(**options):
        made = browser_context(**options)
        made.add_cookies([{"name": "django_language", "value": PSEUDO, "url": url}])
        return made

    night = in_thread(
        lambda: builders.night(
            builders.host(), NAMES, rules=RULES, name=NIGHT, drawn=True, language=PSEUDO
        )
    )
    data = [*DATA, night.join_code, *(dateformat.format(night.date, f) for f in DATE_FORMATS)]
    found = {}
    host = context(viewport={"width": 1280, "height": 900}).new_page()
    host.goto(url + "/accounts/login/")
    # the machinery: the page's catalog is the pseudo language's (a message marked already)
    rendered = host.evaluate(
        "PartyWords.render({text: '%(first)s and %(last)s', args: {first: 'A', last: 'B'}})"
    )
    assert rendered == wrap("A and B")
    look(found, "log-in page", host, data)
    host.fill("#id_username", "hostess")
    host.fill("#id_password", builders.PASSWORD)
    with host.expect_navigation():
        host.press("#id_password", "Enter")
    look(found, "the host's nights", host, data)
    host.goto(f"{url}/nights/{night.pk}/")
    look(found, "planning page", host, data)

    in_thread(play.round_start, night_id=night.pk, number=1, actor="host")
    host.goto(f"{url}/nights/{night.pk}/dashboard/")
    look(found, "dashboard, round 1", host, data)
    stage = context(viewport={"width": 1920, "height": 1080}).new_page()
    stage.goto(f"{url}/screen/{night.screen_token}/")
    look(found, "stage, round 1", stage, data)
    player = night.players.order_by("pk").first()
    phone = context().new_page()
    phone.goto(f"{url}/play/{player.token}/")
    expect(phone.locator("#conn")).to_have_attribute("data-state", "open")
    look(found, "phone, rolling", phone, data)

    in_thread(play_to_the_end, night, random.Random(5), 1)  # the break
    for name, page in (("phone", phone), ("stage", stage), ("dashboard", host)):
        page.reload()
        look(found, f"{name}, the break", page, data)
    in_thread(play_round, night, random.Random(6), 2)
    in_thread(finish.night_finish, night_id=night.pk, actor="host")
    for name, page in (("phone", phone), ("stage", stage)):
        page.reload()
        look(found, f"{name}, the finale", page, data)
    host.goto(f"{url}/nights/{night.pk}/results/")
    look(found, "results page", host, data)
    host.goto(f"{url}/nights/{night.pk}/print/results/")
    look(found, "printed results", host, data)
    pdf = pdf_text(host, f"{url}/nights/{night.pk}/print/results.pdf")
    found["results PDF"] = leaks([" ".join(pdf.split())], data)  # a sentence may wrap

    phone.goto(f"{url}/rooms/for/{player.token}/")
    look(found, "card rooms", phone, data)
    phone.locator(".play-now").first.click()
    expect(phone.locator("#conn")).to_have_attribute("data-state", "open")
    expect(phone.locator("#app")).not_to_have_attribute("data-pending", "1")
    look(found, "card room, playing", phone, data)

    report = "\n".join(
        f"{page}:\n" + "\n".join(f"    {text}" for text in texts)
        for page, texts in found.items()
        if texts
    )
    assert not report, "words nobody marked for translation (English outside [!! !!]):\n" + report
