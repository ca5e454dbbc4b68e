"""live/ticks.py: one task a process serves every member socket, keeps going when a tick
fails (the cache went away), and ends when the last member leaves; the heartbeat sends each
socket its key's versions without holding the loop for all of them at once."""

import asyncio
import json

import pytest

from live import broadcast, db
from live.cache import cache
from live.ticks import Tick, send_heartbeats


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


class FakeSocket:
    def __init__(self, log, busy=0):
        self.log, self.busy = log, busy

    async def send(self, text_data):
        if not self.log:  # a roll's frame arrives as the heartbeats start
            asyncio.get_running_loop().call_soon(self.log.append, ("roll", None))
        self.log.append((self, text_data))


async def test_heartbeats_carry_each_keys_versions_and_let_the_loop_serve_others_between():
    cache.set_many({"test:hb:a": {"night": 4}, "test:hb:b": {"night": 9, "table:1:2": 3}})
    log = []
    members = {FakeSocket(log): "test:hb:a" if n % 2 else "test:hb:b" for n in range(240)}
    members[FakeSocket(log)] = "test:hb:none"  # nothing stored yet: no heartbeat
    await send_heartbeats(members)
    sent = [(socket, json.loads(text)) for socket, text in log if socket != "roll"]
    assert len(sent) == 240
    for socket, frame in sent:
        stored = {"test:hb:a": {"night": 4}, "test:hb:b": {"night": 9, "table:1:2": 3}}
        assert frame == {"type": "heartbeat", "versions": stored[members[socket]]}
    assert 0 < [entry[0] for entry in log].index("roll") < 240  # served between slices


async def test_a_socket_busy_with_a_handler_gets_no_heartbeat_until_it_is_done():
    """Its events wait in its channel behind the handler: a heartbeat would overtake them."""
    cache.set("test:hb:busy", {"night": 2})
    log = []
    idle, busy = FakeSocket(log), FakeSocket(log, busy=1)
    await send_heartbeats({idle: "test:hb:busy", busy: "test:hb:busy"})
    assert [socket for socket, _ in log if socket != "roll"] == [idle]
    busy.busy = 0
    await send_heartbeats({busy: "test:hb:busy"})
    assert [socket for socket, _ in log if socket != "roll"] == [idle, busy]


@pytest.mark.django_db(transaction=True)  # after commit: in autocommit, at once
async def test_heartbeats_leave_after_the_events_queued_before_them(monkeypatch):
    """The versions a heartbeat announces were stored after their events were queued: it
    waits for the process's sender to hand those to the layer, never overtakes them."""
    log = []

    async def slow_publish(batch):
        await asyncio.sleep(0.2)  # a loaded server's sender
        log.extend(("event", message["n"]) for _, message in batch)

    monkeypatch.setattr(broadcast, "publish", slow_publish)
    await db.run(broadcast.send_after_commit)(["watchers"], {"type": "table.event", "n": 1})
    cache.set("test:hb:order", {"table:1:1": 1})
    socket = FakeSocket(log)
    await send_heartbeats({socket: "test:hb:order"})
    assert [entry[0] for entry in log] == ["event", socket]
