"""Events carry state: for each event type, every audience's socket gets exactly what it
needs, built once by the service; no socket queries the database because another table
changed; phones join their groups before reading their snapshot; the heartbeat carries the
current versions."""

import asyncio
import threading
import time
import traceback

import pytest
from channels.db import database_sync_to_async
from django.db import transaction
from django.db.backends.utils import CursorWrapper

from partynight import consumers
from partynight.rules.config import Rules
from partynight.services import broadcast, finish, nights, play
from tests.helpers.play import finish_every_table
from tests.helpers.sockets import (
    WAIT,
    close_all,
    in_play,
    open_socket,
    phone,
    roll,
    seated,
    table_row,
    until,
)

pytestmark = pytest.mark.django_db(transaction=True)


async def drain(socket, quiet=0.5):
    """Every frame until the socket has been quiet for `quiet` seconds."""
    frames = []
    while not await socket.receive_nothing(timeout=quiet):
        frames.append(await socket.receive_json_from(timeout=WAIT))
    return frames


async def night_sockets(night, host_cookie, tables=(1, 2)):
    """Every phone at `tables`, the dashboard and the big screen, each past its snapshot."""
    phones = {}
    for number in tables:
        for player in await database_sync_to_async(seated)(night, number):
            if not player.is_ghost:
                phones[player.key] = (number, await phone(player))
    dashboard = await open_socket(f"/ws/nights/{night.pk}/", cookie=host_cookie)
    screen = await open_socket(f"/ws/screen/{night.screen_token}/")
    return phones, dashboard, screen


CONSUMERS = ("partynight/consumers.py", "live/consumers.py")


class ConsumerQueries:
    """Counts SQL run with a consumer on the stack (a socket going to the database)."""

    def __init__(self):
        self.queries, self.lock = [], threading.Lock()

    def __enter__(self):
        original = self.original = CursorWrapper.execute
        me = self

        def execute(cursor, sql, params=None):
            if any(f.filename.endswith(CONSUMERS) for f in traceback.extract_stack()):
                with me.lock:
                    me.queries.append(sql)
            return original(cursor, sql, params)

        CursorWrapper.execute = execute
        return self

    def __exit__(self, *exc):
        CursorWrapper.execute = self.original


async def test_a_roll_reaches_its_table_and_the_watchers_with_the_causing_client_id(
    night, host_cookie
):
    phones, dashboard, screen = await night_sockets(night, host_cookie)
    at_head = [s for n, s in phones.values() if n == 1]
    elsewhere = [s for n, s in phones.values() if n != 1]
    v = at_head[0].snapshot["table"]["version"]
    await at_head[0].send_json_to(roll("0", v=v, client_id="miss-1"))
    result = await until(at_head[0], lambda m: m["type"] == "result")
    assert result["table_version"] == v + 1
    for socket in [*at_head, dashboard, screen]:
        event = await until(socket, lambda m: m["type"] == "table")
        assert event["client_id"] == "miss-1" and event["v"] == v + 1
        assert event["table"]["number"] == 1 and event["roll"]["kind"] == "miss"
        assert "standings" not in event  # a miss moves nobody's wins, losses or Buncos
    for socket in elsewhere:
        assert await socket.receive_nothing(timeout=0.2)
    await close_all(*[s for _, s in phones.values()], dashboard, screen)


async def test_the_bell_reaches_every_socket_and_no_socket_queries_for_it(night, host_cookie):
    phones, dashboard, screen = await night_sockets(night, host_cookie)
    head = [s for n, s in phones.values() if n == 1]
    v = head[0].snapshot["table"]["version"]
    with ConsumerQueries() as spy:  # the roll goes through the service, not a socket
        await database_sync_to_async(play.roll_record)(
            night_id=night.pk, table_number=1, entry="bunco", client_id="b", actor="t",
            seen_version=v,
        )  # fmt: skip
        sockets = [socket for _, socket in phones.values()] + [dashboard, screen]
        # every socket drained at once: each waits out its own quiet half-second
        *heard, watched, on_screen = await asyncio.gather(*map(drain, sockets))
        for (number, _), frames in zip(phones.values(), heard, strict=True):
            bells = [f for f in frames if f["type"] == "night" and f["what"] == "bell"]
            assert len(bells) == 1 and bells[0]["round"]["state"] == "finishing"
            tables = {f["table"]["number"] for f in frames if f["type"] == "table"}
            assert tables <= {number}  # only its own table's events
            assert not [f for f in frames if f["type"] == "snapshot"]
        assert on_screen
    assert spy.queries == []  # forwarding never touched the database
    kinds = [(f["type"], f.get("what")) for f in watched]
    assert ("night", "bell") in kinds
    bunco = next(f for f in watched if f["type"] == "table" and f["table"]["number"] == 1)
    assert bunco["roll"]["kind"] == "bunco"
    credited = bunco["roll"]["credited"]
    row = next(r for r in bunco["standings"] if r["id"] == credited)
    assert row["buncos"] == 1
    assert {t["table"]["number"] for t in watched if t["type"] == "table"} == {1, 2}
    await close_all(*[s for _, s in phones.values()], dashboard, screen)


