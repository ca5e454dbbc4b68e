"""live/ticks.py: one task a process serves every member socket, keeps going when a tick
fails (the cache went away), and ends when the last member leaves."""

import asyncio

from live.ticks import Tick


async def test_one_task_serves_every_member_and_survives_a_failed_tick():
    seen = []

    async def tick(members):
        seen.append(dict(members))
        if len(seen) == 1:
            raise ConnectionError("cache down")

    ticker = Tick(lambda: 0.01, tick)
    ticker.add("phone", "key-a")
    task = ticker.task
    ticker.add("screen", "key-b")
    assert ticker.task is task  # the second socket joins the running task

    async def three_ticks():
        while len(seen) < 3:
            await asyncio.sleep(0.01)

    await asyncio.wait_for(three_ticks(), 1)  # a tick that failed does not stop the next
    assert seen[1] == {"phone": "key-a", "screen": "key-b"}  # after the failure, again
    ticker.discard("phone")
    ticker.discard("screen")
    await asyncio.wait_for(task, 1)  # no member: the task ends
    ticker.add("phone", "key-a")
    assert ticker.task is not task and not ticker.task.done()  # a new member starts it again
    ticker.discard("phone")
    await asyncio.wait_for(ticker.task, 1)
