"""The host's room buttons (bot, fill, start) carry the client id the page gave them: a
double-clicked or resent form is applied once and answered like the first."""

import re

import pytest
from django.test import Client

from games.models import Room
from games.services import rooms
from tests.helpers.pages import messages_of

pytestmark = pytest.mark.django_db


def page_ids(client, night, room):
    """The client id of each of the room's buttons, as the host's page renders them."""
    page = client.get(f"/nights/{night.pk}/rooms/").content.decode()
    card = page.split(f'id="room-{room.pk}"', 1)[1].split("</article>", 1)[0]
    pattern = r"rooms/\d+/(\w+)/\"><input type=\"hidden\" name=\"csrfmiddlewaretoken\"[^>]*>"
    pattern += r"<input type=\"hidden\" name=\"client_id\" value=\"([\w-]+)\">"
    return dict(re.findall(pattern, card))


def test_a_resent_button_is_applied_once(host, night):
    room = rooms.room_open(night_id=night.pk, game="punto_banco", actor="host",
                              config={"seats": 4})  # fmt: skip
    client = Client()
    client.force_login(host)
    ids = page_ids(client, night, room)
    assert set(ids) == {"bot", "fill", "start"} and len(set(ids.values())) == 3
    url = f"/nights/{night.pk}/rooms/{room.pk}/"
    for _ in range(2):  # a double click
        client.post(url + "bot/", {"client_id": ids["bot"]})
    assert Room.objects.get(pk=room.pk).seats == ["bot", None, None, None]
    for _ in range(2):
        answer = client.post(url + "fill/", {"client_id": ids["fill"]}, follow=True)
        assert not messages_of(answer)  # no "Every seat is taken." for the resend
    version = Room.objects.get(pk=room.pk).version
    assert Room.objects.get(pk=room.pk).seats == ["bot"] * 4
    for _ in range(2):
        client.post(url + "start/", {"client_id": ids["start"]})
    room.refresh_from_db()
    assert room.status != Room.Status.OPEN and room.version > version
    # a new page, new ids: the next click is a new request
    fresh = rooms.room_open(night_id=night.pk, game="punto_banco", actor="host")
    again = page_ids(client, night, fresh)
    client.post(f"/nights/{night.pk}/rooms/{fresh.pk}/bot/", {"client_id": again["bot"]})
    assert again["bot"] != ids["bot"]
    assert Room.objects.get(pk=fresh.pk).seats.count("bot") == 1
