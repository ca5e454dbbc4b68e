"""A short Redis outage (a private redis-server, stopped, then started again on its port):
every websocket that connects meanwhile is closed cleanly with 4503, "try again" (PartyLive
reconnects on it with its backoff), never a crash (1011) or a traceback in the log; once
Redis is back the same links connect and get their snapshot."""

import asyncio
import json
import signal

import pytest
import websockets

from tests import builders
from tests.helpers.redis import start_redis
from tests.helpers.servers import origin_of

pytestmark = [pytest.mark.live, pytest.mark.django_db(transaction=True)]


async def first_frame(url):
    """The first frame a new socket gets, and how it closed if it did."""
    async with websockets.connect(url, origin=origin_of(url), open_timeout=10) as sock:
        try:
            return json.loads(await asyncio.wait_for(sock.recv(), 10)), None
        except websockets.ConnectionClosed as closed:
            return None, closed.rcvd and closed.rcvd.code


async def closes_during_outage(urls):
    """Each socket opened while Redis is down: the close code it got."""

    async def one(url):
        try:
            async with websockets.connect(url, origin=origin_of(url), open_timeout=10) as sock:
                async with asyncio.timeout(10):
                    await sock.recv()  # nothing arrives but the close
                return None
        except websockets.ConnectionClosed as closed:
            return closed.rcvd and closed.rcvd.code
        except websockets.InvalidStatus as refused:  # refused at the handshake
            return refused.response.status_code

    return await asyncio.gather(*(one(url) for url in urls))


def test_sockets_opened_while_redis_is_down_close_with_try_again(server_on_own_redis, tmp_path):
    server, port, redis = server_on_own_redis
    night = builders.night(builders.host("outage"), 4, started=True, name="Outage")
    room = builders.night(builders.host("outage2"), 2, room={"game": "punto_banco"}).rooms.get()
    player = night.players.first()
    urls = [
        f"{server.ws_url}/ws/play/{player.token}/",
        f"{server.ws_url}/ws/screen/{night.screen_token}/",
        f"{server.ws_url}/ws/rooms/{room.pk}/{room.night.players.first().token}/",
        f"{server.ws_url}/ws/rooms/screen/{room.screen_token}/",
    ]
    frame, _ = asyncio.run(first_frame(urls[0]))
    assert frame["type"] == "snapshot"

    redis[0].send_signal(signal.SIGKILL)
    redis[0].wait(timeout=10)
    codes = asyncio.run(closes_during_outage(urls * 3))
    assert codes == [4503] * len(codes)

    redis.append(start_redis(port, tmp_path))
    for url in urls:
        frame, _ = asyncio.run(first_frame(url))
        assert frame["type"] == "snapshot"
    log = server.log.read_text()
    assert "Traceback" not in log and "1011" not in log, log[-3000:]
