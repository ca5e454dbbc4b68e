"""The first snapshot plus the events equals a fresh snapshot (Zulip's test_events): for
each kind of change, every phone, the dashboard and the big screen take their snapshot, the
services make the change, each socket's frames are applied to its snapshot as the browser
applies them (below: static/js/pages/phone.js, static/js/lib/watch.js and live.js's
versions), and the result must equal the snapshot a fresh connect would get now."""

import asyncio
import copy
import json

import pytest
from channels.db import database_sync_to_async

from partynight.models import Night, Player, Table
from partynight.rules.config import Rules
from partynight.services import arrivals, corrections, finish, play, snapshots
from tests.helpers.play import finish_every_table
from tests.helpers.sockets import WAIT, close_all, in_play, open_socket, phone

pytestmark = pytest.mark.django_db(transaction=True)

# What a snapshot says about the change it came with, not about the night.
CHANGE_ONLY = ("what", "events", "covers", "logged")


def snapshot_state(frame: dict) -> dict:
    return {k: v for k, v in copy.deepcopy(frame).items() if k not in CHANGE_ONLY}


def apply_to_phone(state: dict, frame: dict) -> dict:
    """A phone's state after `frame` (phone.js onMessage; live.js keeps the versions)."""
    if frame["type"] == "snapshot":
        return snapshot_state(frame)
    state = copy.deepcopy(state)
    if frame["type"] == "table":
        table = state["table"]
        if table and (frame["table"]["number"], frame["table"]["round"]) == (
            table["number"],
            table["round"],
        ):
            state["table"] = frame["table"]
            me = state["me"]
            if me["id"] in frame["phones"]:
                state["phone"] = frame["phones"][me["id"]]
            state["undo"] = frame["undo"]
            for row in frame.get("standings", []):
                if row["id"] == me["id"]:
                    me.update(wins=row["wins"], losses=row["losses"], buncos=row["buncos"])
        state["versions"][frame["scope"]] = frame["v"]
    elif frame["type"] == "night":
        if frame["what"] == "bell":
            state["round"] = frame["round"]
        if frame["what"] == "fuzzy":
            state["night"]["fuzzy_holder"] = frame["fuzzy_holder"]
            state["night"]["fuzzy_holder_name"] = frame["fuzzy_holder_name"]
        state["versions"]["night"] = frame["v"]
    return state


def apply_to_watcher(state: dict, frame: dict) -> dict:
    """The dashboard's or big screen's state after `frame` (PartyWatch in lib/watch.js)."""
    if frame["type"] == "snapshot":
        return snapshot_state(frame)
    state = copy.deepcopy(state)
    if frame["type"] == "table":
        numbers = [t["number"] for t in state["tables"]]
        assert state["round"] and frame["table"]["round"] == state["round"]["number"]
        state["tables"][numbers.index(frame["table"]["number"])] = frame["table"]
        if "standings" in frame:
            rows = {row["id"]: row for row in state["standings"]}
            rows.update((row["id"], row) for row in frame["standings"])
            state["standings"] = sorted(rows.values(), key=lambda r: (-r["wins"], r["name"]))
        if "leaders" in frame:
            state["leaders"] = frame["leaders"]
        state["versions"][frame["scope"]] = frame["v"]
    elif frame["type"] == "night":
        if frame["what"] == "bell":
            state["round"] = frame["round"]
        if frame["what"] == "fuzzy":
            state["night"]["fuzzy_holder"] = frame["fuzzy_holder"]
            state["leaders"] = frame["leaders"]
        state["versions"]["night"] = frame["v"]
    return state


async def drain(socket, quiet=0.4) -> list[dict]:
    """Every frame until the socket is quiet (or closed: a removed player's phone)."""
    frames = []
    while not await socket.receive_nothing(timeout=quiet):
        output = await socket.receive_output(timeout=WAIT)
        if output["type"] == "websocket.close":
            break
        frames.append(json.loads(output["text"]))
    return frames


def as_sent(value):
    return json.loads(json.dumps(value))


def fresh_phone(key: str) -> dict:
    player = Player.objects.select_related("night").get(pk=int(key[1:]))
    return as_sent(snapshot_state(snapshots.player_snapshot(player)))


