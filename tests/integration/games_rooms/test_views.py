"""The room pages: the host's list, the phones' list and room page, the QR join, the screen."""

import pytest
from django.conf import settings
from django.test import Client
from django.utils import translation
from django.utils.html import escape

from games.models import Room
from games.services import rooms
from live.errors import ServiceError


def logged_in(host):
    client = Client()
    client.force_login(host)
    return client


def test_the_host_opens_a_room_adds_bots_and_starts(host, night):
    client = logged_in(host)
    url = f"/nights/{night.pk}/rooms/"
    settings = {"game": "punto_banco", "seats": 2, "chips": 500, "max_coups": 5, "timeout": 120}
    assert client.post(url, settings).status_code == 302
    room = Room.objects.get(night=night)
    assert room.config == {"seats": 2, "chips": 500, "max_coups": 5} and room.timeout == 120
    page = client.get(url).content.decode()
    assert "Punto Banco" in page and "<svg" in page and room.join_token in page
    for what in ("bot", "bot", "start"):
        client.post(f"/nights/{night.pk}/rooms/{room.pk}/{what}/")
    room.refresh_from_db()
    assert room.status == "finished" and room.seats == ["bot", "bot"]


def test_another_host_cannot_see_the_rooms(night, other):
    assert logged_in(other).get(f"/nights/{night.pk}/rooms/").status_code == 404


def test_a_phone_lists_opens_and_joins_rooms_by_qr(night, players):
    phone = Client()
    token = players[0].token
    page = phone.get(f"/rooms/for/{token}/")
    assert page.status_code == 200 and "Rooms open now" not in page.content.decode()
    settings = {"game": "chemin_de_fer", "seats": 3, "chips": 1000, "max_coups": 30, "timeout": 120}
    opened = phone.post(f"/rooms/for/{token}/", settings)
    room = Room.objects.get(night=night)
    assert opened["Location"] == f"/rooms/{room.pk}/play/{token}/"
    page = phone.get(opened["Location"]).content.decode()
    assert f'data-ws="/ws/rooms/{room.pk}/{token}/"' in page and "Chemin de Fer" in page
    joined = phone.get(f"/rooms/join/{room.join_token}/")
    assert joined["Location"] == f"/rooms/{room.pk}/play/{token}/"
    stranger = Client().get(f"/rooms/join/{room.join_token}/")
    assert stranger.status_code == 403 and "player link" in stranger.content.decode()


def test_play_now_seats_the_opener_fills_with_bots_and_deals(night, players):
    """One tap: only the picked game's settings count (a stray one is dropped), no timer."""
    token = players[0].token
    page = Client().get(f"/rooms/for/{token}/").content.decode()
    assert page.count("Play now with bots") == 6 and 'id="game-russian_bank"' in page
    settings = {"game": "bunco_cards", "seats": 3, "one_surplus": "on", "chips": 50, "now": "1"}
    opened = Client().post(f"/rooms/for/{token}/", settings)
    room = Room.objects.get(night=night)
    assert opened["Location"] == f"/rooms/{room.pk}/play/{token}/"
    assert room.status == "playing" and room.seats == [players[0].pk, "bot", "bot"]
    assert room.config == {"seats": 3, "one_surplus": True} | dict.fromkeys(
        ("wild_bunco", "stop_cards", "scoring"), False
    )
    assert room.timeout is None


def test_bad_links_are_404_and_the_screen_shows_the_public_view(night, players):
    room = rooms.room_open(night_id=night.pk, game="punto_banco", actor="host")
    client = Client()
    assert client.get("/rooms/for/nope/").status_code == 404
    assert client.get(f"/rooms/{room.pk}/play/nope/").status_code == 404
    assert client.get(f"/rooms/{room.pk + 1}/play/{players[0].token}/").status_code == 404
    screen = client.get(f"/rooms/screen/{room.screen_token}/").content.decode()
    assert f'data-ws="/ws/rooms/screen/{room.screen_token}/"' in screen
    assert 'data-mode="screen"' in screen


def test_the_rooms_are_linked_from_the_phone_and_the_planning_page(client, host, night, players):
    phone = client.get(f"/play/{players[0].token}/")
    assert f'href="/rooms/for/{players[0].token}/"' in phone.content.decode()
    client.force_login(host)
    planning = client.get(f"/nights/{night.pk}/")
    assert f'href="/nights/{night.pk}/rooms/"' in planning.content.decode()


def test_a_night_holds_at_most_max_rooms(host, night, players):
    """The cap is the service's (players and the host alike); the refusal is a message."""
    for _ in range(rooms.MAX_ROOMS - 1):
        rooms.room_open(night_id=night.pk, game="punto_banco", actor="host")
    client = logged_in(host)
    url = f"/nights/{night.pk}/rooms/"
    settings = {"game": "punto_banco", "seats": 2, "chips": 500, "max_coups": 5, "timeout": 120}
    assert client.post(url, settings).status_code == 302  # the 40th
    page = client.post(url, settings, follow=True).content.decode()
    assert f"already has {rooms.MAX_ROOMS} card rooms" in page
    assert Room.objects.filter(night=night).count() == rooms.MAX_ROOMS
    phone = Client().post(f"/rooms/for/{players[0].token}/", settings, follow=True)
    assert "already has" in phone.content.decode()
    assert Room.objects.filter(night=night).count() == rooms.MAX_ROOMS
    with pytest.raises(ServiceError) as refused:
        rooms.room_open(night_id=night.pk, game="chemin_de_fer", actor="host")
    assert refused.value.code == "too_many_rooms"
    # A full night's rooms page: every room listed, about 4 KiB a room.
    page = client.get(url).content
    assert page.count(b'class="room-card"') == rooms.MAX_ROOMS
    assert len(page) < rooms.MAX_ROOMS * 6 * 1024


def _in(lang, msgid):
    with translation.override(lang):
        said = translation.gettext(msgid)
    assert said != msgid, f"{msgid!r} has no {lang} translation"
    return said


def test_the_hosts_pages_follow_the_hosts_language_and_the_screen_the_nights(host, night):
    client = logged_in(host)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "it"
    url = f"/nights/{night.pk}/rooms/"
    page = client.get(url).content.decode()
    assert _in("it", "Card rooms") in page and _in("it", "Play now with bots") not in page
    assert _in("it", "Chips each") in page  # the form's labels too
    room = rooms.room_open(night_id=night.pk, game="russian_bank", actor="host")
    page = client.get(url).content.decode()
    assert _in("it", "Russian Bank") in page and _in("it", "taking seats") in page
    # A refusal reaches the host as a message in their language.
    client.post(f"/nights/{night.pk}/rooms/{room.pk}/start/")
    page = client.get(url).content.decode()
    assert escape(_in("it", "Fill every seat first (add bots to the empty ones).")) in page
    # The big screen is the night's, like the stage: its language, whoever opens it.
    night.language = "es"
    night.save(update_fields=["language"])
    screen = Client().get(f"/rooms/screen/{room.screen_token}/").content.decode()
    assert 'lang="es"' in screen and _in("es", "Russian Bank") in screen
