"""Websocket consumers: thin. They authenticate, join groups, send a full snapshot on
connect and on every night-level change, validate each message and pass actions to the
services. The protocol is documented in docs/protocol.md."""

import asyncio
import json
import time

from asgiref.sync import sync_to_async
from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncJsonWebsocketConsumer

from partynight import demo, limits, links
from partynight.models import Night
from partynight.services import broadcast, play, selectors
from partynight.services.common import REMOVED
from partynight.services.errors import ServiceError
from partynight.services.messages import MessageError, parse_message
from partynight.snapshots import SharedSnapshots

MAX_MESSAGE_BYTES = 4096


def cached(call):
    """A limits.* call off the database thread (the cache is thread-safe)."""
    return sync_to_async(call, thread_sensitive=False)


def _too_large(text):
    return len(text) > MAX_MESSAGE_BYTES or len(text.encode("utf-8", "replace")) > MAX_MESSAGE_BYTES


def _client_id_of(text):
    """The client id of a message, if it has a usable one (for errors sent unparsed)."""
    try:
        client_id = json.loads(text).get("client_id") if len(text) <= MAX_MESSAGE_BYTES else None
    except (TypeError, ValueError, AttributeError, RecursionError):
        return None
    if isinstance(client_id, str) and 1 <= len(client_id) <= 64 and client_id.isprintable():
        return client_id
    return None


class StatusConsumer(AsyncJsonWebsocketConsumer):
    """Answers every connection with the server's live status: pages use it to show
    that live updates work before a night is open."""

    async def connect(self):
        await self.accept()
        layer = type(self.channel_layer).__name__ if self.channel_layer else None
        await self.send_json({"type": "status", "live": True, "layer": layer})


_open_sockets: set = set()


async def _drop_open_sockets():
    """A broadcast failed (the channel layer went away): close every socket of this process,
    so each client reconnects, with backoff, once the layer is back, and starts again from
    a snapshot instead of silently missing what was lost."""
    for consumer in list(_open_sockets):
        await consumer.close(code=4503)


broadcast.failure_listeners.append(_drop_open_sockets)


