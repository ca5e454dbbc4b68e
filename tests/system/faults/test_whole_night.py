"""Whole nights of 48 and 17 players over real websockets on a real Daphne (with the deployed
message limits): every phone, the dashboard and the big screen connected; the host starts
each round from the dashboard; at each table a phone enters the rolls. No socket may ever see
a version gap (so none needs a resync), and the dashboard and the screen hear every bell
and every round's end."""

import asyncio
import json
import random

import pytest
import websockets
from django.test import Client

from partynight.models import Night
from partynight.rules import Rules
from tests import builders
from tests.helpers.servers import DAPHNE_LIMITS, origin_of

pytestmark = [pytest.mark.live, pytest.mark.django_db(transaction=True)]
WAIT = 30


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
    """One socket that keeps versions as live.js does and records every gap."""

    def __init__(self, name):
        self.name, self.versions, self.gaps, self.frames = name, {}, [], []
        self.latest = None  # the latest snapshot
        self.tables = {}  # number -> latest table view
        self.answers: dict[str, asyncio.Future] = {}
        self.changed = asyncio.Event()

    async def open(self, url, cookie=None):
        headers = {"Cookie": cookie} if cookie else None
        self.socket = await websockets.connect(
            url, origin=origin_of(url), additional_headers=headers, max_size=2**20
        )
        self.reader = asyncio.ensure_future(self.read())

    async def read(self):
        async for text in self.socket:
            frame = json.loads(text)
            self.frames.append(frame)
            kind = frame["type"]
            if kind == "snapshot":
                self.versions = dict(frame["versions"])
                self.latest = frame
                for table in frame.get("tables") or (
                    [frame["table"]] if frame.get("table") else []
                ):
                    self.tables[table["number"]] = table
            elif kind in ("table", "night"):
                known = self.versions.get(frame["scope"])
                if known is not None and frame["v"] > known + 1:
                    self.gaps.append((frame["scope"], known, frame["v"]))
                if known is None or frame["v"] > known:
                    self.versions[frame["scope"]] = frame["v"]
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


async def score_table(scorer: Screen, number: int, round_number: int, rng):
    """Enter rolls at table `number` until it is done (any phone may enter anyone's roll)."""
    sent = 0
    while True:
        table = scorer.tables.get(number)
        if table and table["round"] == round_number and table["phase"] == "done":
            return
        if table is None or table["round"] != round_number or table["turn"] is None:
            scorer.changed.clear()
            await asyncio.wait_for(scorer.changed.wait(), WAIT)
            continue
        entry = rng.choices(["0", "1", "2", "bunco"], [4, 3, 6, 1 if number == 1 else 0])[0]
        sent += 1
        answer = await scorer.send(
            {
                "type": "roll",
                "entry": entry,
                "v": table["version"],
                "client_id": f"r{round_number}-{number}-{sent}",
            }
        )
        if answer["type"] == "error" and answer["code"] == "slow_down":
            await asyncio.sleep(1)  # one socket scores the whole table; a phone would pause too
            continue
        if answer["type"] == "error":
            assert answer["code"] in ("already_recorded", "table_done"), answer
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
    await asyncio.sleep(1)
    sockets = [dashboard, screen, *players.values()]
    for socket in sockets:
        await socket.socket.close()
    return dashboard, screen, players


@pytest.mark.parametrize("people", [48, 17])
def test_a_whole_night_over_websockets_needs_no_resync(live_server_daphne, people):
    assert "262144" in DAPHNE_LIMITS  # the server may send more than a client may
    rounds = 2
    night, cookie = setup_night(people, rounds)
    phones = dict(night.players.filter(is_ghost=False).values_list("id", "token"))
    dashboard, screen, players = asyncio.run(
        play_night(live_server_daphne.ws_url, night, cookie, phones, rounds)
    )
    for socket in (dashboard, screen, *players.values()):
        assert socket.gaps == [], (socket.name, socket.gaps)
    for watcher in (dashboard, screen):
        assert len(watcher.heard("bell")) == rounds
        assert len(watcher.heard("round_done")) == rounds
    if people == 48:  # the largest night's snapshot is over the old 16 KiB cap, and arrived
        for watcher in (dashboard, screen):
            frames = watcher.frames
            assert max(len(json.dumps(f)) for f in frames if f["type"] == "snapshot") > 16384
    for socket in players.values():
        assert len(socket.heard("round_done")) == rounds
