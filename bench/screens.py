"""Big-screen flood benchmark (issue 12, finding 3): real Daphne, real sockets.

    python bench/screens.py [--screens 40] [--seconds 10] [--resyncs 50]

One night of 12 players on its own server and database (bench/live.py's set-up). First a
baseline: one phone asks for `--resyncs` snapshots, one after another, and times each
answer. Then one address opens `--screens` sockets on the night's big-screen link (the cap
is limits.SOCKETS_PER_SCREEN), every accepted one resyncs 10 times a second (the per-socket
rate limit) for `--seconds`, and the phone times the same resyncs meanwhile. The last line:

    screens_asked=S accepted=A refused=R screen_snapshots=N baseline_p50_ms=.. p99=..
    flood_p50_ms=.. flood_p99_ms=.. ratio_p99=..
"""

import argparse
import asyncio
import json
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.live import (  # noqa: E402
    create_nights,
    free_port,
    origin_of,
    pct,
    prepare_environment,
    start_server,
)


async def frame(socket, kind, timeout=30):
    while True:
        message = json.loads(await asyncio.wait_for(socket.recv(), timeout))
        if message["type"] == kind or message.get("code"):
            return message


async def resync_times(url, count) -> list[float]:
    from websockets.asyncio.client import connect

    times = []
    async with connect(url, origin=origin_of(url)) as phone:
        await frame(phone, "snapshot")
        for _ in range(count):
            start = time.perf_counter()
            await phone.send(json.dumps({"type": "resync"}))
            await frame(phone, "snapshot")
            times.append(time.perf_counter() - start)
            await asyncio.sleep(0.05)
    return times


async def flood(base, night, screens, seconds, resyncs):
    from websockets.asyncio.client import connect

    url = f"{base}/ws/screen/{night['screen']}/"
    accepted, refused, served = [], 0, [0]
    for _ in range(screens):
        socket = await connect(url, origin=origin_of(url), max_queue=None)
        if (await frame(socket, "snapshot")).get("code") == "too_many_sockets":
            refused += 1
            await socket.close()
        else:
            accepted.append(socket)

    async def hammer(socket):
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            await socket.send(json.dumps({"type": "resync"}))
            await asyncio.sleep(0.1)

    async def count(socket):
        try:
            async for message in socket:
                served[0] += json.loads(message)["type"] == "snapshot"
        except Exception:  # noqa: BLE001 - closed at the end
            return

    readers = [asyncio.ensure_future(count(s)) for s in accepted]
    phone_url = f"{base}/ws/play/{night['tokens'][0]}/"
    during, _ = await asyncio.gather(
        resync_times(phone_url, resyncs), asyncio.gather(*(hammer(s) for s in accepted))
    )
    for socket in accepted:
        await socket.close()
    await asyncio.gather(*readers)
    return len(accepted), refused, served[0], during


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--screens", type=int, default=40)
    parser.add_argument("--seconds", type=float, default=10)
    parser.add_argument("--resyncs", type=int, default=50)
    args = parser.parse_args()
    env = prepare_environment(f"screens-{os.getpid()}")
    os.environ.update({k: env[k] for k in ("DATABASE_URL", "SECRET_KEY", "HTTPS", "DEBUG")})
    os.environ["DJANGO_SETTINGS_MODULE"] = env["DJANGO_SETTINGS_MODULE"]
    made, _ = create_nights(1)
    from partynight.models import Night

    night = {**made[0], "screen": Night.objects.get(pk=made[0]["id"]).screen_token}
    port = free_port()
    server = start_server(env, port)
    base = f"ws://127.0.0.1:{port}"
    try:
        baseline = asyncio.run(resync_times(f"{base}/ws/play/{night['tokens'][0]}/", args.resyncs))
        accepted, refused, served, during = asyncio.run(
            flood(base, night, args.screens, args.seconds, args.resyncs)
        )
    finally:
        server.terminate()
        server.wait(timeout=10)
    print(
        f"screens_asked={args.screens} accepted={accepted} refused={refused} "
        f"screen_snapshots={served} baseline_p50_ms={pct(baseline, 0.5):.1f} "
        f"baseline_p99_ms={pct(baseline, 0.99):.1f} flood_p50_ms={pct(during, 0.5):.1f} "
        f"flood_p99_ms={pct(during, 0.99):.1f} "
        f"ratio_p99={pct(during, 0.99) / max(pct(baseline, 0.99), 0.001):.1f}"
    )


if __name__ == "__main__":
    main()
