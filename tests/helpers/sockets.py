"""Websockets through the ASGI app in this process (channels' WebsocketCommunicator):
open one past its snapshot, read until a frame matches, build the messages phones send;
and the night the socket tests play on."""

import asyncio

from channels.testing import WebsocketCommunicator

from config.asgi import application
from partynight.models import Seat, Table
from tests import builders

HEADERS = [(b"origin", b"http://127.0.0.1"), (b"host", b"127.0.0.1")]


WAIT = 5


def seated(night, table):
    """The players at `table` in the current round, by seat."""
    rows = Seat.objects.filter(table__round__night=night, table__number=table).order_by(
        "table__round__number", "position"
    )
    return [row.player for row in rows][-4:]


def table_row(night, number):
    return Table.objects.filter(round__night=night, number=number).order_by("-round__number")[0]


async def open_socket(path, cookie=None, snapshot=True):
    headers = list(HEADERS) + ([(b"cookie", cookie.encode())] if cookie else [])
    communicator = WebsocketCommunicator(application, path, headers=headers)
    connected, _ = await communicator.connect(timeout=WAIT)
    assert connected
    if snapshot:
        first = await communicator.receive_json_from(timeout=WAIT)
        assert first["type"] == "snapshot", first
        communicator.snapshot = first
    return communicator


async def phone(player):
    return await open_socket(f"/ws/play/{player.token}/")


async def until(communicator, predicate, timeout=WAIT):
    """Frames until one matches `predicate` (frames in between are skipped)."""
    async with asyncio.timeout(timeout):
        while True:
            message = await communicator.receive_json_from(timeout=timeout)
            if predicate(message):
                return message


async def close_all(*communicators):
    for communicator in communicators:
        await communicator.disconnect()


def roll(entry="1", v=None, client_id="c1", **extra):
    message = {"type": "roll", "entry": entry, "client_id": client_id, **extra}
    if v is not None:
        message["v"] = v
    return message


def in_play(host, players=8, start=True, name="Friday Bunco"):
    """The sockets' night: `players` unpaid on seed 11, round 1 started unless `start` is
    False."""
    return builders.night(host, players, seed=11, paid=False, started=start, name=name)
