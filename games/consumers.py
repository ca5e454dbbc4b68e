"""The card rooms' websockets, thin like the dice side's (they subclass its NightConsumer):
authenticate, join groups, send a snapshot on connect, validate, pass actions to
games.services. One consumer serves every game. A seated phone is in its seat's group and
gets only its seat's view; spectators get the public view. Protocol: docs/rooms.md."""

import asyncio
import time

from channels.db import database_sync_to_async

from games import selectors, services
from games.models import Room
from partynight import limits, links
from partynight.consumers import NightConsumer, screen_owners
from partynight.services.broadcast import player_group
from partynight.services.errors import ServiceError
from partynight.services.messages import MessageError, parse_message
from partynight.snapshots import SharedSnapshots

SCHEMAS = {
    "resync": {},
    "act": {"action": True, "v": False},
    "sit": {"seat": False},
    "bot": {"seat": False},
    "leave": {},
    "start": {},
}


def parse_room_message(text: str, actions: tuple[str, ...]) -> dict:
    message = parse_message(text, actions, SCHEMAS)
    for name in ("v", "seat"):
        value = message.get(name)
        if name in message and (type(value) is not int or not 0 <= value <= 10**9):
            raise MessageError(f"{name} must be a whole number.", message.get("client_id"))
    if "action" in message and not isinstance(message["action"], dict):
        raise MessageError('action must be an object, e.g. {"type": "pass"}.', message["client_id"])
    return message


def _public_snapshot(room_id):
    return selectors.room_snapshot(Room.objects.get(pk=room_id), None)


# The spectators' view of a room, one per room and version (partynight/snapshots.py).
public_snapshots = SharedSnapshots(selectors.room_version, _public_snapshot)


class RoomConsumer(NightConsumer):
    """A player's phone in a room, by the player's own per-night link token."""

    role = "room"
    actions = ("act", "sit", "bot", "leave", "start")
    refusal = "This room link is not valid (a mistyped link, or not a player of this night)."
    player = timer = None

    @database_sync_to_async
    def authenticate(self):
        kwargs = self.scope["url_route"]["kwargs"]
        self.room_id, self.timer, self.seat = kwargs["room_id"], None, None
        self.player = links.player(kwargs["token"], room_id=self.room_id)
        return self.player is not None

    def socket_owners(self):  # the room sockets count with the phone's others
        return [(f"player:{self.player.pk}", limits.SOCKETS_PER_PLAYER, limits.TOO_MANY_SOCKETS)]

    def parse(self, text):
        return parse_room_message(text, self.actions)

    async def send_snapshot(self):
        # Join the groups first, then read, so no frame falls between snapshot and stream.
        seat = await database_sync_to_async(self.current_seat)()
        mine = services.watch_group(self.room_id)
        if seat is not None:
            mine = services.seat_group(self.room_id, seat)
        groups = [services.room_group(self.room_id), mine]
        if self.player:  # told when the host removes them
            groups.append(player_group(self.player.pk))
        await self.join(groups)
        snapshot = await database_sync_to_async(self.snapshot)()
        self.seat = snapshot["seat"]
        await self.send_json(snapshot)
        self.arm(snapshot)

    def current_seat(self):
        return selectors.seat_of(Room.objects.get(pk=self.room_id), self.player)

    def snapshot(self):
        return selectors.room_snapshot(Room.objects.get(pk=self.room_id), self.player)

    def act(self, message):
        kind, common = message["type"], {"room_id": self.room_id}
        actor = f"player:{self.player.pk}"
        if kind == "act":
            return services.action_apply(
                seat=self.seat, action=message["action"], client_id=message["client_id"],
                seen_version=message.get("v"), player=self.player, **common,
            )  # fmt: skip
        if kind == "sit":
            return services.seat_join(player=self.player, seat=message.get("seat"), **common)
        mine = {"actor": actor, "player": self.player, **common}
        if kind == "bot":
            return services.seat_add_bot(seat=message.get("seat"), **mine)
        if kind == "leave":
            return services.seat_leave(seat=self.seat, **mine)
        return services.room_start(**mine)

    async def room_frame(self, event):
        frame = event["frame"]
        if frame["seat"] != self.seat:  # another seat's view never reaches this socket
            return
        await self.send_json(frame)
        self.arm(frame)

    async def room_changed(self, event):
        await self.send_snapshot()

    def arm(self, frame):
        """When a person keeps the game waiting past the room's timeout, ask the service to
        play their default; every screen arms one, the service acts once per version."""
        if self.timer:
            self.timer.cancel()
        deadline = frame["room"]["deadline"]
        if deadline is not None:
            delay = max(0.0, deadline - time.time()) + 0.1
            self.timer = asyncio.ensure_future(self.time_out(frame["v"], delay))

    async def time_out(self, version, delay):
        await asyncio.sleep(delay)
        while True:
            try:
                return await database_sync_to_async(services.seat_timeout)(
                    room_id=self.room_id, actor="timer", seen_version=version
                )
            except ServiceError:  # too early by the database's clock: try again shortly
                await asyncio.sleep(1)

    def stop_tasks(self):
        if self.timer:
            self.timer.cancel()
        super().stop_tasks()


class RoomScreenConsumer(RoomConsumer):
    """The big screen and spectators: the public view only, by the room's screen link."""

    role = "room-screen"
    resync_every = limits.SCREEN_RESYNC_EVERY
    actions = ()
    refusal = "This room screen link is not valid."

    @database_sync_to_async
    def authenticate(self):
        token = self.scope["url_route"]["kwargs"]["token"]
        room = links.find(Room.objects, screen_token=token)
        self.room_id, self.timer, self.seat = (room and room.pk), None, None
        return room is not None

    def socket_owners(self):
        return screen_owners(f"room-screen:{self.room_id}", self.scope)

    async def send_snapshot(self):
        await self.join([services.room_group(self.room_id), services.watch_group(self.room_id)])
        snapshot = await public_snapshots.get(self.room_id)
        await self.send_json(snapshot)
        self.arm(snapshot)

    def act(self, message):
        raise ServiceError("This screen only watches.", "read_only")
