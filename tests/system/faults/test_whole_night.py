"""Whole nights over real websockets on a real Daphne (with the deployed message limits),
ghosts' chairs included: every phone, the dashboard and the big screen connected; the host
starts each round from the dashboard; at each table a phone enters lively dice and the
ghosts roll as the server plays them. Every socket counts, as docs/protocol.md promises:
each version of each scope it must know (the night, and every table it watches) reaches it
as an event or inside a snapshot it was sent: on connect (every version so far), or
announced with a change (the versions it names in `covers`). It never sees a gap, and
never needs a resync, neither for a gap nor because a heartbeat showed it behind (as
live.js checks)."""

import asyncio
import json
import random

import pytest
import websockets
from django.test import Client

from partynight.models import Night, Seat, Table
from partynight.rules import Rules
from tests import builders
from tests.helpers.play import STALE, lively_dice
from tests.helpers.servers import DAPHNE_LIMITS, origin_of, start_daphne

pytestmark = [pytest.mark.live, pytest.mark.django_db(transaction=True)]
WAIT = 30
HEARTBEAT = 1  # seconds: the clients check often whether they are behind
BEHIND_GRACE = 3  # seconds, as live.js: a heartbeat may overtake the message it announces


@pytest.fixture(scope="module")
def server(django_db_setup, tmp_path_factory):
    """A Daphne of its own whose heartbeat comes every second."""
    live = start_daphne(
        tmp_path_factory.mktemp("night"), "night", LIVE_HEARTBEAT_SECONDS=str(HEARTBEAT)
    )
    yield live
    live.stop()


def setup_night(players: int, rounds: int) -> tuple[Night, str]:
    host = builders.host(f"host{players}")
    rules = Rules(sets=1, rounds_per_set=rounds, break_after_set=None)
    night = builders.night(
        host, players, seed=players, rules=rules, paid=False, drawn=True, name="Big night"
    )
    client = Client()
    client.force_login(host)
    return night, f"sessionid={client.cookies['sessionid'].value}"


class Screen:
    """One socket that keeps versions as live.js does (resyncing on a gap, or when a
    heartbeat's versions are still ahead of it after the grace period) and records which
    versions of each scope reached it, and how."""

    def __init__(self, name):
        self.name, self.versions, self.gaps, self.frames = name, {}, [], []
        self.latest = None  # the latest snapshot
        self.tables = {}  # number -> latest table view
        self.answers: dict[str, asyncio.Future] = {}
        self.changed = asyncio.Event()
        self.covered: dict[str, set[int]] = {}  # scope -> versions it was told of
        self.resyncs: list = []  # why each resync was asked for
        self.asked = 0  # resyncs on their way: their snapshots cover nothing
        self.checks: list[asyncio.Task] = []

    async def open(self, url, cookie=None):
        headers = {"Cookie": cookie} if cookie else None
        self.socket = await websockets.connect(
            url, origin=origin_of(url), additional_headers=headers, max_size=2**20
        )
        self.reader = asyncio.ensure_future(self.read())

    def cover(self, scope, low, high):
        self.covered.setdefault(scope, set()).update(range(low, high + 1))

    async def resync(self, why):
        self.resyncs.append(why)
        self.asked += 1
        await self.socket.send(json.dumps({"type": "resync"}))

    async def behind_later(self, current):
        await asyncio.sleep(BEHIND_GRACE)
        late = {s: v for s, v in current.items() if s in self.versions and self.versions[s] < v}
        if late:
            await self.resync(("behind", late, dict(self.versions)))

    def covers(self, snapshot):
        """What a snapshot tells this socket: on connect, every version so far; announced
        with a change (`what`), that change's night version and the versions it names in
        `covers` (those no event carries); any other (a resync's answer) nothing: it repairs
        a loss, and is counted."""
        versions = snapshot["versions"]
        if not self.latest:
            for scope, v in versions.items():
                self.cover(scope, 1, v)
        elif "what" in snapshot:
            self.cover("night", versions["night"], versions["night"])
            for scope, (low, high) in snapshot.get("covers", {}).items():
                self.cover(scope, low, high)
        elif self.asked:
            self.asked -= 1
        else:
            self.resyncs.append(("sent by the server", dict(versions)))

    async def read(self):
        async for text in self.socket:
            frame = json.loads(text)
            self.frames.append(frame)
            kind = frame["type"]
            if kind == "heartbeat":
                self.checks.append(asyncio.ensure_future(self.behind_later(frame["versions"])))
            elif kind == "snapshot":
                self.covers(frame)
                self.versions = dict(frame["versions"])
                self.latest = frame
                for table in frame.get("tables") or (
                    [frame["table"]] if frame.get("table") else []
                ):
                    self.tables[table["number"]] = table
            elif kind in ("table", "night"):
                scope, v = frame["scope"], frame["v"]
                self.cover(scope, v, v)
                known = self.versions.get(scope)
                if known is not None and v > known + 1:
                    self.gaps.append((scope, known, v))
                    await self.resync(("gap", scope, known, v))
                if known is None or v > known:
                    self.versions[scope] = v
                if kind == "table":
                    self.tables[frame["table"]["number"]] = frame["table"]
            elif kind in ("result", "error") and frame.get("client_id") in self.answers:
                self.answers.pop(frame["client_id"]).set_result(frame)
            self.changed.set()

    async def send(self, message):
        future = self.answers[message["client_id"]] = asyncio.get_running_loop().create_future()
        await self.socket.send(json.dumps(message))
        return await asyncio.wait_for(future, WAIT)

    def heard(self, what):
        return [
            f
            for f in self.frames
            if f.get("what") == what or (f["type"] == "snapshot" and what in f.get("events", ()))
        ]

    def missed(self, must: dict[str, int]) -> dict[str, list[int]]:
        """Of every version up to `must`'s, per scope, those that never reached this socket."""
        missed = {
            scope: sorted(set(range(1, v + 1)) - self.covered.get(scope, set()))
            for scope, v in must.items()
        }
        return {scope: versions for scope, versions in missed.items() if versions}


