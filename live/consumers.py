"""The base websocket consumer both apps stand on. It authenticates through the subclass's
hook, applies the limits, sends a full snapshot on connect (and on a resync), validates each
message (parse), passes actions to the services (act) and answers with a result or an
error, and sends a heartbeat with the current versions when the subclass names them. It
knows nothing of nights or rooms: each app's consumers fill in the hooks."""

import asyncio
import json
import logging
import time

from asgiref.sync import sync_to_async
from channels.generic.websocket import AsyncJsonWebsocketConsumer

from live import broadcast, db, limits, ticks
from live.cache import cache
from live.errors import TRY_AGAIN, UNAVAILABLE, ServiceError
from live.messages import MessageError, usable_client_id
from live.words import said

logger = logging.getLogger(__name__)

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
    return client_id if usable_client_id(client_id) else None


_open_sockets: set = set()


async def _drop_open_sockets():
    """A broadcast failed (the channel layer went away): close every socket of this process,
    so each client reconnects, with backoff, once the layer is back, and starts again from
    a snapshot instead of silently missing what was lost."""
    for consumer in list(_open_sockets):
        await consumer.close(code=TRY_AGAIN)


broadcast.failure_listeners.append(_drop_open_sockets)


class LiveConsumer(AsyncJsonWebsocketConsumer):
    """Groups, limits, snapshots, results and errors. Subclasses provide `authenticate()`
    (True when the link is valid), `send_snapshot()`, `parse(text)`, `act(message)` (runs on
    the database thread, unless the subclass's `perform` runs it elsewhere), and optionally
    `socket_owners()`, `link_group()`, `versions_key()` and `resync_every`."""

    role = ""
    actions: tuple[str, ...] = ()
    refusal = said("This link is not valid.")
    slots: tuple = ()  # the socket slots leased in the cache
    resync_later = None  # the task this consumer started
    resync_every = 0.0  # seconds between the snapshots a client may ask for (screens: 1)
    next_resync = 0.0
    groups_joined: set = frozenset()
    accepted = False  # the handshake is done (a close then needs no accept first)
    pinned: set = frozenset()  # the link's own group, kept whatever join() is asked
    busy = 0  # handlers under way (live.ticks sends a busy socket no heartbeat)

    async def __call__(self, scope, receive, send):
        """Whatever ends this consumer gives back what it holds: a normal close, a crash in
        connect, or Daphne killing it for taking too long to shut down (then disconnect()
        never runs: without this its slots stayed renewed for good, and a crashed
        consumer stayed in the open-socket set, growing the process)."""
        try:
            await super().__call__(scope, receive, send)
        except UNAVAILABLE as error:  # Redis went away: at the handshake, or any step after
            logger.warning("live: the channel layer is unavailable (%s): try again", error)
            await self.try_again(receive, send)
        finally:
            _open_sockets.discard(self)
            self.stop_tasks()
            if self.slots or self.groups_joined:  # killed: give back on a task of its own
                asyncio.ensure_future(self.give_back())

    async def try_again(self, receive, send):
        """Close with TRY_AGAIN: the client reconnects with its backoff. A socket not yet
        accepted (the layer failed before the handshake) is accepted first, since a refused
        handshake is an HTTP error the client cannot tell from a wrong address."""
        try:
            if not self.accepted:
                if (await receive())["type"] != "websocket.connect":
                    return  # the client left already
                await send({"type": "websocket.accept"})
            await send({"type": "websocket.close", "code": TRY_AGAIN})
        except Exception:  # noqa: BLE001 - the client went away meanwhile: nothing to tell
            return

    def stop_tasks(self):
        """Stop what runs for this consumer (synchronous: it may run in a cancelled task)."""
        ticks.leases.discard(self)
        ticks.heartbeats.discard(self)
        if self.resync_later:
            self.resync_later.cancel()

    async def dispatch(self, message):
        """Channels' own (which closes the thread's expired database connections, then
        runs the handler), counted in `busy` while it runs. While a handler runs (an action
        waiting its turn on the database thread, for seconds on a loaded server), the group
        messages behind it wait in its channel."""
        self.busy += 1
        try:
            await super().dispatch(message)
        finally:
            self.busy -= 1

    async def give_back(self):
        slots, groups = self.slots, self.groups_joined
        self.slots, self.groups_joined = (), set()
        for slot in slots:
            await cached(limits.socket_release)(slot, self.channel_name)
        down = None
        for group in groups:  # each one: the layer drops it from its own state first
            try:
                await self.channel_layer.group_discard(group, self.channel_name)
            except UNAVAILABLE as error:
                down = error
        if down is not None:
            logger.warning("live: the channel layer is unavailable (%s) leaving groups", down)

    async def connect(self):
        self.groups_joined = set()
        self.bucket = limits.TokenBucket()
        await self.accept()
        self.accepted = True
        _open_sockets.add(self)
        if not await self.authenticate():  # slowed down, never refused, past a few failures
            await limits.link_failed(limits.client_ip(self.scope))
            return await self.refuse("bad_link", self.refusal, 4403)
        group = self.link_group()
        self.pinned = {group} if group else set()
        for owner, most, refusal in self.socket_owners():
            slot = await cached(limits.socket_claim)(owner, self.channel_name, most)
            if slot is None:
                return await self.refuse("too_many_sockets", refusal, 4429)
            if slot:  # "": the cache is down, no limit
                self.slots += (slot,)
        if self.slots:
            ticks.leases.add(self, self.slots)
        await self.send_snapshot()
        key = self.versions_key()
        if key is not None:
            ticks.heartbeats.add(self, key)

    async def refuse(self, code, message, close):
        await self.send_json({"type": "error", "code": code, "message": message}, close=close)

    def socket_owners(self):
        """Whom this socket counts against: [(owner, at most, refusal)] (limits.*_sockets)."""
        return []

    def link_group(self):
        """The group that hears when this socket's link is revoked (None: it never is)."""
        return None

    def versions_key(self):
        """The cache key of the current versions the heartbeat carries (None: no heartbeat)."""
        return None

    async def versions_now(self) -> dict:
        """The current versions the heartbeat would carry ({} without a key or the cache)."""
        key = self.versions_key()
        if key is None:
            return {}
        try:
            return await cached(cache.get)(key) or {}
        except Exception:  # noqa: BLE001 - the heartbeat's next tick tells the client instead
            logger.warning("live: could not read the versions under %s", key, exc_info=True)
            return {}

    async def disconnect(self, code):
        self.stop_tasks()
        await self.give_back()

    async def join(self, groups):
        """Be in exactly `groups`, and the link's own (a phone changes table groups between
        rounds)."""
        groups = set(groups) | self.pinned
        for group in self.groups_joined - groups:
            await self.channel_layer.group_discard(group, self.channel_name)
        for group in groups - self.groups_joined:
            await self.channel_layer.group_add(group, self.channel_name)
        self.groups_joined = groups

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

    async def link_revoked(self, event):
        """The link no longer opens anything (the host removed the player, say): tell the
        client why and close for good (4403: PartyLive does not reconnect)."""
        await self.refuse(event["code"], event["message"], 4403)

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
                    "message": said("Send JSON text under %(most)s bytes.", most=MAX_MESSAGE_BYTES),
                }
            )
            return
        try:
            message = self.parse(text_data)
        except MessageError as error:
            await self.send_json(
                {
                    "type": "error",
                    "code": error.code,
                    "message": error.message,
                    "client_id": error.client_id,
                }
            )
            return
        if message["type"] == "resync":
            await self.resync()
            return
        try:
            result = await self.perform(message)
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
        """The validated message (MessageError if not), with the app's own schemas."""
        raise NotImplementedError

    async def perform(self, message):
        """Carry out an action (`act` on the database thread); its answer for the client."""
        return await db.run(self.act)(message)

    def act(self, message):
        raise ServiceError(said("This screen only watches."), "read_only")
