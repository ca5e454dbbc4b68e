"""'Fill the empty seats with bots' in one tap: a seated player or the host may, over the
service, the websocket and the host's page; nobody else, and a full room says so."""

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator
from django.test import Client
from django.urls import reverse

from config.asgi import application
from games.models import Room
from games.services import rooms, seating
from live.errors import ServiceError

HEADERS = [(b"origin", b"http://127.0.0.1"), (b"host", b"127.0.0.1")]


def seats(room):
    return Room.objects.get(pk=room.pk).seats


def test_a_seated_player_fills_every_empty_seat_at_once(open_room, players):
    room = open_room(seats=4)
    seating.seat_join(room_id=room.pk, player=players[0], seat=1)
    with pytest.raises(ServiceError) as refused:
        seating.seats_fill_with_bots(room_id=room.pk, actor="p", player=players[1])
    assert refused.value.code == "not_seated"
    assert seats(room) == [None, players[0].pk, None, None]
    done = seating.seats_fill_with_bots(room_id=room.pk, actor="p", player=players[0])
    assert done["seats"] == [0, 2, 3]
    assert seats(room) == ["bot", players[0].pk, "bot", "bot"]
    with pytest.raises(ServiceError) as full:
        seating.seats_fill_with_bots(room_id=room.pk, actor="p", player=players[0])
    assert full.value.code == "room_full"
    rooms.room_start(room_id=room.pk, actor="p", player=players[0])
    with pytest.raises(ServiceError) as started:
        seating.seats_fill_with_bots(room_id=room.pk, actor="host")
    assert started.value.code == "wrong_state"


def test_the_host_fills_a_room_from_the_rooms_page(host, night, open_room):
    room = open_room(seats=3)
    client = Client()
    client.force_login(host)
    page = client.get(reverse("games:host_rooms", args=[night.pk])).content.decode()
    assert "Fill the empty seats with bots" in page
    client.post(reverse("games:host_room_do", args=[night.pk, room.pk, "fill"]))
    assert seats(room) == ["bot", "bot", "bot"]


@pytest.mark.django_db(transaction=True)
async def test_a_phone_fills_the_seats_over_its_socket(night_with_room):
    room, player, other = night_with_room
    url = f"/ws/rooms/{room.pk}/{{}}/"
    outsider = WebsocketCommunicator(application, url.format(other.token), HEADERS)
    assert (await outsider.connect())[0]
    await outsider.receive_json_from()
    await outsider.send_json_to({"type": "fill_bots", "client_id": "x1"})
    answer = await outsider.receive_json_from()
    assert answer["type"] == "error" and answer["code"] == "not_seated"
    phone = WebsocketCommunicator(application, url.format(player.token), HEADERS)
    assert (await phone.connect())[0]
    await phone.receive_json_from()
    await phone.send_json_to({"type": "fill_bots", "client_id": "p1"})
    while (answer := await phone.receive_json_from(timeout=5))["type"] != "result":
        pass
    assert (await sync_to_async(seats)(room)) == [player.pk, "bot", "bot"]
    await outsider.disconnect()
    await phone.disconnect()


@pytest.fixture
def night_with_room(transactional_db, night, open_room, players):
    room = open_room(seats=3)
    seating.seat_join(room_id=room.pk, player=players[0])
    return room, players[0], players[1]