async def test_the_fuzzy_die_moving_reaches_every_socket(night, host_cookie):
    phones, dashboard, screen = await night_sockets(night, host_cookie)
    head = [s for n, s in phones.values() if n == 1]
    v = head[0].snapshot["table"]["version"]
    holder = head[0].snapshot["night"]["fuzzy_holder"]
    await head[0].send_json_to(roll("0", v=v, client_id="m"))  # seat 0 misses
    await until(head[0], lambda m: m["type"] == "result")
    await head[0].send_json_to(roll("bunco", v=v + 1, client_id="b"))  # seat 1's Bunco
    for _, socket in phones.values():
        fuzzy = await until(socket, lambda m: m["type"] == "night" and m["what"] == "fuzzy")
        assert fuzzy["fuzzy_holder"] != holder and fuzzy["fuzzy_holder_name"]
    fuzzy = await until(dashboard, lambda m: m["type"] == "night" and m["what"] == "fuzzy")
    assert fuzzy["leaders"]["traveling"] == [fuzzy["fuzzy_holder"]]
    await close_all(*[s for _, s in phones.values()], dashboard, screen)


async def test_round_done_and_round_started_bring_each_player_their_own_seat(host, host_cookie):
    night = await database_sync_to_async(in_play)(host, players=8)
    phones, dashboard, screen = await night_sockets(night, host_cookie)
    await database_sync_to_async(play_out_the_round)(night, 1)
    done = await until(dashboard, lambda m: m["type"] == "snapshot" and m.get("what"))
    assert "round_done" in done["events"] and done["round"]["state"] == "done"
    assert len(done["moves"]) == 8
    for key, (_, socket) in phones.items():
        mine = await until(socket, lambda m: m["type"] == "snapshot" and m.get("what"))
        assert mine["me"]["id"] == key and mine["what"] == "round_done"
        assert mine["next"]["table"] in (1, 2) and mine["move"]
    with ConsumerQueries() as spy:
        await database_sync_to_async(play.round_start)(night_id=night.pk, number=2, actor="h")
        started = await until(dashboard, lambda m: m["type"] == "snapshot" and m.get("what"))
        assert started["what"] == "round_started" and started["round"]["number"] == 2
        for key, (_, socket) in phones.items():
            mine = await until(socket, lambda m: m["type"] == "snapshot" and m.get("what"))
            assert mine["round"]["number"] == 2 and mine["table"]["round"] == 2
            assert key in [s["id"] for s in mine["table"]["seats"]]
            socket.snapshot = mine
    assert spy.queries == []  # each phone's new seat came built; no socket read it
    # the phones followed their player to the new table: a roll there reaches them
    key, (_, first) = next(iter(phones.items()))
    table = first.snapshot["table"]
    await first.send_json_to(roll("0", v=table["version"], client_id="n1"))
    for other_key, (_, socket) in phones.items():
        if other_key in [s["id"] for s in table["seats"]]:
            event = await until(socket, lambda m: m["type"] == "table")
            assert event["table"]["number"] == table["number"] and event["table"]["round"] == 2
    await close_all(*[s for _, s in phones.values()], dashboard, screen)


