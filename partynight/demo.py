"""Demo nights: virtual dice play every seat, so a newcomer sees the dashboard move.

The driver runs inside the server process (it is started by the first dashboard or big
screen that opens a demo night), so its broadcasts reach the in-memory channel layer too.
"""

import asyncio
import random

from live import db
from live.errors import ServiceError
from partynight.models import Night, Round
from partynight.rules.dice import roll_dice
from partynight.services import finish, play
from partynight.services.common import current_round, rules_of

ROLL_EVERY_SECONDS = 0.4
_drivers: dict[int, asyncio.Task] = {}


def ensure_driver(night_id: int) -> None:
    """Start the night's driver unless it is already running in this process."""
    task = _drivers.get(night_id)
    if task is None or task.done():
        _drivers[night_id] = asyncio.get_running_loop().create_task(_drive(night_id))


async def _drive(night_id: int) -> None:
    rng = random.Random()
    while await db.run(demo_step)(night_id, rng):  # the sockets' database thread
        await asyncio.sleep(ROLL_EVERY_SECONDS)


def demo_step(night_id: int, rng: random.Random) -> bool:
    """One move of the demo: a roll at a table still playing, the next round, or the
    prizes. Returns False once the night is finished."""
    night = Night.objects.get(pk=night_id)
    if night.state == Night.State.FINISHED:
        return False
    round_ = current_round(night)
    try:
        if round_ and round_.state == Round.State.DONE and round_.number == rules_of(night).rounds:
            finish.night_finish(night_id=night_id, actor="demo")
        elif round_ is None or round_.state == Round.State.DONE:
            number = round_.number + 1 if round_ else 1
            play.round_start(night_id=night_id, number=number, actor="demo")
        else:
            tables = [t for t in round_.tables.all() if t.state["phase"] != "done"]
            table = rng.choice(tables)
            play.roll_record(
                night_id=night_id,
                table_number=table.number,
                dice=roll_dice(rng),
                seen_version=table.version,
                client_id=None,
                actor="demo",
            )
    except ServiceError:
        pass  # a host acted at the same moment; the next step sees the new state
    return True