async def score_table(scorer: Screen, number: int, round_number: int, rng):
    """Roll lively dice at table `number` until it is done (any phone may enter anyone's
    roll; the ghosts' turns the server plays)."""
    sent = 0
    while True:
        table = scorer.tables.get(number)
        if table and table["round"] == round_number and table["phase"] == "done":
            return
        if table is None or table["round"] != round_number or table["turn"] is None:
            scorer.changed.clear()
            await asyncio.wait_for(scorer.changed.wait(), WAIT)
            continue
        sent += 1
        answer = await scorer.send(
            {
                "type": "roll",
                "dice": list(lively_dice(rng, table["up"])),
                "v": table["version"],
                "client_id": f"r{round_number}-{number}-{sent}",
            }
        )
        if answer["type"] == "error" and answer["code"] == "slow_down":
            await asyncio.sleep(1)  # one socket scores the whole table; a phone would pause too
            continue
        if answer["type"] == "error":
            assert answer["code"] in STALE, answer  # the bell or the round's end came first
        while scorer.tables[number]["version"] < answer.get("table_version", 0):
            scorer.changed.clear()
            await asyncio.wait_for(scorer.changed.wait(), WAIT)


async def play_night(base, night, cookie, phones, rounds):
    rng = random.Random(night.pk)
    dashboard, screen = Screen("dashboard"), Screen("screen")
    await dashboard.open(f"{base}/ws/nights/{night.pk}/", cookie)
    await screen.open(f"{base}/ws/screen/{night.screen_token}/")
    players = {key: Screen(key) for key in phones}
    for key, socket in players.items():
        await socket.open(f"{base}/ws/play/{phones[key]}/")
    await asyncio.sleep(0.5)
    for number in range(1, rounds + 1):
        answer = await dashboard.send(
            {"type": "start_round", "round": number, "client_id": f"s{number}"}
        )
        assert answer["type"] == "result", answer
        for socket in players.values():  # each phone hears its new seat
            while not (
                socket.latest
                and socket.latest["round"]
                and socket.latest["round"]["number"] == number
            ):
                socket.changed.clear()
                await asyncio.wait_for(socket.changed.wait(), WAIT)
        scorers = {}
        for socket in players.values():
            table = socket.latest["table"]
            if table and table["number"] not in scorers:
                scorers[table["number"]] = socket
        await asyncio.gather(*(score_table(s, n, number, rng) for n, s in scorers.items()))
        while len(dashboard.heard("round_done")) < number:
            dashboard.changed.clear()
            await asyncio.wait_for(dashboard.changed.wait(), WAIT)
    sockets = [dashboard, screen, *players.values()]
    await asyncio.sleep(HEARTBEAT + BEHIND_GRACE + 0.5)  # every socket checked the last beat
    for socket in sockets:
        await socket.socket.close()
        for check in socket.checks:
            check.cancel()
    return dashboard, screen, players


def must_know(night: Night) -> tuple[dict, dict]:
    """The final versions the watchers must have heard every step of (the night and every
    table of every round), and those of each player (the night and the tables they sat at)."""
    night.refresh_from_db()
    tables = {
        (t.round.number, t.number): t.version
        for t in Table.objects.filter(round__night=night).select_related("round")
    }
    watchers = {"night": night.version}
    watchers.update((f"table:{r}:{n}", v) for (r, n), v in tables.items())
    players: dict = {}
    for seat in Seat.objects.filter(table__round__night=night).select_related("table__round"):
        r, n = seat.table.round.number, seat.table.number
        mine = players.setdefault(seat.player_id, {"night": night.version})
        mine[f"table:{r}:{n}"] = tables[(r, n)]
    return watchers, players


@pytest.mark.parametrize(("people", "rounds"), [(5, 4), (9, 4), (17, 3), (47, 2)])
def test_every_change_reaches_every_screen_of_a_whole_night(server, people, rounds):
    assert "262144" in DAPHNE_LIMITS  # the server may send more than a client may
    night, cookie = setup_night(people, rounds)
    assert night.players.filter(is_ghost=True).exists() == (people % 4 != 0)
    phones = dict(night.players.filter(is_ghost=False).values_list("id", "token"))
    dashboard, screen, players = asyncio.run(
        play_night(server.ws_url, night, cookie, phones, rounds)
    )
    watchers, seated = must_know(night)
    for watcher in (dashboard, screen):
        assert watcher.missed(watchers) == {}, watcher.name
    for key, socket in players.items():
        assert socket.missed(seated[key]) == {}, (socket.name, seated[key])
    for socket in (dashboard, screen, *players.values()):
        assert (socket.gaps, socket.resyncs) == ([], []), socket.name
    for watcher in (dashboard, screen):
        assert len(watcher.heard("bell")) == rounds
        assert len(watcher.heard("round_done")) == rounds
    if people == 47:  # the largest night's snapshot is over the old 16 KiB cap, and arrived
        for watcher in (dashboard, screen):
            frames = watcher.frames
            assert max(len(json.dumps(f)) for f in frames if f["type"] == "snapshot") > 16384
    for socket in players.values():
        assert len(socket.heard("round_done")) == rounds
