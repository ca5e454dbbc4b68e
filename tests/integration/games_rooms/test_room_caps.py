"""The caps on card rooms count the rooms not yet over: one guest link opens a few, never the
night's whole cap, and finished games free their place (the night is never locked for good)."""

import pytest
from django.test import Client

from games.models import Room
from games.services import rooms, seating
from live.errors import ServiceError
from live.words import english

pytestmark = pytest.mark.django_db

SETTINGS = {"game": "punto_banco", "seats": 2, "chips": 500, "max_coups": 1, "timeout": 120}


def played_out(night):
    """A room opened by the host and played to its end by bots."""
    room = rooms.room_open(night_id=night.pk, game="punto_banco", actor="host",
                              config={"seats": 2, "max_coups": 1})  # fmt: skip
    seating.seats_fill_with_bots(room_id=room.pk, actor="host")
    rooms.room_start(room_id=room.pk, actor="host")
    room.refresh_from_db()
    assert room.status == Room.Status.FINISHED
    return room


def test_one_guest_link_opens_a_few_rooms_not_the_nights_cap(host, night, players):
    phone, url = Client(), f"/rooms/for/{players[0].token}/"
    for _ in range(45):
        phone.post(url, SETTINGS)
    mine = Room.objects.filter(night=night)
    assert mine.count() == rooms.MAX_ROOMS_PER_PLAYER < rooms.MAX_ROOMS
    page = phone.post(url, SETTINGS, follow=True).content.decode()
    assert f"You have already opened {rooms.MAX_ROOMS_PER_PLAYER} card rooms" in page
    assert Client().post(f"/rooms/for/{players[1].token}/", SETTINGS).status_code == 302
    host_page = Client()
    host_page.force_login(host)
    assert host_page.post(f"/nights/{night.pk}/rooms/", SETTINGS).status_code == 302
    assert mine.count() == rooms.MAX_ROOMS_PER_PLAYER + 2


def test_finished_rooms_free_their_place_under_the_nights_cap(night):
    for _ in range(3):
        played_out(night)
    for _ in range(rooms.MAX_ROOMS - 1):
        rooms.room_open(night_id=night.pk, game="punto_banco", actor="host")
    rooms.room_open(night_id=night.pk, game="punto_banco", actor="host")  # the 40th open
    with pytest.raises(ServiceError) as refused:
        rooms.room_open(night_id=night.pk, game="punto_banco", actor="host")
    assert refused.value.code == "too_many_rooms" and "at once" in english(refused.value.message)
    assert Room.objects.filter(night=night).count() == rooms.MAX_ROOMS + 3


def test_the_host_page_lists_every_unfinished_room_and_the_latest_finished(host, night):
    finished = [played_out(night) for _ in range(12)]
    waiting = rooms.room_open(night_id=night.pk, game="punto_banco", actor="host")
    client = Client()
    client.force_login(host)
    page = client.get(f"/nights/{night.pk}/rooms/").content.decode()
    assert page.count('class="room-card"') == 1 + 10
    assert waiting.join_token in page and finished[-1].join_token in page
    assert finished[0].join_token not in page