def fresh_watcher(night_id: int) -> dict:
    return as_sent(snapshot_state(snapshots.night_snapshot(Night.objects.get(pk=night_id))))


def people_of(night) -> list[Player]:
    return list(night.players.filter(active=True, is_ghost=False))


async def check_change(night, host_cookie, change) -> list[str]:
    """Apply `change` (a sync callable) through the services; every socket's snapshot plus
    its frames must equal a fresh snapshot. Returns the kinds of frame the sockets got."""
    players = await database_sync_to_async(people_of)(night)
    phones = {p.key: await phone(p) for p in players}
    dashboard = await open_socket(f"/ws/nights/{night.pk}/", cookie=host_cookie)
    screen = await open_socket(f"/ws/screen/{night.screen_token}/")
    await database_sync_to_async(change)()
    sockets = [*phones.values(), dashboard, screen]
    heard = await asyncio.gather(*map(drain, sockets))
    kinds = set()
    for (key, socket), frames in zip(phones.items(), heard[: len(phones)], strict=True):
        if frames and frames[-1]["type"] == "error":  # this player's link no longer plays
            assert frames[-1]["code"] == "removed"
            continue
        state = socket.snapshot
        for frame in frames:
            kinds.add(frame_kind(frame))
            state = apply_to_phone(state, frame)
        assert state == await database_sync_to_async(fresh_phone)(key), key
    expected = await database_sync_to_async(fresh_watcher)(night.pk)
    for socket, frames in zip((dashboard, screen), heard[-2:], strict=True):
        state = socket.snapshot
        for frame in frames:
            kinds.add(frame_kind(frame))
            state = apply_to_watcher(state, frame)
        assert state == expected
    await close_all(*sockets)
    return sorted(kinds)


def frame_kind(frame: dict) -> str:
    if frame["type"] == "snapshot":
        return f"snapshot:{frame.get('what')}"
    if frame["type"] == "night":
        return f"night:{frame['what']}"
    return frame["type"]


def table_version(night, number: int) -> int:
    return Table.objects.get(
        round__night=night, round__number=night.round_number, number=number
    ).version


def rolled(night, entry: str, table: int = 1):
    return lambda: play.roll_record(
        night_id=night.pk, table_number=table, entry=entry, client_id=None, actor="host"
    )


async def test_a_roll(night, host_cookie):
    assert await check_change(night, host_cookie, rolled(night, "2")) == ["table"]


async def test_a_miss_passing_the_dice(night, host_cookie):
    assert await check_change(night, host_cookie, rolled(night, "0")) == ["table"]


async def test_a_bunco_rings_the_bell_and_moves_the_fuzzy_die(night, host_cookie):
    await database_sync_to_async(rolled(night, "0"))()  # the next seat rolls the Bunco
    kinds = await check_change(night, host_cookie, rolled(night, "bunco"))
    assert kinds == ["night:bell", "night:fuzzy", "table"]


async def test_the_host_rings_the_bell(night, host_cookie):
    ring = lambda: play.bell_ring(night_id=night.pk, number=1, actor="host")  # noqa: E731
    assert await check_change(night, host_cookie, ring) == ["night:bell", "table"]


async def test_the_round_ends(night, host_cookie):
    await database_sync_to_async(play.bell_ring)(night_id=night.pk, number=1, actor="host")
    kinds = await check_change(night, host_cookie, lambda: finish_every_table(night, 1))
    assert "snapshot:round_done" in kinds and "table" in kinds


async def test_the_next_round_starts(night, host_cookie):
    await database_sync_to_async(play.bell_ring)(night_id=night.pk, number=1, actor="host")
    await database_sync_to_async(finish_every_table)(night, 1)
    start = lambda: play.round_start(night_id=night.pk, number=2, actor="host")  # noqa: E731
    assert await check_change(night, host_cookie, start) == ["snapshot:round_started"]


async def test_the_host_takes_back_a_roll(night, host_cookie):
    await database_sync_to_async(rolled(night, "2"))()
    undo = lambda: corrections.roll_undo(night_id=night.pk, table_number=1, actor="host")  # noqa: E731
    assert await check_change(night, host_cookie, undo) == ["table"]


