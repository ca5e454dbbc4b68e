"""Each phone in its player's language: the player's pick (Player.language), else the
browser's; the picker on the play page keeps the pick on the player's link."""

import re

import pytest
from django.test import Client

from tests import builders


@pytest.fixture
def player(host):
    return builders.night(host, ["Ann"], seed=None, paid=False).players.get()


def lang_of(response) -> str:
    return re.search(r'<html lang="([^"]+)"', response.content.decode()).group(1)


def test_the_play_page_follows_the_browser_until_the_player_picks(client, player):
    spanish = client.get(f"/play/{player.token}/", HTTP_ACCEPT_LANGUAGE="es-ES,es;q=0.9")
    assert lang_of(spanish) == "es" and spanish.headers["Content-Language"] == "es"
    assert "/es/djangojs" in spanish.content.decode()  # the catalog phone.js reads
    player.language = "it"
    player.save()
    italian = client.get(f"/play/{player.token}/", HTTP_ACCEPT_LANGUAGE="es-ES,es;q=0.9")
    assert lang_of(italian) == "it" and italian.headers["Content-Language"] == "it"
    assert "/it/djangojs" in italian.content.decode() and "/it/django" in italian.content.decode()
    assert 'value="it" lang="it" class="secondary" aria-pressed="true"' in italian.content.decode()


def test_the_pick_is_kept_on_the_link_with_csrf_checked(player):
    phone = Client(enforce_csrf_checks=True)
    page = phone.get(f"/play/{player.token}/")
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page.content.decode())[1]
    url = f"/play/{player.token}/language/"
    assert phone.post(url, {"language": "tl"}).status_code == 403  # no token
    player.refresh_from_db()
    assert player.language == ""
    answer = phone.post(url, {"language": "tl", "csrfmiddlewaretoken": token})
    assert answer.status_code == 302 and answer.url == f"/play/{player.token}/"
    player.refresh_from_db()
    assert player.language == "tl"
    elsewhere = Client().get(f"/play/{player.token}/", HTTP_ACCEPT_LANGUAGE="es")
    assert lang_of(elsewhere) == "tl"  # another browser with the same link


@pytest.mark.parametrize("choice", ["xx", "", "en-us", "tl\x00"])
def test_only_the_sites_languages_can_be_picked(client, player, choice):
    answer = client.post(f"/play/{player.token}/language/", {"language": choice})
    assert answer.status_code == 400
    player.refresh_from_db()
    assert player.language == ""


def test_a_forged_link_cannot_pick_and_gets_the_clear_404(client, player):
    answer = client.post("/play/nope-not-a-token/language/", {"language": "it"})
    assert answer.status_code == 404
    assert b"This player link is not valid; ask the host for your link." in answer.content
    assert client.get(f"/play/{player.token}/language/").status_code == 405


def test_the_join_page_follows_the_browser(client, player):
    join = f"/join/{player.night.join_token}/"
    assert lang_of(client.get(join, HTTP_ACCEPT_LANGUAGE="it-IT,it;q=0.9")) == "it"
    assert lang_of(client.get(join, HTTP_ACCEPT_LANGUAGE="en-US")) == "en"


@pytest.mark.parametrize("accepted", ["fil-PH,fil;q=0.9,en;q=0.8", "fil", "tl-PH"])
def test_a_phone_set_to_filipino_reads_filipino(client, player, accepted):
    """Browsers call Filipino "fil" (Chromium on a phone set to Filipino sends fil-PH); the
    catalogs are "tl" (partynight/middleware.py)."""
    page = client.get(f"/play/{player.token}/", HTTP_ACCEPT_LANGUAGE=accepted)
    assert lang_of(page) == "tl" and "/tl/djangojs" in page.content.decode()
