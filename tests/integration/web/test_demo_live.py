"""The demo night plays itself while someone watches it."""

import datetime

import pytest
from channels.testing import WebsocketCommunicator
from django.contrib.auth import get_user_model

from config.asgi import application
from partynight import demo
from partynight.models import Night
from partynight.services import nights

HEADERS = [(b"origin", b"http://127.0.0.1"), (b"host", b"127.0.0.1")]


@pytest.fixture
def demo_night(transactional_db):
    host = get_user_model().objects.create_user("demo-host")
    night = nights.night_create(host=host, name="Demo", date=datetime.date(2026, 12, 1))
    Night.objects.filter(pk=night.pk).update(is_demo=True)
    for name in ("Ann", "Bea", "Cat", "Dot", "Eve"):
        nights.player_add(night_id=night.pk, name=name, actor="test")
    nights.seats_draw(night_id=night.pk, actor="test")
    night.refresh_from_db()
    return night


async def test_watching_a_demo_night_starts_virtual_dice(demo_night):
    screen = WebsocketCommunicator(application, f"/ws/screen/{demo_night.screen_token}/", HEADERS)
    assert (await screen.connect())[0]
    assert (await screen.receive_json_from())["type"] == "snapshot"
    seen = set()
    while not {"round_started", "table"} <= seen:
        message = await screen.receive_json_from(timeout=5)
        seen.add(message.get("what") or message["type"])
    await screen.disconnect()
    task = demo._drivers.pop(demo_night.pk)
    task.cancel()
