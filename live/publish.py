"""Sending a batch of group messages in order, in as few round trips as the layer allows.

Channels' Redis pub/sub layer sends each `group_send` as its own PUBLISH under a lock it
shares with every subscribe of the process, so one sender publishes at most one message per
turn of the event loop. At 100 nights on one process (bench/live.py) that was about 250
messages a second: the broadcasts queued behind each other for up to 700 ms, and the roll's
p99 was that queue. Here a batch goes to Redis as one pipeline per shard, under the same
lock, in the order given (a group always maps to one shard, so each group's messages stay
in order). Any other layer (the in-memory default) gets one `group_send` after another.
"""

from channels.layers import get_channel_layer
from channels_redis.pubsub import RedisPubSubChannelLayer


async def publish(batch: list[tuple[list[str], dict]]) -> None:
    """Send each (groups, message) of `batch`, in order."""
    layer = get_channel_layer()
    if isinstance(layer, RedisPubSubChannelLayer):
        await _pipelined(layer, batch)
        return
    for groups, message in batch:
        for group in groups:
            await layer.group_send(group, message)


async def _pipelined(layer: RedisPubSubChannelLayer, batch) -> None:
    # The layer's own naming, shards and connections (channels_redis 4.x, pinned): what it
    # would publish, to the channel it would publish to, on the connection it would use.
    loop_layer = layer._get_layer()
    by_shard: dict = {}
    for groups, message in batch:
        data = layer.serialize(message)  # once, whatever the number of groups
        for group in groups:
            channel = loop_layer._get_group_channel_name(group)
            by_shard.setdefault(loop_layer._get_shard(channel), []).append((channel, data))
    for shard, messages in by_shard.items():
        async with shard._lock:
            shard._ensure_redis()
            pipeline = shard._redis.pipeline(transaction=False)
            for channel, data in messages:
                pipeline.publish(channel, data)
            await pipeline.execute()
