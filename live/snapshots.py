"""Snapshots shared by every screen of one thing (a night, a room) in this process.

A big screen's snapshot is the same for everyone who watches, and it only changes when a
version does. So a resync reads the versions (one or two small queries) and reuses the
snapshot built for them; screens asking at the same moment wait for the one build in
flight instead of each starting its own. Twenty screens resyncing ten times a second then
cost twenty version reads, not two hundred full snapshots on the database thread.
"""

import asyncio
from collections import OrderedDict

from live import db

KEEP = 256  # things (nights, rooms) remembered per process; the oldest are forgotten


class SharedSnapshots:
    def __init__(self, stamp, build):
        """`stamp(key)`: the versions `build(key)`'s snapshot depends on (cheap);
        `build(key)`: the snapshot. Both run on the database thread (live.db)."""
        self.stamp, self.build = stamp, build
        self.done: OrderedDict = OrderedDict()  # key -> (stamp, snapshot)
        self.building: dict = {}  # (key, stamp) -> future

    async def get(self, key) -> dict:
        """The snapshot for `key` as of now. Shared: never change it."""
        stamp = await db.run(self.stamp)(key)
        done = self.done.get(key)
        if done and done[0] == stamp:
            return done[1]
        future = self.building.get((key, stamp))
        if future is None:
            future = self.building[(key, stamp)] = asyncio.ensure_future(self._build(key, stamp))
        return await asyncio.shield(future)  # a socket closing never cancels the others' build

    async def _build(self, key, stamp):
        try:
            snapshot = await db.run(self.build)(key)
        finally:
            self.building.pop((key, stamp), None)
        self.done[key] = (stamp, snapshot)
        self.done.move_to_end(key)
        while len(self.done) > KEEP:
            self.done.popitem(last=False)
        return snapshot
