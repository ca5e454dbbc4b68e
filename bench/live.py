"""Live-scoring benchmark: real Daphne, real sockets, real rolls at a human pace.

    python bench/live.py --nights N [--processes K] [--seconds S] [--relay-seconds S]
                         [--profile ROLLS]

Starts its own server (a Daphne subprocess with the configured channel layer: REDIS_URL, or
the in-memory default) on its own database: a fresh SQLite file under bench/out/ by default,
or a fresh `<name>_bench_live` database next to the PostgreSQL DATABASE_URL. It creates N
nights of 12 players (seats drawn, round 1 started) through the services, connects 12 phone
sockets and 1 host dashboard per night, and has every playing table roll every 1.5-3.5 s (staggered;
mostly misses; once a round has run ROUND_SECONDS the Head table rolls a Bunco, which rings
the bell; a finished round is restarted from the dashboard at once), so N nights ask for
about N rolls a second; `rolls_per_s` says what they got. It measures the time from
sending a roll to its arrival on all four phones of the table and the dashboard; from the
roll that rings the bell to the bell on all 12 phones and the dashboard of that night
(`bell_p99_ms`); and from the host starting a round to every phone showing its new seat
(`start_p99_ms`). Then, in the same server, a bare relay floor (bench/relay.py: a group of
5, no database) at the same pace, 3 groups a night (15 sockets a night, against the live
phase's 13). Loopback only; bounded in time. `cpu_ms_per_roll` is the server processes' CPU
time during the rolling divided by the rolls sent; `relay_cpu_ms_per_msg` the same during
the relay, divided by the messages relayed; `cpu_ratio` the first over the second: what a
roll costs against this machine's own floor. The last line:

    nights=N sockets=S rolls_per_s=R p50_ms=.. p99_ms=.. relay_p99_ms=.. ratio_p99=..
    bell_p99_ms=.. start_p99_ms=.. lost=L duplicated=D cpu_ms_per_roll=..
    relay_cpu_ms_per_msg=.. cpu_ratio=..  (on one line)
"""

import argparse
import asyncio
import collections
import datetime
import json
import os
import random
import resource
import socket
import statistics
import subprocess
import sys
import threading
import time
import uuid
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "bench" / "out"
ENTRIES = ["0"] * 15 + ["1"] * 4 + ["2"]  # mostly misses: rounds last, the bell rarely rings
# A roll-off ends when one team outscores the other: with mostly misses most roll-offs tie
# again, and the table sits out the rest of the night's round (no load, no figures).
ROLLOFF_ENTRIES = ["0", "1", "2", "mini"]
PACE = (1.5, 3.5)  # seconds between a table's rolls while it plays: ~0.4 rolls/s a table
FAN_OUT = 5  # four phones at the table and the dashboard
NIGHT_SOCKETS = 13  # twelve phones and the dashboard
ROUND_SECONDS = 15  # then the Head table rolls a Bunco: the bell rings
sys.path.insert(0, str(ROOT))
# The deployed limits (Makefile, Dockerfile): the server's snapshots must fit them.
DAPHNE_LIMITS = ["--websocket-max-message-size", "262144", "--websocket-max-frame-size", "16384"]


def origin_of(url: str) -> str:
    """The origin a page on this server sends (the server checks the port too)."""
    return f"http://{urlsplit(url).netloc}"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def pct(values, q):
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000