async def test_a_phone_that_joins_its_new_table_after_a_roll_there_gets_a_snapshot(
    host, host_cookie, monkeypatch
):
    """A phone handles its new seat late (its consumer was busy): a roll at its new table
    was published before it joined the table's group, so the roll's event never reaches it.
    Having joined, it sees the heartbeat's versions past its snapshot and sends a fresh one."""
    night = await database_sync_to_async(in_play)(host, players=8)
    phones, dashboard, screen = await night_sockets(night, host_cookie)
    await database_sync_to_async(play_out_the_round)(night, 1)
    await until(dashboard, lambda m: m["type"] == "snapshot" and m.get("what") == "round_done")
    late, handle = [], consumers.PlayerConsumer.player_event

    async def seat_change_handled_late(self, event):
        moving = broadcast.table_group(night.pk, event["table"]) not in self.groups_joined
        if not late and event["table"] and moving:  # the first phone moving to a new table
            late.append(self.player.key)
            await database_sync_to_async(play.roll_record)(
                night_id=night.pk, table_number=event["table"], entry="0", client_id="early",
                actor="t",
            )  # fmt: skip
            # published (the dashboard has it) while this phone is not yet in the group
            rolled = await until(
                dashboard, lambda m: m["type"] == "table" and m["client_id"] == "early"
            )
            # and its versions stored: with Redis the process's writer stores them a moment
            # after commit, beside the broadcast (live.broadcast.store_versions)
            scope = rolled["scope"]
            async with asyncio.timeout(WAIT):
                while (await self.versions_now()).get(scope, -1) < rolled["v"]:
                    await asyncio.sleep(0.01)
        await handle(self, event)

    monkeypatch.setattr(consumers.PlayerConsumer, "player_event", seat_change_handled_late)
    await database_sync_to_async(play.round_start)(night_id=night.pk, number=2, actor="h")
    async with asyncio.timeout(WAIT):  # Head losers and Foot winners move every round
        while not late:
            await asyncio.sleep(0.01)
    socket = phones[late[0]][1]
    started = await until(socket, lambda m: m.get("what") == "round_started")
    assert started["round"]["number"] == 2
    seen = started["table"]["version"]
    fresh = await until(socket, lambda m: m["type"] in ("snapshot", "table"))
    assert fresh["type"] == "snapshot"  # the roll's own event never came
    assert fresh["table"]["version"] == seen + 1
    assert fresh["table"]["number"] == started["table"]["number"]
    await close_all(*[s for _, s in phones.values()], dashboard, screen)


def play_out_the_round(night, number):
    """Ring the bell and finish every table's turn and any roll-off."""
    play.bell_ring(night_id=night.pk, number=number, actor="host")
    finish_every_table(night, number)


async def test_the_end_of_the_night_brings_the_prizes(host, host_cookie):
    rules = Rules(sets=1, rounds_per_set=1, break_after_set=None)
    night = await database_sync_to_async(in_play)(host, players=4)
    await database_sync_to_async(
        lambda: type(night).objects.filter(pk=night.pk).update(rules=rules.to_dict())
    )()
    phones, dashboard, screen = await night_sockets(night, host_cookie, tables=(1,))
    head = next(iter(phones.values()))[1]
    await head.send_json_to(roll("bunco", v=head.snapshot["table"]["version"], client_id="x"))
    await until(dashboard, lambda m: m["type"] == "snapshot" and m.get("what") == "round_done")
    # the last round is over: no seating for a round that never comes; the chart is drawn
    done = await until(screen, lambda m: m["type"] == "snapshot" and m.get("what") == "round_done")
    assert done["seating"] == [] and done["moves"] == {}
    assert done["chart"].startswith("<svg") and done["chart"].count('class="chart-line"') == 4
    waiting = await until(head, lambda m: m["type"] == "snapshot" and m.get("what") == "round_done")
    assert waiting["next"] is None and waiting["move"] is None
    assert waiting["phone"]["phase"] == "prizes_pending"
    await database_sync_to_async(finish.night_finish)(night_id=night.pk, actor="host")
    over = await until(dashboard, lambda m: m["type"] == "snapshot" and m.get("what"))
    assert over["what"] == "night_over" and over["night"]["state"] == "finished"
    assert sum(a["amount"] for a in over["awards"]) == over["night"]["pot"]
    final = await until(screen, lambda m: m["type"] == "snapshot" and m.get("what"))
    assert final["awards"] == over["awards"] and final["chart"] == done["chart"]
    mine = await until(head, lambda m: m["type"] == "snapshot" and m.get("what") == "night_over")
    assert mine["night"]["state"] == "finished"
    await close_all(*[s for _, s in phones.values()], dashboard, screen)


