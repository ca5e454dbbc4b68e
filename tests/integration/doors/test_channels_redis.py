"""The contract of live/doors/channels_redis.py: a batch it publishes through the pub/sub
layer's own shards and connections reaches the layer's subscribers (another process's
too) in order, one shard or several, in step with the layer's own `group_send`."""

import asyncio
import uuid

from channels_redis.pubsub import RedisPubSubChannelLayer

from live.doors import channels_redis
from tests.helpers.doors import installed_as_written_for
from tests.helpers.redis import REDIS_URL, need_redis


def test_the_installed_versions_are_the_ones_it_was_written_for():
    installed_as_written_for(channels_redis)


def a_layer(prefix: str, shards: int = 1) -> RedisPubSubChannelLayer:
    return RedisPubSubChannelLayer(hosts=[REDIS_URL] * shards, prefix=prefix)


async def subscribed(layer, groups: list[str]) -> dict[str, str]:
    """A channel of `layer` in each of `groups` (SUBSCRIBE on Redis)."""
    members = {}
    for group in groups:
        members[group] = await layer.new_channel()
        await layer.group_add(group, members[group])
    return members


async def received(layer, channel: str, count: int) -> list:
    return [(await asyncio.wait_for(layer.receive(channel), 5))["n"] for _ in range(count)]


async def test_a_batch_reaches_another_processs_subscribers_in_order_on_every_shard():
    need_redis("the pub/sub channel layer")
    prefix = f"doors-{uuid.uuid4().hex[:8]}"
    sender, listener = a_layer(prefix, shards=2), a_layer(prefix, shards=2)
    groups = [f"table-{n}" for n in range(6)]  # two shards: some groups on each
    members = await subscribed(listener, groups)
    try:
        batch = [([groups[n % 6]], {"type": "table.event", "n": n}) for n in range(60)]
        await channels_redis.publish(sender, batch)
        for table, group in enumerate(groups):
            assert await received(listener, members[group], 10) == list(range(table, 60, 6))
    finally:
        await listener.flush()
        await sender.flush()


async def test_a_batch_keeps_its_place_between_the_layers_own_sends():
    need_redis("the pub/sub channel layer")
    layer = a_layer(f"doors-{uuid.uuid4().hex[:8]}")
    members = await subscribed(layer, ["watchers"])
    try:
        assert channels_redis.pipelines(layer)
        await layer.group_send("watchers", {"type": "table.event", "n": 0})
        batch = [(["watchers"], {"type": "table.event", "n": n}) for n in range(1, 6)]
        await channels_redis.publish(layer, batch)
        await layer.group_send("watchers", {"type": "table.event", "n": 6})
        assert await received(layer, members["watchers"], 7) == list(range(7))
    finally:
        await layer.flush()
