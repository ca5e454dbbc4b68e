"""Sending a batch of group messages in order, in as few round trips as the layer allows.

Channels' Redis pub/sub layer sends each `group_send` as its own PUBLISH under a lock it
shares with every subscribe of the process, so one sender publishes at most one message per
turn of the event loop, and under load the broadcasts queued behind each other
(bench/README.md). Through that layer a batch goes to Redis as one pipeline per shard, in
the order given (live/doors/channels_redis.py); any other layer (the in-memory default)
gets one `group_send` after another.
"""

from channels.layers import get_channel_layer

from live.doors import channels_redis


async def publish(batch: list[tuple[list[str], dict]]) -> None:
    """Send each (groups, message) of `batch`, in order."""
    layer = get_channel_layer()
    if channels_redis.pipelines(layer):
        await channels_redis.publish(layer, batch)
        return
    for groups, message in batch:
        for group in groups:
            await layer.group_send(group, message)
