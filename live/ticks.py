"""What every open socket needs now and then, done once a tick for the whole process: the
heartbeat (one cache read of every versions key the process's sockets watch) and the
renewal of their socket slots. A task and a cache call per socket cost a 100-night process
about 80 thread hops a second, on the cores its rolls need (bench/live.py)."""

import asyncio
import contextlib
import json
import logging

from asgiref.sync import sync_to_async
from django.conf import settings

from live import broadcast, limits
from live.cache import cache

logger = logging.getLogger(__name__)
HEARTBEATS_PER_TURN = 50


class Tick:
    """Calls `tick(members)` every `seconds()` while any consumer is a member: one task per
    process (per event loop: each test has its own)."""

    def __init__(self, seconds, tick):
        self.seconds, self.tick = seconds, tick
        self.members: dict = {}  # consumer -> what the tick needs of it
        self.task: asyncio.Task | None = None

    def add(self, consumer, value) -> None:
        self.members[consumer] = value
        loop = asyncio.get_running_loop()
        if self.task is None or self.task.done() or self.task.get_loop() is not loop:
            self.task = loop.create_task(self.run())

    def discard(self, consumer) -> None:
        self.members.pop(consumer, None)

    async def run(self) -> None:
        while self.members:
            await asyncio.sleep(self.seconds())
            try:
                await self.tick(dict(self.members))
            except Exception:  # the cache went away: the next tick tries again
                logger.exception("live: %s failed", self.tick.__name__)


async def send_heartbeats(members: dict) -> None:
    """Each socket gets its versions key's current versions (the services store them after
    each commit): a client behind them missed a message and asks for a resync. A socket in
    the middle of a handler gets none this tick: the events sent to it meanwhile wait in its
    channel behind that handler, and a heartbeat sent straight to the socket would overtake
    them (under load a phone's own roll waits seconds for the database thread: past the
    client's grace, it asked for a snapshot it did not need); nor do the heartbeats leave
    before the events queued in this process's sender (broadcast.sent_so_far). Each key's
    frame is encoded once, and the loop serves other work between slices of sockets: sent
    in one go, a thousand sockets' heartbeats held the loop every tick (bench/README.md),
    and every roll arriving meanwhile waited."""
    keys = list(set(members.values()))
    versions = await sync_to_async(cache.get_many, thread_sensitive=False)(keys)
    await broadcast.sent_so_far()  # what those versions announce has left this process
    texts = {k: json.dumps({"type": "heartbeat", "versions": v}) for k, v in versions.items() if v}
    for n, (consumer, key) in enumerate(members.items(), 1):
        if key in texts and not consumer.busy:
            # it may have closed meanwhile: its own close cleans up
            with contextlib.suppress(Exception):
                await consumer.send(text_data=texts[key])
        if n % HEARTBEATS_PER_TURN == 0:
            await asyncio.sleep(0)


async def renew_leases(members: dict) -> None:
    slots = [slot for held in members.values() for slot in held]
    await sync_to_async(limits.socket_renew, thread_sensitive=False)(slots)


heartbeats = Tick(lambda: settings.LIVE_HEARTBEAT_SECONDS, send_heartbeats)
leases = Tick(lambda: limits.SOCKET_LEASE / 3, renew_leases)