class NightConsumer(AsyncJsonWebsocketConsumer):
    """Shared by the phone, the dashboard and the big screen: groups, snapshots, errors."""

    role = ""
    actions: tuple[str, ...] = ()
    slots: tuple = ()  # the socket slots leased in the cache
    lease = None  # the task renewing them
    groups_joined: set = frozenset()
    resync_every = 0.0  # seconds between the snapshots a client may ask for (screens: 1)
    next_resync = 0.0
    resync_later = None  # the one pending resync folded from requests in between

    async def __call__(self, scope, receive, send):
        """Whatever ends this consumer gives back what it holds: a normal close, a crash, or
        Daphne killing it for taking too long to shut down (then disconnect() never runs,
        and without this the renewer would keep its socket slot for good)."""
        try:
            await super().__call__(scope, receive, send)
        finally:
            _open_sockets.discard(self)
            self.stop_tasks()
            if self.slots or self.groups_joined:  # killed: no await is safe in here
                asyncio.ensure_future(self.give_back())

    def stop_tasks(self):
        """Cancel what this consumer started (synchronous: it runs in a cancelled task)."""
        for task in (self.lease, self.resync_later):
            if task:
                task.cancel()

    async def resync(self):
        """A snapshot the client asked for. Where `resync_every` is set, at most one in that
        time: requests in between fold into one, sent when the time is up (always answered,
        never refused; a screen asking 10 times a second costs one snapshot a second)."""
        now = time.monotonic()
        if now >= self.next_resync:
            self.next_resync = now + self.resync_every
            await self.send_snapshot()
        elif self.resync_later is None or self.resync_later.done():
            self.resync_later = asyncio.ensure_future(self.resync_at(self.next_resync - now))

    async def resync_at(self, delay):
        await asyncio.sleep(delay)
        # Through this consumer's own queue: a snapshot sent from here could overtake a
        # newer one that a handler is sending meanwhile (the dashboard went back a round).
        await self.channel_layer.send(self.channel_name, {"type": "resync.due"})

    async def resync_due(self, event):
        await self.resync()

    async def give_back(self):
        slots, groups = self.slots, self.groups_joined
        self.slots, self.groups_joined = (), set()
        for slot in slots:
            await cached(limits.socket_release)(slot, self.channel_name)
        for group in groups:
            await self.channel_layer.group_discard(group, self.channel_name)

    async def connect(self):
        self.groups_joined = set()
        self.bucket = limits.TokenBucket()
        await self.accept()
        _open_sockets.add(self)
        if not await self.authenticate():
            await limits.link_failed(limits.client_ip(self.scope))
            return await self.refuse("bad_link", self.refusal, 4403)
        for owner, most, refusal in self.socket_owners():
            slot = await cached(limits.socket_claim)(owner, self.channel_name, most)
            if slot is None:
                return await self.refuse("too_many_sockets", refusal.format(most=most), 4429)
            if slot:  # "": the cache is down, no limit
                self.slots += (slot,)
        if self.slots:
            self.lease = asyncio.ensure_future(self.renew_lease())
        await self.send_snapshot()

    async def refuse(self, code, message, close):
        await self.send_json({"type": "error", "code": code, "message": message}, close=close)

    def socket_owners(self):
        """Whom this socket counts against: [(owner, at most, refusal)]."""
        return []

    async def renew_lease(self):
        while True:
            await asyncio.sleep(limits.SOCKET_LEASE / 3)
            for slot in self.slots:
                await cached(limits.socket_renew)(slot)

    async def disconnect(self, code):
        self.stop_tasks()
        await self.give_back()

    async def join(self, groups):
        """Be in exactly `groups` (a phone changes table groups between rounds)."""
        for group in self.groups_joined - set(groups):
            await self.channel_layer.group_discard(group, self.channel_name)
        for group in set(groups) - self.groups_joined:
            await self.channel_layer.group_add(group, self.channel_name)
        self.groups_joined = set(groups)

    async def receive(self, text_data=None, bytes_data=None):
        if not self.bucket.take():  # over the per-socket rate: not applied, not parsed
            await self.send_json(
                {
                    "type": "error",
                    "code": "slow_down",
                    "message": limits.SLOW_DOWN,
                    "client_id": _client_id_of(text_data),
                }
            )
            return
        if bytes_data is not None or text_data is None or _too_large(text_data):
            await self.send_json(
                {
                    "type": "error",
                    "code": "bad_message",
                    "message": f"Send JSON text under {MAX_MESSAGE_BYTES} bytes.",
                }
            )
            return
        try:
            message = self.parse(text_data)
        except MessageError as error:
            await self.send_json(
                {
                    "type": "error",
                    "code": "bad_message",
                    "message": str(error),
                    "client_id": error.client_id,
                }
            )
            return
        if message["type"] == "resync":
            await self.resync()
            return
        try:
            result = await database_sync_to_async(self.act)(message)
        except ServiceError as error:
            await self.send_json(
                {
                    "type": "error",
                    "code": error.code,
                    "message": error.message,
                    "client_id": message.get("client_id"),
                }
            )
            return
        await self.send_json({"type": "result", "client_id": message.get("client_id"), **result})

    def parse(self, text):
        """The validated message (MessageError if not); the card rooms have their own."""
        return parse_message(text, self.actions)

    def act(self, message):
        raise ServiceError("This screen only watches.", "read_only")

    async def table_event(self, event):
        await self.send_json(event["payload"])

    async def player_removed(self, event):
        await self.refuse("removed", REMOVED, 4403)

    async def night_event(self, event):
        await self.send_json(event["payload"])
        await self.send_snapshot()