async def test_a_host_change_to_the_players_sends_every_screen_its_snapshot(host, host_cookie):
    night = await database_sync_to_async(in_play)(host, players=5, start=False)
    player = await database_sync_to_async(lambda: night.players.first())()
    socket = await phone(player)
    dashboard = await open_socket(f"/ws/nights/{night.pk}/", cookie=host_cookie)
    await database_sync_to_async(nights.player_rename)(
        night_id=night.pk, player_id=player.pk, name="Renamed", actor="host"
    )
    mine = await until(socket, lambda m: m["type"] == "snapshot")
    assert mine["what"] == "players" and mine["me"]["name"] == "Renamed"
    watch = await until(dashboard, lambda m: m["type"] == "snapshot")
    assert "Renamed" in [p["name"] for p in watch["players"]]
    assert watch["versions"]["night"] == mine["versions"]["night"]
    await close_all(socket, dashboard)


async def test_a_new_rounds_snapshot_names_the_ghosts_opening_rolls_it_brings(host, host_cookie):
    """Ghosts holding the dice when a round starts roll in its transaction; their table
    events would come before the round's snapshot, so the snapshot brings them instead and
    names their versions in `covers` (and its own night version): every version announced."""
    night = await database_sync_to_async(in_play)(host, players=5, start=False)
    await database_sync_to_async(nights.seats_draw)(night_id=night.pk, actor="host")
    ghosts = await database_sync_to_async(
        lambda: {p.key for p in night.players.all() if p.is_ghost}
    )()
    phones, dashboard, screen = await night_sockets(night, host_cookie)
    await database_sync_to_async(play.round_start)(night_id=night.pk, number=1, actor="h")
    watch = await until(dashboard, lambda m: m["type"] == "snapshot")
    opened = {f"table:1:{t['number']}": [1, t["version"]] for t in watch["tables"] if t["version"]}
    assert opened, "no ghost opened a table: pick another seed"
    for table in watch["tables"]:  # only a ghost holding the dice rolls before anyone
        assert bool(table["version"]) == (table["seats"][0]["id"] in ghosts)
    assert watch["covers"] == {**opened, "night": [watch["versions"]["night"]] * 2}
    lines = {f"table:1:{n}": [1, len(rolls)] for n, rolls in watch["logged"].items()}
    assert lines == opened  # each of those rolls' line for the dashboard's roll log
    assert {line["by"] for rolls in watch["logged"].values() for line in rolls} == {"app"}
    for _, socket in phones.values():
        mine = await until(socket, lambda m: m["type"] == "snapshot")
        scope = f"table:1:{mine['table']['number']}"
        expected = {scope: opened[scope]} if scope in opened else {}
        assert mine["covers"] == {**expected, "night": [mine["versions"]["night"]] * 2}
    assert [f for f in await drain(dashboard) if f["type"] == "table"] == []
    await close_all(*[s for _, s in phones.values()], dashboard, screen)


async def test_changes_folded_into_one_snapshot_name_every_night_version(host, host_cookie):
    """Two host changes in one transaction (a club's night made with its members) make
    one snapshot; it names both night versions it brings."""
    night = await database_sync_to_async(in_play)(host, players=4, start=False)
    dashboard = await open_socket(f"/ws/nights/{night.pk}/", cookie=host_cookie)
    before = dashboard.snapshot["versions"]["night"]

    def two_changes():
        with transaction.atomic():
            for name in ("Ann", "Bo"):
                nights.player_add(night_id=night.pk, name=name, actor="host", paid=False)

    await database_sync_to_async(two_changes)()
    watch = await until(dashboard, lambda m: m["type"] == "snapshot")
    assert watch["versions"]["night"] == before + 2
    assert watch["covers"] == {"night": [before + 1, before + 2]}
    await close_all(dashboard)