def prepare_environment(tag: str) -> dict:
    """The env the server and this process share: a fresh database of the bench's own."""
    env = dict(os.environ)
    env.setdefault("SECRET_KEY", "bench-only-key-" + "x" * 40)
    env.update(HTTPS="0", DEBUG="0", DJANGO_SETTINGS_MODULE="config.settings")
    env.update(PYTHONUNBUFFERED="1", ALLOWED_HOSTS="127.0.0.1,localhost")
    url = env.get("DATABASE_URL", "")
    if url.startswith(("postgres://", "postgresql://")):
        import psycopg

        parts = urlsplit(url)
        name = parts.path.lstrip("/") + "_bench_live"
        with psycopg.connect(url, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
            conn.execute(f'CREATE DATABASE "{name}"')
        env["DATABASE_URL"] = urlunsplit((*parts[:2], "/" + name, *parts[3:]))
    else:
        OUT.mkdir(parents=True, exist_ok=True)
        path = OUT / f"live-{tag}.sqlite3"
        for suffix in ("", "-wal", "-shm"):
            Path(str(path) + suffix).unlink(missing_ok=True)
        env["DATABASE_URL"] = f"sqlite:///{path}"
    subprocess.run(
        [sys.executable, "manage.py", "migrate", "--noinput", "-v", "0"],
        cwd=ROOT,
        env=env,
        check=True,
    )
    return env


def create_nights(count: int) -> list[dict]:
    """N nights of 12 players, seated, round 1 started, each with its own host (a host may
    have 20 dashboards open, live/limits.py) and that host's session cookie."""
    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from django.db import connection
    from django.test import Client

    from partynight.services import nights, play

    made = []
    for n in range(count):
        host = get_user_model().objects.create_user(f"bench-{uuid.uuid4().hex[:8]}")
        night = nights.night_create(
            host=host, name=f"Bench night {n + 1}", date=datetime.date(2026, 12, 4), seed=n
        )
        for i in range(12):
            nights.player_add(night_id=night.pk, name=f"Player {i + 1}", actor="bench")
        nights.seats_draw(night_id=night.pk, actor="bench")
        play.round_start(night_id=night.pk, number=1, actor="bench")
        tokens = list(night.players.filter(is_ghost=False).values_list("token", flat=True))
        client = Client()
        client.force_login(host)
        cookie = f"sessionid={client.cookies['sessionid'].value}"
        made.append({"id": night.pk, "tokens": tokens, "cookie": cookie})
    connection.close()
    return made


def spin(running: threading.Event) -> None:
    while running.is_set():
        sum(range(1000))


def a_miss(night_id: int, table: int, client_id: str, seen: int) -> dict:
    """The host's roll of a miss at `table`, which stood at version `seen`."""
    return {
        "night_id": night_id,
        "table_number": table,
        "entry": "0",
        "client_id": client_id,
        "actor": "bench",
        "seen_version": seen,
    }


def profile_rolls(night_id: int, count: int) -> None:
    """`count` rolls through the service (the roll path without the socket) on the bench
    database, on a thread under an event loop as in the server (so the broadcasts go to the
    loop's sender, as there): timed plainly (wall, and the thread's CPU per roll), timed
    again beside a thread that only computes (as the server's loop does when busy), then
    `count` more under cProfile, printing where the time goes."""
    import cProfile
    import pstats

    from asgiref.sync import sync_to_async
    from django.db import connection

    from partynight.models import Table
    from partynight.services import play

    def rolls(first, seen):
        for n in range(first, first + count):
            seen = play.roll_record(**a_miss(night_id, 2, f"prof-{n}", seen))["table_version"]
        return seen

    def timed(first, seen, beside):
        wall, cpu = time.perf_counter(), time.thread_time()
        seen = rolls(first, seen)
        wall, cpu = time.perf_counter() - wall, time.thread_time() - cpu
        print(
            f"service{beside}: {count} rolls, {wall / count * 1000:.2f} ms wall"
            f" and {cpu / count * 1000:.2f} ms CPU per roll"
        )
        return seen

    def on_the_thread():
        table = Table.objects.filter(round__night_id=night_id, number=2).latest("round__number")
        seen = timed(0, table.version, "")
        # The server's database threads share the GIL with its event loop: while the loop
        # is busy, every call that releases the GIL (each of libpq's) waits to get it back.
        spinning = threading.Event()
        spinning.set()
        threading.Thread(target=spin, args=(spinning,), daemon=True).start()
        seen = timed(count, seen, " beside a busy thread")
        spinning.clear()
        profiler = cProfile.Profile()
        profiler.enable()
        rolls(2 * count, seen)
        profiler.disable()
        connection.close()
        return profiler

    async def in_a_loop():
        return await sync_to_async(on_the_thread)()

    stats = pstats.Stats(asyncio.run(in_a_loop()))
    from live import pg

    if pg.enabled():
        asyncio.run(profile_on_the_loop(night_id, count))
    stats.sort_stats("cumulative").print_stats(
        r"partynight|live/|django/db/models/query.py:\d+\((get|first|count|__iter__)|sqlite3|psycopg.*execute",
        30,
    )


async def profile_on_the_loop(night_id: int, count: int) -> None:
    """`count` rolls through the event loop's runner (live/pg.py), one after another, timed
    as on the thread: wall and CPU per roll."""
    from asgiref.sync import sync_to_async

    from live import broadcast, pg
    from partynight.models import Table
    from partynight.services import play

    def version():
        table = Table.objects.filter(round__night_id=night_id, number=3).latest("round__number")
        return table.version

    seen = await sync_to_async(version)()
    wall, cpu = time.perf_counter(), time.process_time()
    for n in range(count):
        action = play.roll_record.action(**a_miss(night_id, 3, f"loop-{n}", seen))
        seen = (await pg.perform(action))["table_version"]
    await broadcast.sent_so_far()
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    print(
        f"event loop runner: {count} rolls, {wall / count * 1000:.2f} ms wall"
        f" and {cpu / count * 1000:.2f} ms CPU per roll"
    )
    await pg.close()


def start_server(env: dict, port: int) -> subprocess.Popen:
    OUT.mkdir(parents=True, exist_ok=True)
    log = (OUT / f"daphne-{port}.log").open("w")
    command = [sys.executable, "-m", "daphne"]
    command += ["-b", "127.0.0.1", "-p", str(port), *DAPHNE_LIMITS, "bench.relay:application"]
    process = subprocess.Popen(command, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError("daphne exited; see " + log.name)
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            return process
        except OSError:
            time.sleep(0.1)
    process.kill()
    raise RuntimeError("daphne did not start")


class Moments:
    """Something sent once per night and round, and the moment all `expected` sockets of
    that night have seen it: the bell, a round's start."""

    def __init__(self, expected):
        self.expected, self.sent, self.seen, self.latencies = expected, {}, {}, []

    def send(self, key):
        self.sent.setdefault(key, time.perf_counter())

    def arrive(self, who, key, now):
        seen = self.seen.setdefault(key, set())
        seen.add(who)
        if len(seen) == self.expected and key in self.sent:
            self.latencies.append(now - self.sent[key])


class Stats:
    def __init__(self):
        self.sent = {}  # (night, scope, v) -> send time
        self.arrivals = {}  # key -> count
        self.seen = set()  # (socket id, key)
        self.latencies = []
        self.duplicated = 0
        self.refused = collections.Counter()  # error code -> how many
        self.results = 0
        self.bells = Moments(NIGHT_SOCKETS)
        self.starts = Moments(NIGHT_SOCKETS - 1)  # the phones

    def arrive(self, who, key, now):
        if (who, key) in self.seen:
            self.duplicated += 1
            return
        self.seen.add((who, key))
        count = self.arrivals.get(key, 0) + 1
        self.arrivals[key] = count
        if count == FAN_OUT and key in self.sent:
            self.latencies.append(now - self.sent[key])

    def lost(self):
        return sum(1 for key in self.sent if self.arrivals.get(key, 0) < FAN_OUT)


async def connect(url, cookie=None):
    from websockets.asyncio.client import connect as ws_connect

    headers = [("Cookie", cookie)] if cookie else None
    for attempt in range(20):
        try:
            return await ws_connect(
                url,
                origin=origin_of(url),
                additional_headers=headers,
                open_timeout=60,
                max_queue=None,
                ping_interval=None,  # as a browser: it answers the server's pings, sends none
            )
        except (OSError, TimeoutError):
            await asyncio.sleep(0.2 * (attempt + 1))
    raise RuntimeError(f"could not connect to {url}")


async def gather_limited(coros, limit=40):
    gate = asyncio.Semaphore(limit)

    async def run(coro):
        async with gate:
            return await coro

    return await asyncio.gather(*(run(c) for c in coros))


def spread(bases):
    """Each new socket goes to the next server in turn (--processes K)."""
    turn = iter(range(10**9))
    return lambda: bases[next(turn) % len(bases)]


def cpu_seconds(processes) -> float:
    """CPU time (user + system) the server processes have used so far (Linux /proc)."""
    total = 0
    for process in processes:
        fields = Path(f"/proc/{process.pid}/stat").read_text().rsplit(")", 1)[1].split()
        total += int(fields[11]) + int(fields[12])  # utime, stime in clock ticks
    return total / os.sysconf("SC_CLK_TCK")


async def live_phase(bases, made, seconds, servers):
    base = spread(bases)
    stats = Stats()
    tables = {}  # (night, table) -> latest table view (from the dashboard)
    rounds = {}  # night -> current round number
    phones_at = {}  # (night, table) -> {socket id: ws}
    sockets = []
    tasks = []

    async def reader(night, ws, who, is_host):
        try:
            async for text in ws:
                now = time.perf_counter()
                msg = json.loads(text)
                kind = msg.get("type")
                if kind == "table":
                    stats.arrive(who, (night, msg["scope"], msg["v"]), now)
                    if is_host:
                        tables[(night, msg["table"]["number"])] = msg["table"]
                elif kind == "snapshot":
                    if is_host:
                        for view in msg["tables"]:
                            tables[(night, view["number"])] = view
                        if msg["round"]:
                            rounds[night] = msg["round"]["number"]
                            round_began.setdefault((night, rounds[night]), now)
                        if "round_done" in msg.get("events", ()):
                            number = rounds.get(night, 1) + 1
                            stats.starts.send((night, number))
                            start = {"type": "start_round", "round": number}
                            await ws.send(json.dumps({**start, "client_id": uuid.uuid4().hex}))
                    else:
                        if msg.get("what") == "round_started":
                            stats.starts.arrive(who, (night, msg["round"]["number"]), now)
                        for members in phones_at.values():
                            members.pop(who, None)
                        if msg["table"] and msg["round"]["state"] != "done":
                            key = (night, msg["table"]["number"])
                            phones_at.setdefault(key, {})[who] = ws
                elif kind == "night" and msg["what"] == "bell":
                    stats.bells.arrive(who, (night, msg["round"]["number"]), now)
                elif kind == "result" and "table_version" in msg:
                    stats.results += 1
                elif kind == "error":
                    stats.refused[msg.get("code")] += 1
                    stats.sent.pop(pending.pop(msg.get("client_id"), None), None)
        except Exception:  # noqa: BLE001 - a closed socket ends its reader
            return

    pending = {}  # client id -> key
    round_began = {}  # (night, round) -> when the dashboard first saw it

    async def open_night(night):
        host = await connect(f"{base()}/ws/nights/{night['id']}/", night["cookie"])
        tasks.append(asyncio.create_task(reader(night["id"], host, f"h{night['id']}", True)))
        sockets.append(host)
        for token in night["tokens"]:
            ws = await connect(f"{base()}/ws/play/{token}/")
            sockets.append(ws)
            tasks.append(asyncio.create_task(reader(night["id"], ws, token, False)))

    started = time.perf_counter()
    await gather_limited([open_night(n) for n in made], limit=10)
    connected = time.perf_counter() - started
    while any(
        (n["id"], t) not in phones_at or len(phones_at[(n["id"], t)]) < 4
        for n in made
        for t in (1, 2, 3)
    ):
        if time.perf_counter() - started > 120:
            break
        await asyncio.sleep(0.1)

    print(f"connected: {len(sockets)} sockets in {connected:.1f} s; rolling", flush=True)
    cpu_before = cpu_seconds(servers)
    deadline = time.perf_counter() + seconds
    rolls = 0

    async def table_driver(night, number):
        nonlocal rolls
        await asyncio.sleep(random.uniform(0, PACE[1]))
        while time.perf_counter() < deadline:
            view = tables.get((night, number))
            members = list(phones_at.get((night, number), {}).values())
            waiting = True  # for the round to start, or for the last roll's answer
            if view and view["phase"] != "done" and members:
                v = view["version"]
                key = (night, f"table:{view['round']}:{number}", v + 1)
                if key not in stats.sent:
                    waiting = False
                    client_id = uuid.uuid4().hex
                    rolloff = view["phase"] == "rolloff"
                    entry = random.choice(ROLLOFF_ENTRIES if rolloff else ENTRIES)
                    began = round_began.get((night, view["round"]), time.perf_counter())
                    if number == 1 and time.perf_counter() - began > ROUND_SECONDS:
                        entry = "bunco"  # rings the bell
                        stats.bells.send((night, view["round"]))
                    message = {"type": "roll", "entry": entry, "v": v}
                    pending[client_id] = key
                    stats.sent[key] = time.perf_counter()
                    await random.choice(members).send(
                        json.dumps({**message, "client_id": client_id})
                    )
                    rolls += 1
            await asyncio.sleep(0.2 if waiting else random.uniform(*PACE))

    drivers = [asyncio.create_task(table_driver(n["id"], t)) for n in made for t in (1, 2, 3)]
    await asyncio.gather(*drivers)
    elapsed = seconds
    await drain_and_close(stats, sockets, tasks)
    stats.cpu = cpu_seconds(servers) - cpu_before
    return stats, rolls / elapsed, len(sockets), connected


async def drain_and_close(stats, sockets, tasks, seconds=5):
    """Wait up to `seconds` for what is still on its way, then close every socket."""
    drain = time.perf_counter() + seconds
    while stats.lost() and time.perf_counter() < drain:
        await asyncio.sleep(0.1)
    for ws in sockets:
        await ws.close()
    for task in tasks:
        task.cancel()


async def relay_phase(bases, groups, seconds, servers):
    base = spread(bases)
    stats = Stats()
    sockets, tasks = [], []

    async def reader(ws, who):
        try:
            async for text in ws:
                now = time.perf_counter()
                stats.arrive(who, tuple(json.loads(text)["k"]), now)
        except Exception:  # noqa: BLE001
            return

    async def open_group(g):
        members = []
        for i in range(FAN_OUT):
            ws = await connect(f"{base()}/ws/bench/relay/g{g}/")
            members.append(ws)
            tasks.append(asyncio.create_task(reader(ws, f"{g}-{i}")))
        sockets.extend(members)
        return members

    members = await gather_limited([open_group(g) for g in range(groups)], limit=10)
    await asyncio.sleep(0.5)
    cpu_before = cpu_seconds(servers)
    deadline = time.perf_counter() + seconds
    sent = 0

    async def driver(g):
        nonlocal sent
        await asyncio.sleep(random.uniform(0, 3))
        n = 0
        while time.perf_counter() < deadline:
            n += 1
            key = (g, "relay", n)
            stats.sent[key] = time.perf_counter()
            await random.choice(members[g]).send(json.dumps({"k": list(key), "pad": "x" * 600}))
            sent += 1
            await asyncio.sleep(random.uniform(2, 4))

    await asyncio.gather(*(driver(g) for g in range(groups)))
    await drain_and_close(stats, sockets, tasks)
    stats.cpu = cpu_seconds(servers) - cpu_before
    return stats, sent / seconds


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--nights", type=int, required=True)
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument(
        "--processes",
        type=int,
        default=1,
        help="Daphne processes sharing the database and Redis; sockets are spread over them",
    )
    parser.add_argument("--relay-seconds", type=float, default=None)
    parser.add_argument(
        "--profile",
        type=int,
        default=0,
        metavar="ROLLS",
        help="first cProfile this many rolls through the service (extra nights are created)",
    )
    args = parser.parse_args()
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    random.seed(1)

    tag = f"{args.nights}-{os.getpid()}"
    env = prepare_environment(tag)
    os.environ.update({k: env[k] for k in ("DATABASE_URL", "SECRET_KEY", "HTTPS", "DEBUG")})
    os.environ["DJANGO_SETTINGS_MODULE"] = env["DJANGO_SETTINGS_MODULE"]
    made = create_nights(args.nights + (1 if args.profile else 0))
    if args.profile:
        profile_rolls(made.pop()["id"], args.profile)
    if args.processes > 1 and not env.get("REDIS_URL"):
        parser.error("--processes needs REDIS_URL: the processes share events through Redis")
    ports = [free_port() for _ in range(args.processes)]
    servers = [start_server(env, port) for port in ports]
    bases = [f"ws://127.0.0.1:{port}" for port in ports]
    layer = "redis" if env.get("REDIS_URL") else "inmemory"
    db = "postgres" if env["DATABASE_URL"].startswith("postgres") else "sqlite"
    try:
        stats, rate, sockets, connect_s = asyncio.run(
            live_phase(bases, made, args.seconds, servers)
        )
        lat = stats.latencies  # printed now too: a relay phase that fails keeps these figures
        print(
            f"live: nights={args.nights} rolls_per_s={rate:.1f} p50_ms={pct(lat, 0.5):.1f} "
            f"p99_ms={pct(lat, 0.99):.1f} bell_p99_ms={pct(stats.bells.latencies, 0.99):.1f} "
            f"start_p99_ms={pct(stats.starts.latencies, 0.99):.1f} lost={stats.lost()}",
            flush=True,
        )
        relay, relay_rate = asyncio.run(
            relay_phase(bases, args.nights * 3, args.relay_seconds or args.seconds, servers)
        )
    finally:
        for server in servers:
            server.send_signal(2)
        for server in servers:
            try:
                server.wait(timeout=20)
            except subprocess.TimeoutExpired:
                server.kill()
    lat, rlat = stats.latencies, relay.latencies
    cpu_per_roll = stats.cpu * 1000 / max(1, len(stats.sent))  # the server's, all it did
    relay_cpu = relay.cpu * 1000 / max(1, len(relay.sent))  # the same, for a bare relay
    print(
        f"stack: db={db} layer={layer} processes={args.processes} connect_s={connect_s:.1f} "
        f"rolls={len(stats.sent)} "
        f"answered={stats.results} refused={dict(stats.refused)} "
        f"mean_ms={statistics.fmean(lat) * 1000 if lat else float('nan'):.1f} "
        f"max_ms={max(lat) * 1000 if lat else float('nan'):.1f} "
        f"relay_msgs_per_s={relay_rate:.1f} relay_p50_ms={pct(rlat, 0.5):.1f} "
        f"relay_lost={relay.lost()}"
    )
    p99, relay_p99 = pct(lat, 0.99), pct(rlat, 0.99)
    print(
        f"nights={args.nights} sockets={sockets} rolls_per_s={rate:.1f} "
        f"p50_ms={pct(lat, 0.5):.1f} p99_ms={p99:.1f} relay_p99_ms={relay_p99:.1f} "
        f"ratio_p99={p99 / relay_p99:.1f} bell_p99_ms={pct(stats.bells.latencies, 0.99):.1f} "
        f"start_p99_ms={pct(stats.starts.latencies, 0.99):.1f} bells={len(stats.bells.latencies)} "
        f"starts={len(stats.starts.latencies)} lost={stats.lost()} duplicated={stats.duplicated} "
        f"cpu_ms_per_roll={cpu_per_roll:.2f} relay_cpu_ms_per_msg={relay_cpu:.2f} "
        f"cpu_ratio={cpu_per_roll / relay_cpu if relay_cpu else float('nan'):.1f}"
    )


if __name__ == "__main__":
    main()
