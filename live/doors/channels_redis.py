"""The door to channels_redis's pub/sub layer: a batch of group messages published as one
pipeline per shard.

The layer's `group_send` sends each message as its own PUBLISH under a lock the shard shares
with every subscribe of the process, so one sender publishes at most one message per turn
of the event loop. Here a batch goes to Redis as one pipeline per shard, under the same
lock, with the layer's own channel names, shards and connection: what `group_send` would
publish, where it would publish it. A group always maps to one shard, so each group's
messages stay in the order given. Contract: tests/integration/doors/test_channels_redis.py.
"""

from channels_redis.pubsub import RedisPubSubChannelLayer

WRITTEN_FOR = {"channels-redis": "4.3.0", "redis": "7.4.1"}
RECHECK = (
    "channels_redis/pubsub.py: RedisPubSubChannelLayer._get_layer, RedisPubSubLoopLayer."
    "_get_group_channel_name and _get_shard, and RedisSingleShardConnection.publish (its"
    " _lock, _ensure_redis and _redis); redis.asyncio's pipeline(transaction=False)"
)


def pipelines(layer) -> bool:
    """`layer` is one whose batches this door publishes."""
    return isinstance(layer, RedisPubSubChannelLayer)


async def publish(layer: RedisPubSubChannelLayer, batch: list[tuple[list[str], dict]]) -> None:
    """Send each (groups, message) of `batch`, in order, one pipeline per shard."""
    loop_layer = layer._get_layer()
    by_shard: dict = {}
    for groups, message in batch:
        data = layer.serialize(message)  # once, whatever the number of groups
        for group in groups:
            channel = loop_layer._get_group_channel_name(group)
            by_shard.setdefault(loop_layer._get_shard(channel), []).append((channel, data))
    for shard, messages in by_shard.items():
        async with shard._lock:  # as RedisSingleShardConnection.publish does
            shard._ensure_redis()
            pipeline = shard._redis.pipeline(transaction=False)
            for channel, data in messages:
                pipeline.publish(channel, data)
            await pipeline.execute()