async def test_a_phone_takes_back_its_tables_roll(night, host_cookie):
    seated = await database_sync_to_async(lambda: Player.objects.get(pk=int(seat_key(night))))()
    await database_sync_to_async(rolled(night, "1"))()
    v = await database_sync_to_async(table_version)(night, 1)

    def take_back():
        seated.night = Night.objects.get(pk=night.pk)
        corrections.roll_take_back(
            night_id=night.pk, player=seated, seen_version=v, client_id="undo-1"
        )

    assert await check_change(night, host_cookie, take_back) == ["table"]


def seat_key(night) -> str:
    """The id of a person seated at the Head table this round."""
    table = Table.objects.get(round__night=night, round__number=night.round_number, number=1)
    return next(k for k in table.state["seats"] if k not in table.state["ghosts"])[1:]


async def test_the_host_adjusts_points(night, host_cookie):
    adjust = lambda: corrections.points_adjust(  # noqa: E731
        night_id=night.pk, table_number=2, team="B", delta=3, reason="miscount", actor="host"
    )
    assert await check_change(night, host_cookie, adjust) == ["table"]


async def test_the_host_moves_a_bunco(night, host_cookie):
    await database_sync_to_async(rolled(night, "bunco"))()
    table = await database_sync_to_async(
        lambda: Table.objects.get(round__night=night, round__number=1, number=1).state
    )()
    (given,) = table["buncos"]
    other = next(k for k in table["seats"] if k != given)
    move = lambda: corrections.bunco_reassign(  # noqa: E731
        night_id=night.pk, table_number=1, from_player=given, to_player=other, actor="host"
    )
    kinds = await check_change(night, host_cookie, move)
    assert "table" in kinds


async def test_a_late_guest_waits_for_a_chair(night, host_cookie):
    arrive = lambda: corrections.player_late_arrival(  # noqa: E731
        night_id=night.pk, name="Zed", actor="host"
    )
    assert await check_change(night, host_cookie, arrive) == ["snapshot:arrived"]


async def test_a_late_guest_takes_a_ghosts_chair(host, host_cookie):
    night = await database_sync_to_async(in_play)(host, players=7)
    arrive = lambda: corrections.player_late_arrival(  # noqa: E731
        night_id=night.pk, name="Zed", actor="host"
    )
    assert "snapshot:late_seated" in await check_change(night, host_cookie, arrive)


async def test_a_waiting_guest_is_given_a_ghosts_chair(night, host_cookie):
    def arrive_and_leave():  # every chair taken: the guest waits; then a player leaves
        guest, _ = corrections.player_late_arrival(night_id=night.pk, name="Zed", actor="host")
        leaver = people_of(night)[0]
        corrections.player_replace_by_ghost(night_id=night.pk, player_id=leaver.pk, actor="h")
        return guest, night.players.get(is_ghost=True, active=True)

    guest, ghost = await database_sync_to_async(arrive_and_leave)()
    sit = lambda: arrivals.late_guest_seat(  # noqa: E731
        night_id=night.pk, player_id=guest.pk, ghost_id=ghost.pk, actor="host"
    )
    assert "snapshot:late_seated" in await check_change(night, host_cookie, sit)


async def test_a_player_leaves_and_a_ghost_takes_the_chair(night, host_cookie):
    leaver = await database_sync_to_async(lambda: people_of(night)[-1])()
    leave = lambda: corrections.player_replace_by_ghost(  # noqa: E731
        night_id=night.pk, player_id=leaver.pk, actor="host"
    )
    # the ghost rolls at once when the leaver held the dice: table events after the snapshot
    assert "snapshot:players" in await check_change(night, host_cookie, leave)


async def test_the_night_ends(host, host_cookie):
    rules = Rules(sets=1, rounds_per_set=1, break_after_set=None)
    night = await database_sync_to_async(in_play)(host, players=4)
    await database_sync_to_async(
        lambda: Night.objects.filter(pk=night.pk).update(rules=rules.to_dict())
    )()
    await database_sync_to_async(rolled(night, "bunco"))()
    await database_sync_to_async(finish_every_table)(night, 1)
    end = lambda: finish.night_finish(night_id=night.pk, actor="host")  # noqa: E731
    assert await check_change(night, host_cookie, end) == ["snapshot:night_over"]