async def test_an_event_between_a_phones_connect_and_its_snapshot_is_not_lost(night, monkeypatch):
    """The phone joins its groups first: a roll committed after the phone read its snapshot
    (and before the snapshot reached it) still arrives as a table event."""
    players = await database_sync_to_async(seated)(night, 1)
    row = await database_sync_to_async(table_row)(night, 1)
    read = consumers.PlayerConsumer.snapshot

    def snapshot_then_a_roll(self):
        data = read(self)
        if not getattr(snapshot_then_a_roll, "done", False):
            snapshot_then_a_roll.done = True
            play.roll_record(
                night_id=night.pk, table_number=1, entry="2", client_id="between",
                actor="t", seen_version=row.version,
            )  # fmt: skip
        return data

    monkeypatch.setattr(consumers.PlayerConsumer, "snapshot", snapshot_then_a_roll)
    socket = await phone(players[0])
    assert socket.snapshot["table"]["version"] == row.version  # read before the roll
    event = await until(socket, lambda m: m["type"] == "table")
    assert event["v"] == row.version + 1 and event["client_id"] == "between"
    await close_all(socket)


async def test_the_heartbeat_carries_the_current_versions(night, host_cookie, settings):
    settings.LIVE_HEARTBEAT_SECONDS = 0.2
    players = await database_sync_to_async(seated)(night, 1)
    socket = await phone(players[0])
    dashboard = await open_socket(f"/ws/nights/{night.pk}/", cookie=host_cookie)
    v = socket.snapshot["table"]["version"]
    await socket.send_json_to(roll("1", v=v, client_id="h1"))
    await until(socket, lambda m: m["type"] == "result")
    for each in (socket, dashboard):
        beat = await until(each, lambda m: m["type"] == "heartbeat")
        assert beat["versions"]["table:1:1"] == v + 1
        assert beat["versions"]["night"] == socket.snapshot["versions"]["night"]
    await close_all(socket, dashboard)


async def test_no_heartbeat_overtakes_the_events_waiting_behind_a_sockets_action(
    night, settings, monkeypatch
):
    """A phone's roll is committed and announced, then its action is slow to return (a
    loaded server): the roll's event waits in the socket's channel. No heartbeat reaches
    the phone meanwhile announcing a version it has not been sent (live.js would resync)."""
    settings.LIVE_HEARTBEAT_SECONDS = 0.1
    act = consumers.PlayerConsumer.act

    def slow(self, message):
        answer = act(self, message)
        time.sleep(1)  # the heartbeat ticks about ten times meanwhile
        return answer

    monkeypatch.setattr(consumers.PlayerConsumer, "act", slow)
    players = await database_sync_to_async(seated)(night, 1)
    socket = await phone(players[0])
    v = socket.snapshot["table"]["version"]
    await socket.send_json_to(roll("1", v=v, client_id="slow"))
    known = v
    for _ in range(3):  # the frames before the roll's answer, and two heartbeats after it
        frame = await until(socket, lambda m: m["type"] in ("table", "heartbeat"))
        if frame["type"] == "table":
            known = frame["v"]
        else:
            assert frame["versions"]["table:1:1"] <= known, "a heartbeat overtook the event"
    assert known == v + 1
    await close_all(socket)


def test_the_layers_hold_a_48_player_nights_burst(settings):
    """A bell on a 48-player night sends a dashboard about 60 messages at once."""
    from django.conf import settings as live

    assert live.CHANNEL_CAPACITY >= 600
    layer = live.CHANNEL_LAYERS["default"]
    assert layer["CONFIG"]["capacity"] == live.CHANNEL_CAPACITY


async def test_actions_can_run_on_a_pool_of_database_threads(night, settings):
    """LIVE_DB_THREADS > 1 (live/db.py): actions on different tables run side by side, and
    each still reaches its table's phones once, in order."""
    settings.LIVE_DB_THREADS = 3
    one = (await database_sync_to_async(seated)(night, 1))[0]
    two = (await database_sync_to_async(seated)(night, 2))[0]
    a, b = await phone(one), await phone(two)
    for n in range(3):
        va, vb = a.snapshot["table"]["version"] + n, b.snapshot["table"]["version"] + n
        await a.send_json_to(roll("0", v=va, client_id=f"a{n}"))
        await b.send_json_to(roll("0", v=vb, client_id=f"b{n}"))
        for socket, v in ((a, va), (b, vb)):
            seen = {}
            while len(seen) < 2:  # the answer and the table event, in either order
                frame = await until(socket, lambda m: m["type"] in ("result", "table"))
                seen[frame["type"]] = frame
            assert seen["result"]["table_version"] == seen["table"]["v"] == v + 1
    await close_all(a, b)
