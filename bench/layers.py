"""Channel-layer relay benchmark: RedisChannelLayer against RedisPubSubChannelLayer.

    python bench/layers.py [--groups 100] [--rate 200] [--seconds 10] [--redis redis://...]

Each group has 5 members (a table's 4 phones and the dashboard). Messages go out to random
groups at a fixed rate; the time from group_send to arrival on all 5 members is measured.
Prints one line per layer and a last line comparing them.
"""

import argparse
import asyncio
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

LAYERS = {
    "core": "channels_redis.core.RedisChannelLayer",
    "pubsub": "channels_redis.pubsub.RedisPubSubChannelLayer",
}


def load(path):
    module, _, name = path.rpartition(".")
    return getattr(__import__(module, fromlist=[name]), name)


async def run_layer(kind, redis_url, groups, rate, seconds):
    layer = load(LAYERS[kind])(hosts=[redis_url], prefix=f"bench-{kind}-{random.random()}")
    members = {}
    for g in range(groups):
        members[g] = [await layer.new_channel() for _ in range(5)]
        for channel in members[g]:
            await layer.group_add(f"g{g}", channel)
    arrivals = {}
    latencies, errors = [], 0

    async def receiver(channel):
        nonlocal errors
        while True:
            try:
                message = await layer.receive(channel)
            except asyncio.CancelledError:
                raise
            except Exception:
                errors += 1
                continue
            key = message["id"]
            arrivals[key] = arrivals.get(key, 0) + 1
            if arrivals[key] == 5:
                latencies.append(time.perf_counter() - message["sent"])

    tasks = [asyncio.create_task(receiver(c)) for chans in members.values() for c in chans]
    await asyncio.sleep(0.5)
    total = int(rate * seconds)
    start = time.perf_counter()
    for i in range(total):
        await asyncio.sleep(max(0.0, start + i / rate - time.perf_counter()))
        try:
            await layer.group_send(
                f"g{random.randrange(groups)}",
                {"type": "relay", "id": i, "sent": time.perf_counter()},
            )
        except Exception:
            errors += 1
    await asyncio.sleep(2)
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    if hasattr(layer, "flush"):
        await layer.flush()
    lost = total - len(latencies)
    ms = sorted(x * 1000 for x in latencies) or [float("nan")]
    p99 = ms[min(len(ms) - 1, int(len(ms) * 0.99))]
    return {"layer": kind, "p50": statistics.median(ms), "p99": p99, "lost": lost, "errors": errors}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--groups", type=int, default=100)
    parser.add_argument("--rate", type=float, default=200, help="group messages per second")
    parser.add_argument("--seconds", type=float, default=10)
    parser.add_argument("--redis", default="redis://127.0.0.1:6379/0")
    args = parser.parse_args()
    results = {}
    for kind in LAYERS:
        r = asyncio.run(run_layer(kind, args.redis, args.groups, args.rate, args.seconds))
        results[kind] = r
        print(
            f"layer={kind} groups={args.groups} rate={args.rate:g}/s p50_ms={r['p50']:.1f} "
            f"p99_ms={r['p99']:.1f} lost={r['lost']} errors={r['errors']}"
        )
    core, pubsub = results["core"], results["pubsub"]
    print(
        f"rate={args.rate:g} core_p99_ms={core['p99']:.1f} pubsub_p99_ms={pubsub['p99']:.1f} "
        f"ratio_core_over_pubsub={core['p99'] / pubsub['p99']:.2f}"
    )


if __name__ == "__main__":
    main()