class PlayerConsumer(NightConsumer):
    """A player's phone, by their secret link: scores at their own table only."""

    role = "player"
    actions = ("roll", "start_round")
    refusal = "This player link is not valid (it may be mistyped or the player was removed)."

    @database_sync_to_async
    def authenticate(self):
        self.player = links.player(self.scope["url_route"]["kwargs"]["token"])
        return self.player is not None

    def socket_owners(self):
        return [(f"player:{self.player.pk}", limits.SOCKETS_PER_PLAYER, limits.TOO_MANY_SOCKETS)]

    async def send_snapshot(self):
        snapshot = await database_sync_to_async(self.snapshot)()
        groups = [
            broadcast.night_group(self.player.night_id),
            broadcast.player_group(self.player.pk),
        ]
        if snapshot["table"]:
            groups.append(broadcast.table_group(self.player.night_id, snapshot["table"]["number"]))
        await self.join(groups)
        await self.send_json(snapshot)

    def snapshot(self):
        self.player.refresh_from_db()
        self.player.night.refresh_from_db()
        return selectors.player_snapshot(self.player)

    def act(self, message):
        if message["type"] == "start_round":  # the Head table rings the bell to start
            return play.round_start(
                night_id=self.player.night_id,
                number=message["round"],
                actor=f"player:{self.player.pk}",
                client_id=message["client_id"],
                player=self.player,
            )
        return play.roll_record(
            night_id=self.player.night_id,
            player=self.player,
            table_number=message.get("table"),
            dice=message.get("dice"),
            entry=message.get("entry"),
            seen_version=message.get("v"),
            client_id=message["client_id"],
            actor=f"player:{self.player.pk}",
        )


def screen_owners(link: str, scope: dict) -> list:
    """A big-screen link's sockets are capped per link and per address (issue 12: 150 of
    them from one address made other players' handshakes fail)."""
    return [
        (link, limits.SOCKETS_PER_SCREEN, limits.TOO_MANY_SOCKETS),
        (
            f"screens:{limits.client_ip(scope)}",
            limits.SCREEN_SOCKETS_PER_ADDRESS,
            limits.TOO_MANY_SCREENS,
        ),
    ]


def _night_snapshot(night_id):
    return selectors.night_snapshot(Night.objects.get(pk=night_id))


# One snapshot per night and versions, shared by its dashboards and big screens.
night_snapshots = SharedSnapshots(selectors.night_versions, _night_snapshot)


class WatchConsumer(NightConsumer):
    """The big screen: read-only, by the night's screen link."""

    role = "screen"
    refusal = "This big-screen link is not valid."
    resync_every = limits.SCREEN_RESYNC_EVERY

    def socket_owners(self):
        return screen_owners(f"screen:{self.night.pk}", self.scope)

    @database_sync_to_async
    def authenticate(self):
        token = self.scope["url_route"]["kwargs"]["token"]
        self.night = links.find(Night.objects, screen_token=token)
        return self.night is not None

    async def send_snapshot(self):
        if self.night.is_demo:
            demo.ensure_driver(self.night.pk)  # virtual dice play while someone watches
        await self.join(
            [broadcast.night_group(self.night.pk), broadcast.watch_group(self.night.pk)]
        )
        await self.send_json(await night_snapshots.get(self.night.pk))


class HostConsumer(WatchConsumer):
    """The host's dashboard: logged in, own nights only; can ring the bell, start rounds
    and enter a roll at any table."""

    role = "host"
    actions = ("roll", "bell", "start_round")
    refusal = "Log in as this night's host to open its dashboard."

    def socket_owners(self):
        return [
            (f"host:{self.scope['user'].pk}", limits.SOCKETS_PER_SCREEN, limits.TOO_MANY_SOCKETS)
        ]

    @database_sync_to_async
    def authenticate(self):
        user = self.scope.get("user")
        night_id = self.scope["url_route"]["kwargs"]["night_id"]
        if not user or not user.is_authenticated:
            return False
        self.night = links.find(Night.objects.filter(host=user), pk=night_id)
        self.actor = f"host:{user.username}"
        return self.night is not None

    def act(self, message):
        common = {"night_id": self.night.pk, "actor": self.actor, "client_id": message["client_id"]}
        if message["type"] == "bell":
            return play.bell_ring(number=message["round"], **common)
        if message["type"] == "start_round":
            return play.round_start(number=message["round"], **common)
        return play.roll_record(
            table_number=message.get("table"),
            dice=message.get("dice"),
            entry=message.get("entry"),
            seen_version=message.get("v"),
            **common,
        )
