"""The demo night plays itself while someone watches it."""

import datetime

import pytest
from channels.testing import WebsocketCommunicator

from config.asgi import application
from partynight import demo
from tests import builders

HEADERS = [(b"origin", b"http://127.0.0.1"), (b"host", b"127.0.0.1")]


@pytest.fixture
def demo_night(transactional_db):
    return builders.night(
        builders.host("demo-host"),
        ["Ann", "Bea", "Cat", "Dot", "Eve"],
        seed=None,
        paid=False,
        drawn=True,
        name="Demo",
        date=datetime.date(2026, 12, 1),
        actor="test",
        is_demo=True,
    )


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
