"""Several Daphne processes share the database and the Redis channel layer: a phone on one
and the screens on another see each other's rolls and the bell."""

import asyncio
import datetime
import json
import uuid

import pytest
import websockets

from tests import builders
from tests.helpers.redis import REDIS_URL, need_redis
from tests.helpers.servers import origin_of, start_daphne

pytestmark = [pytest.mark.live, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def two_servers(tmp_path):
    need_redis("several processes share its channel layer")
    prefix = f"scale-{uuid.uuid4().hex[:8]}"
    servers = [
        start_daphne(tmp_path, f"web{i}", REDIS_URL=REDIS_URL, CHANNEL_PREFIX=prefix)
        for i in (1, 2)
    ]
    yield servers
    for server in servers:
        server.stop()


def started_night():
    return builders.night(
        builders.host("scale-host"),
        ["Ann", "Bea", "Cat", "Dot"],
        seed=None,
        paid=False,
        started=True,
        name="Two servers",
        date=datetime.date(2026, 12, 1),
        actor="test",
    )


async def frames_until(sock, predicate, timeout=10):
    while True:
        frame = json.loads(await asyncio.wait_for(sock.recv(), timeout))
        if predicate(frame):
            return frame


async def play_across(first, second, night, tokens):
    phone_a = await websockets.connect(f"{first}/ws/play/{tokens[0]}/", origin=origin_of(first))
    phone_b = await websockets.connect(f"{second}/ws/play/{tokens[1]}/", origin=origin_of(second))
    screen = await websockets.connect(
        f"{second}/ws/screen/{night.screen_token}/", origin=origin_of(second)
    )
    for sock in (phone_a, phone_b, screen):
        await frames_until(sock, lambda f: f["type"] == "snapshot")
    await phone_a.send(json.dumps({"type": "roll", "entry": "2", "client_id": "x1"}))
    for sock in (phone_b, screen):
        event = await frames_until(sock, lambda f: f["type"] == "table")
        assert event["roll"]["points"] == 2
    await phone_a.send(json.dumps({"type": "roll", "entry": "bunco", "client_id": "x2"}))
    for sock in (phone_b, screen):
        bell = await frames_until(sock, lambda f: f.get("what") == "bell")
        assert bell["bell"]["reason"] == "bunco"
    for sock in (phone_a, phone_b, screen):
        await sock.close()


def test_a_phone_on_one_process_and_screens_on_another_share_rolls_and_the_bell(two_servers):
    night = started_night()
    tokens = [s.player.token for s in night.rounds.get().tables.get().seat_rows.all()]
    first, second = (server.ws_url for server in two_servers)
    asyncio.run(play_across(first, second, night, tokens))
