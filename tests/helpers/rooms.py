"""Card rooms through the ASGI app in this process: a room with people and bots seated,
its sockets, and the frames they get up to a version."""

import asyncio

from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator

from config.asgi import application
from games.models import Room
from games.services import rooms, seating
from tests import builders
from tests.helpers.sockets import HEADERS, WAIT


def setup(game, humans=2, bots=1, seed=4, **config):
    names = [f"<i>P{i}</i>" for i in range(humans)]
    night = builders.night(builders.host(), names, seed=1, paid=False, name="Cards")
    players = list(night.players.order_by("pk"))
    config = {"seats": humans + bots, **config}
    room = rooms.room_open(night_id=night.pk, game=game, config=config, actor="h", seed=seed)
    for player in players:
        seating.seat_join(room_id=room.pk, player=player)
    for _ in range(bots):
        seating.seat_add_bot(room_id=room.pk, actor="host")
    return room, players


async def connect(path):
    socket = WebsocketCommunicator(application, path, headers=HEADERS)
    connected, _ = await socket.connect(timeout=WAIT)
    assert connected
    return socket


async def frames(socket, version):
    """Every frame up to the one at `version` (or later)."""
    got = []
    async with asyncio.timeout(WAIT):
        while True:
            got.append(await socket.receive_json_from(timeout=WAIT))
            if got[-1].get("v", -1) >= version and got[-1]["type"] in ("room", "snapshot"):
                return got


def room_now(room):
    return Room.objects.get(pk=room.pk)


async def seats_and_screen_started(room, players):
    """The first two players' phones and the room's screen, each past its snapshot, then the
    first phone starts the room: (phones, [(socket, seat)...], the version before the start)."""
    phones = [await connect(f"/ws/rooms/{room.pk}/{p.token}/") for p in players]
    screen = await connect(f"/ws/rooms/screen/{room.screen_token}/")
    sockets = [(phones[0], 0), (phones[1], 1), (screen, None)]
    for socket, _ in sockets:
        assert (await socket.receive_json_from(timeout=WAIT))["type"] == "snapshot"
    version = (await database_sync_to_async(room_now)(room)).version
    await phones[0].send_json_to({"type": "start", "client_id": "go"})
    return phones, sockets, version


async def moved_on(room, version):
    """The room once its version passed `version` (the action sent has been applied)."""
    async with asyncio.timeout(WAIT):
        while True:
            current = await database_sync_to_async(room_now)(room)
            if current.version > version:
                return current
            await asyncio.sleep(0.02)
