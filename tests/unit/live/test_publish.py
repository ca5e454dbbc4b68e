"""live/publish.py and the sender in live/broadcast.py: a batch reaches every member of each
group in the order given; through Redis's pub/sub layer a batch is one pipeline, not one
PUBLISH (and one turn of the layer's lock) per message; and what the services queue while
the sender is busy goes out as one batch."""

import asyncio
import uuid

import pytest
from asgiref.sync import sync_to_async
from channels.layers import get_channel_layer
from channels_redis.pubsub import RedisSingleShardConnection
from django.test import override_settings

from live import broadcast, db
from live.publish import publish
from tests.helpers.redis import REDIS_URL, need_redis

IN_MEMORY = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}


def pubsub_layer():
    prefix = f"test-publish-{uuid.uuid4().hex[:8]}"
    backend = "channels_redis.pubsub.RedisPubSubChannelLayer"
    config = {"hosts": [REDIS_URL], "prefix": prefix}
    return {"default": {"BACKEND": backend, "CONFIG": config}}


async def members_of(groups):
    layer = get_channel_layer()
    members = {}
    for group in groups:
        members[group] = [await layer.new_channel() for _ in range(2)]
        for channel in members[group]:
            await layer.group_add(group, channel)
    return members


async def received(channel, count):
    layer = get_channel_layer()
    return [(await asyncio.wait_for(layer.receive(channel), 5))["n"] for _ in range(count)]


def a_batch(count):
    """Messages 0..count-1: each to its own table's group and to the watchers' group."""
    return [([f"table-{n % 3}", "watchers"], {"type": "table.event", "n": n}) for n in range(count)]


async def each_member_gets_its_messages_in_order():
    members = await members_of(["table-0", "table-1", "table-2", "watchers"])
    await publish(a_batch(30))
    for channel in members["watchers"]:
        assert await received(channel, 30) == list(range(30))
    for table in range(3):
        for channel in members[f"table-{table}"]:
            assert await received(channel, 10) == list(range(table, 30, 3))


async def test_the_in_memory_layer_delivers_a_batch_in_order():
    with override_settings(CHANNEL_LAYERS=IN_MEMORY):
        await each_member_gets_its_messages_in_order()


async def test_redis_pubsub_gets_a_batch_as_one_pipeline_in_order(monkeypatch):
    need_redis("the pub/sub channel layer")

    async def one_by_one(self, channel, message):
        raise AssertionError("a message of the batch was published on its own")

    monkeypatch.setattr(RedisSingleShardConnection, "publish", one_by_one)
    with override_settings(CHANNEL_LAYERS=pubsub_layer()):
        await each_member_gets_its_messages_in_order()
        await get_channel_layer().flush()


@pytest.mark.django_db(transaction=True)  # after commit: in autocommit, at once
async def test_what_queues_while_the_sender_sends_goes_out_as_one_batch(monkeypatch):
    batches = []
    sending = asyncio.Event()

    async def slow_publish(batch):
        batches.append([message["n"] for _, message in batch])
        sending.set()
        await asyncio.sleep(0.05)  # a round trip to Redis, while actions commit meanwhile

    monkeypatch.setattr(broadcast, "publish", slow_publish)

    def commit(numbers):  # a service's after-commit hooks, on a database thread
        for n in numbers:
            broadcast.send_after_commit(["watchers"], {"type": "table.event", "n": n})

    await db.run(commit)([0])
    await asyncio.wait_for(sending.wait(), 5)
    await db.run(commit)(range(1, 21))
    for _ in range(100):
        if sum(map(len, batches)) == 21:
            break
        await asyncio.sleep(0.01)
    assert batches == [[0], list(range(1, 21))]


@pytest.mark.django_db(transaction=True)
async def test_sent_so_far_returns_once_what_was_queued_before_it_went_out(monkeypatch):
    published = []

    async def slow_publish(batch):
        await asyncio.sleep(0.1)
        published.extend(message["n"] for _, message in batch)

    monkeypatch.setattr(broadcast, "publish", slow_publish)

    def commit():
        for n in range(3):
            broadcast.send_after_commit(["watchers"], {"type": "table.event", "n": n})

    await db.run(commit)()
    await broadcast.sent_so_far()
    assert published == [0, 1, 2]


@pytest.mark.django_db(transaction=True)
async def test_sent_so_far_returns_when_the_layer_is_down(monkeypatch):
    async def down(batch):
        raise ConnectionError("Redis restarting")

    monkeypatch.setattr(broadcast, "publish", down)
    monkeypatch.setattr(broadcast, "failure_listeners", [])
    await db.run(broadcast.send_after_commit)(["watchers"], {"type": "table.event", "n": 0})
    await asyncio.wait_for(broadcast.sent_so_far(), 5)


@pytest.mark.django_db(transaction=True)
async def test_a_broadcast_from_another_thread_goes_out_before_the_thread_goes_on(monkeypatch):
    """A thread that is not one of live.db's (Django runs a sync view on its own) waits
    while its broadcast goes out on the loop, behind whatever the loop's sender holds."""
    published = []

    async def slow_publish(batch):
        await asyncio.sleep(0.05)
        published.extend(message["n"] for _, message in batch)

    monkeypatch.setattr(broadcast, "publish", slow_publish)

    def view():
        broadcast.send_after_commit(["watchers"], {"type": "table.event", "n": 0})
        return list(published)

    assert await sync_to_async(view)() == [0]


@pytest.mark.django_db(transaction=True)
async def test_a_broadcast_from_another_thread_never_overtakes_what_the_sender_holds(
    monkeypatch,
):
    published = []
    sending = asyncio.Event()

    async def slow_publish(batch):
        sending.set()
        await asyncio.sleep(0.05)
        published.extend(message["n"] for _, message in batch)

    monkeypatch.setattr(broadcast, "publish", slow_publish)

    def commit(numbers):
        for n in numbers:
            broadcast.send_after_commit(["watchers"], {"type": "table.event", "n": n})

    def view():
        commit([3])
        return list(published)

    await db.run(commit)([0])
    await asyncio.wait_for(sending.wait(), 5)
    await db.run(commit)([1, 2])  # queued behind the batch the sender is sending
    assert await sync_to_async(view)() == [0, 1, 2, 3]
