"""One timeout timer per room per process: when a person keeps the game waiting past the
room's timeout, the service plays their default action. Every socket of the room arms it
with each frame it forwards; a frame of the same version finds the timer already set, a
newer one replaces it, so a room with 14 sockets still asks the database once."""

import asyncio
import logging
import time

from games.services import playing
from live import db
from live.errors import ServiceError

_timers: dict[int, tuple[int, asyncio.Task]] = {}  # room id -> (version, task)
RETRY_SECONDS = 1.0  # a timer that fired early (the database's clock) tries again after this
logger = logging.getLogger(__name__)


def arm(room_id: int, frame: dict) -> None:
    """Set the room's timer from `frame` (its `v` and `room.deadline`, epoch seconds)."""
    current = _timers.get(room_id)
    if current and current[1].get_loop() is not asyncio.get_running_loop():
        current = None  # set on a loop that has ended (a test's): it can never fire
    if current and current[0] == frame["v"] and not current[1].done():
        return
    if current:
        current[1].cancel()
        del _timers[room_id]
    deadline = frame["room"]["deadline"]
    if deadline is not None:
        delay = max(0.0, deadline - time.time()) + 0.1
        task = asyncio.ensure_future(_time_out(room_id, frame["v"], delay))
        _timers[room_id] = (frame["v"], task)


async def _time_out(room_id: int, version: int, delay: float) -> None:
    await asyncio.sleep(delay)
    while True:
        try:
            await db.run(playing.seat_timeout)(room_id=room_id, actor="timer", seen_version=version)
            return
        except ServiceError as error:
            if error.code != "too_early":  # no retry can help (the room is gone, say)
                logger.warning("room %s: timeout not played: %s", room_id, error)
                return
            await asyncio.sleep(RETRY_SECONDS)  # too early by the database's clock
