"""The phones', dashboard's and big screen's websockets, end to end through the ASGI app
(origin check, session auth, routing, consumers, services, the channel layer)."""

import asyncio
import json

import pytest
from channels.db import database_sync_to_async
from django.db import transaction

from live.words import english
from partynight.models import Event, Night
from partynight.services import corrections, nights, play
from tests import builders
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


async def test_a_phone_gets_a_snapshot_on_connect(night):
    player = (await database_sync_to_async(seated)(night, 1))[0]
    socket = await phone(player)
    snap = socket.snapshot
    assert snap["me"]["id"] == player.key and snap["seat"] == 0
    assert snap["table"]["number"] == 1 and english(snap["table"]["name"]) == "Head"
    assert snap["round"]["number"] == 1 and snap["round"]["up"] == 1
    assert snap["versions"]["table:1:1"] == snap["table"]["version"]
    assert "night" in snap["versions"]
    await close_all(socket)


async def test_a_roll_reaches_the_other_phones_at_the_table_and_the_dashboard(night, host_cookie):
    players = await database_sync_to_async(seated)(night, 1)
    others = await database_sync_to_async(seated)(night, 2)
    phones = [await phone(p) for p in players]
    elsewhere = await phone(others[0])
    dashboard = await open_socket(f"/ws/nights/{night.pk}/", cookie=host_cookie)
    screen = await open_socket(f"/ws/screen/{night.screen_token}/")
    v = phones[0].snapshot["table"]["version"]
    await phones[1].send_json_to(roll("2", v=v))
    result = await until(phones[1], lambda m: m["type"] == "result")
    assert result["ok"] and result["client_id"] == "c1" and result["table_version"] == v + 1
    assert result["roll"]["points"] == 2
    for socket in [*phones, dashboard, screen]:
        event = await until(socket, lambda m: m["type"] == "table")
        assert event["scope"] == "table:1:1" and event["v"] == v + 1
        assert event["roll"]["points"] == 2 and event["table"]["points"][0] == 2
    assert await elsewhere.receive_nothing(timeout=0.3)
    await close_all(*phones, elsewhere, dashboard, screen)


async def test_the_host_dashboard_can_enter_a_roll_at_any_table(night, host_cookie):
    dashboard = await open_socket(f"/ws/nights/{night.pk}/", cookie=host_cookie)
    await dashboard.send_json_to(roll("0", table=2, client_id="h1"))
    result = await until(dashboard, lambda m: m["type"] == "result")
    assert result["roll"]["kind"] == "miss" and result["roll"]["table"] == 2
    await close_all(dashboard)


async def test_a_double_tapped_roll_counts_once(night):
    players = await database_sync_to_async(seated)(night, 1)
    socket = await phone(players[0])
    v = socket.snapshot["table"]["version"]
    await socket.send_json_to(roll("1", v=v, client_id="tap"))
    await socket.send_json_to(roll("1", v=v, client_id="tap"))
    first = await until(socket, lambda m: m["type"] == "result")
    second = await until(socket, lambda m: m["type"] == "result")
    assert "replayed" not in first and second["replayed"] is True
    assert second["table_version"] == first["table_version"] == v + 1
    assert second["roll"] == first["roll"]
    count = Event.objects.filter(night=night, kind="roll_scored").acount
    assert await count() == 1
    row = await database_sync_to_async(table_row)(night, 1)
    assert row.version == v + 1 and row.state["points"][0] == 1
    await close_all(socket)


async def test_two_phones_entering_the_same_roll_at_once_record_it_once(night):
    players = await database_sync_to_async(seated)(night, 1)
    a, b = await phone(players[0]), await phone(players[2])
    v = a.snapshot["table"]["version"]
    await asyncio.gather(
        a.send_json_to(roll("1", v=v, client_id="a")), b.send_json_to(roll("1", v=v, client_id="b"))
    )
    answers = [
        await until(s, lambda m: m["type"] in ("result", "error") and m.get("client_id"))
        for s in (a, b)
    ]
    kinds = sorted(m["type"] for m in answers)
    assert kinds == ["error", "result"]
    error = next(m for m in answers if m["type"] == "error")
    assert error["code"] == "already_recorded"
    assert await Event.objects.filter(night=night, kind="roll_scored").acount() == 1
    row = await database_sync_to_async(table_row)(night, 1)
    assert row.version == v + 1 and row.state["points"] == [1, 0]
    await close_all(a, b)


async def test_a_player_cannot_score_at_another_table(night):
    players = await database_sync_to_async(seated)(night, 1)
    socket = await phone(players[0])
    before = [await database_sync_to_async(table_row)(night, n) for n in (1, 2)]
    await socket.send_json_to(roll("2", table=2, client_id="x"))
    error = await until(socket, lambda m: m["type"] == "error")
    assert error["code"] == "not_your_table" and error["client_id"] == "x"
    after = [await database_sync_to_async(table_row)(night, n) for n in (1, 2)]
    assert [(t.version, t.state) for t in after] == [(t.version, t.state) for t in before]
    assert await Event.objects.filter(night=night, kind="roll_scored").acount() == 0
    await close_all(socket)


def _bad_links(night, host):
    other_host = builders.host("other", "pw-for-tests-2")
    planning = in_play(other_host, players=5, start=False, name="Other night")
    removed = planning.players.first()
    nights.player_remove(night_id=planning.pk, player_id=removed.pk, actor="host")
    return {
        "forged": "/ws/play/not-a-real-token-123/",
        "removed": f"/ws/play/{removed.token}/",
        "screen_with_player_token": f"/ws/screen/{removed.token}/",
        "other_hosts_night": f"/ws/nights/{planning.pk}/",
        "no_login": f"/ws/nights/{night.pk}/",
        "forged_screen": "/ws/screen/forged/",
    }


@pytest.mark.parametrize(
    "which",
    [
        "forged",
        "removed",
        "screen_with_player_token",
        "other_hosts_night",
        "no_login",
        "forged_screen",
    ],
)
async def test_a_bad_link_is_refused_with_4403_and_changes_nothing(night, host, host_cookie, which):
    links = await database_sync_to_async(_bad_links)(night, host)
    events = await Event.objects.acount()
    cookie = host_cookie if which == "other_hosts_night" else None
    socket = await open_socket(links[which], cookie=cookie, snapshot=False)
    error = await socket.receive_json_from(timeout=WAIT)
    assert error["type"] == "error" and error["code"] == "bad_link"
    closing = await socket.receive_output(timeout=WAIT)
    assert closing == {"type": "websocket.close", "code": 4403}
    assert await Event.objects.acount() == events


BAD_MESSAGES = {
    "bad_json": "{not json",
    "not_an_object": "[1, 2, 3]",
    "a_string": '"roll"',
    "unknown_type": json.dumps({"type": "cheat", "client_id": "q"}),
    "host_only_type": json.dumps({"type": "bell", "round": 1, "client_id": "q"}),
    "unknown_field": json.dumps({"type": "roll", "entry": "1", "client_id": "q", "evil": 1}),
    "entry_wrong_type": json.dumps({"type": "roll", "entry": 2, "client_id": "q"}),
    "entry_unknown": json.dumps({"type": "roll", "entry": "7", "client_id": "q"}),
    "v_wrong_type": json.dumps({"type": "roll", "entry": "1", "v": "3", "client_id": "q"}),
    "v_bool": json.dumps({"type": "roll", "entry": "1", "v": True, "client_id": "q"}),
    "dice_out_of_range": json.dumps({"type": "roll", "dice": [0, 7, 1], "client_id": "q"}),
    "dice_too_few": json.dumps({"type": "roll", "dice": [1, 2], "client_id": "q"}),
    "dice_and_entry": json.dumps(
        {"type": "roll", "dice": [1, 2, 3], "entry": "1", "client_id": "q"}
    ),
    "neither_dice_nor_entry": json.dumps({"type": "roll", "client_id": "q"}),
    "table_out_of_range": json.dumps({"type": "roll", "entry": "1", "table": 99, "client_id": "q"}),
    "missing_client_id": json.dumps({"type": "roll", "entry": "1"}),
    "client_id_too_long": json.dumps({"type": "roll", "entry": "1", "client_id": "x" * 65}),
    "client_id_not_text": json.dumps({"type": "roll", "entry": "1", "client_id": 5}),
    "too_large": json.dumps({"type": "roll", "entry": "1", "client_id": "q", "pad": "x" * 5000}),
    "deeply_nested": "[" * 100_000 + "]" * 100_000,
}


@pytest.mark.parametrize("name", sorted(BAD_MESSAGES) + ["binary"])
async def test_every_bad_message_gets_an_error_frame_and_the_socket_lives_on(night, name):
    players = await database_sync_to_async(seated)(night, 1)
    socket = await phone(players[0])
    if name == "binary":
        await socket.send_to(bytes_data=b"\x00\x01")
    else:
        await socket.send_to(text_data=BAD_MESSAGES[name])
    error = await socket.receive_json_from(timeout=WAIT)
    assert error["type"] == "error" and error["code"] == "bad_message" and error["message"]
    await socket.send_json_to({"type": "resync"})
    assert (await socket.receive_json_from(timeout=WAIT))["type"] == "snapshot"
    assert await Event.objects.filter(kind="roll_scored").acount() == 0
    await close_all(socket)


async def test_the_bell_reaches_every_phone_of_the_night(night):
    head = await database_sync_to_async(seated)(night, 1)
    other = await database_sync_to_async(seated)(night, 2)
    phones = [await phone(p) for p in head + other]
    v = phones[0].snapshot["table"]["version"]
    await phones[3].send_json_to(roll("bunco", v=v, client_id="b"))
    for socket in phones:
        bell = await until(socket, lambda m: m["type"] == "night" and m["what"] == "bell")
        assert bell["bell"]["table"] == 1 and bell["bell"]["reason"] == "bunco"
        assert english(bell["bell"]["sentence"]) == "The bell rang at the Head table: a Bunco."
        assert bell["scope"] == "night"
        assert bell["v"] > socket.snapshot["versions"]["night"]
        assert bell["round"]["state"] == "finishing" and bell["round"]["bell"] == bell["bell"]
    assert phones[4].snapshot["table"]["number"] == 2
    await close_all(*phones)


async def test_a_phone_that_reconnects_gets_current_versions(night):
    players = await database_sync_to_async(seated)(night, 1)
    a, b = await phone(players[0]), await phone(players[1])
    v = a.snapshot["versions"]["table:1:1"]
    await a.disconnect()
    await b.send_json_to(roll("1", v=v, client_id="r1"))
    await until(b, lambda m: m["type"] == "result")
    await b.send_json_to(roll("1", v=v + 1, client_id="r2"))
    await until(b, lambda m: m["type"] == "result")
    again = await phone(players[0])
    assert again.snapshot["versions"]["table:1:1"] == v + 2
    assert again.snapshot["table"]["points"][0] == 2
    await close_all(b, again)


async def test_resync_after_a_gap_sends_a_snapshot(night):
    players = await database_sync_to_async(seated)(night, 1)
    socket = await phone(players[0])
    await socket.send_json_to({"type": "resync"})
    snap = await socket.receive_json_from(timeout=WAIT)
    assert snap["type"] == "snapshot" and snap["versions"] == socket.snapshot["versions"]
    await close_all(socket)


def _roll_and_roll_back(night_id, v):
    class Abort(Exception):
        pass

    try:
        with transaction.atomic():
            play.roll_record(
                night_id=night_id,
                table_number=1,
                entry="2",
                client_id="gone",
                actor="t",
                seen_version=v,
            )
            raise Abort
    except Abort:
        pass


async def test_broadcasts_go_out_only_after_commit(night):
    players = await database_sync_to_async(seated)(night, 1)
    socket = await phone(players[0])
    v = socket.snapshot["table"]["version"]
    await database_sync_to_async(_roll_and_roll_back)(night.pk, v)
    assert await socket.receive_nothing(timeout=0.5)
    assert not await Event.objects.filter(client_id="gone").aexists()
    await database_sync_to_async(play.roll_record)(
        night_id=night.pk, table_number=1, entry="2", client_id="kept", actor="t", seen_version=v
    )
    event = await until(socket, lambda m: m["type"] == "table")
    assert event["v"] == v + 1


async def test_a_finished_round_tells_each_phone_where_to_go(host):
    night4 = await database_sync_to_async(in_play)(host, players=4)
    players = await database_sync_to_async(seated)(night4, 1)
    phones = [await phone(p) for p in players]
    v = phones[0].snapshot["table"]["version"]
    await phones[0].send_json_to(roll("bunco", v=v, client_id="bb"))
    for socket in phones:
        snap = await until(
            socket, lambda m: m["type"] == "snapshot" and m["round"]["state"] == "done"
        )
        assert snap["move"] and "partner" in english(snap["move"])
        assert snap["table"]["phase"] == "done"
    await close_all(*phones)


async def test_a_ghosts_turn_is_rolled_by_the_server_and_shown_as_table_events(host):
    night5 = await database_sync_to_async(in_play)(host, players=5)  # 3 ghosts, 2 tables
    row = await database_sync_to_async(table_row)(night5, 2)
    ghosts = set(row.state["ghosts"])
    people = [p for p in await database_sync_to_async(seated)(night5, 2) if not p.is_ghost]
    assert ghosts and people
    socket = await phone(people[0])
    v = socket.snapshot["table"]["version"]
    ghost_rolls = []
    for n in range(4):  # misses pass the dice; a ghost's seat comes up within a lap
        await socket.send_json_to(roll("0", v=v, client_id=f"g{n}"))
        answered, latest = None, None
        while answered is None or latest is None or latest["v"] < answered:
            message = await socket.receive_json_from(timeout=WAIT)
            if message["type"] == "result":
                answered = message["table_version"]
            elif message["type"] == "table":
                latest = message
                if message["roll"] and message["roll"]["player"] in ghosts:
                    ghost_rolls.append(message)
            if latest and answered and latest["v"] >= answered:
                table = latest["table"]
                if table["turn"] is not None and table["seats"][table["turn"]]["ghost"]:
                    latest = None  # the ghost's rolls are still coming
        v = latest["v"]
        if ghost_rolls:
            break
    assert ghost_rolls, "the app should have rolled for a ghost"
    assert await Event.objects.filter(night=night5, kind="roll_scored", actor="app").aexists()
    await close_all(socket)


async def test_the_head_table_phones_start_the_next_round_first_tap_wins(host):
    night8 = await database_sync_to_async(in_play)(host, players=8)
    players = await database_sync_to_async(seated)(night8, 1)
    phones = [await phone(p) for p in players]
    footer = await phone((await database_sync_to_async(seated)(night8, 2))[0])
    fv = footer.snapshot["table"]["version"]
    await footer.send_json_to(roll("1", v=fv, client_id="f1"))  # the Foot table leads 1-0
    await until(footer, lambda m: m.get("client_id") == "f1")
    v = phones[0].snapshot["table"]["version"]
    await phones[0].send_json_to(roll("bunco", v=v, client_id="bb"))  # rings the bell
    await until(footer, lambda m: m["type"] == "night" and m["what"] == "bell")
    await footer.send_json_to(roll("0", client_id="f2"))  # the turn ends: the round is done
    done = await until(
        phones[0], lambda m: m["type"] == "snapshot" and m["round"]["state"] == "done"
    )
    night8 = await Night.objects.aget(pk=night8.pk)
    by_key = {p.key: p for p in await database_sync_to_async(list)(night8.players.all())}
    head = [by_key[k] for k in night8.pending_seating[0]]
    foot = next(by_key[k] for k in night8.pending_seating[1] if not by_key[k].is_ghost)
    assert done["phone"]["phase"] == "next_round"
    # a phone that is not at the next Head table may not ring it
    below = await phone(foot)
    assert below.snapshot["phone"]["ring"] is None
    await below.send_json_to({"type": "start_round", "round": 2, "client_id": "nope"})
    refused = await until(below, lambda m: m["type"] == "error")
    assert refused["code"] == "not_head" and "Head table" in english(refused["message"])
    first, second = await phone(head[0]), await phone(head[1])
    assert first.snapshot["phone"]["ring"] == 2
    await first.send_json_to({"type": "start_round", "round": 2, "client_id": "r1"})
    await second.send_json_to({"type": "start_round", "round": 2, "client_id": "r2"})
    answers = {
        "r1": await until(first, lambda m: m.get("client_id") == "r1"),
        "r2": await until(second, lambda m: m.get("client_id") == "r2"),
    }
    won = [k for k, m in answers.items() if m["type"] == "result"]
    assert len(won) == 1 and answers[won[0]]["round"] == 2, answers
    lost = answers["r2" if won == ["r1"] else "r1"]
    assert lost["type"] == "error" and lost["code"] == "already_done"
    winner = first if won == ["r1"] else second
    await winner.send_json_to({"type": "start_round", "round": 2, "client_id": won[0]})
    again = await until(winner, lambda m: m.get("client_id") == won[0])
    assert again["replayed"] is True  # a retried tap is answered, not applied again
    snap = await until(below, lambda m: m["type"] == "snapshot" and m["round"]["number"] == 2)
    assert snap["phone"]["phase"] in ("rolling", "rolloff")  # the others see it happen
    assert await Event.objects.filter(night=night8, kind="round_started").acount() == 2
    await close_all(*phones, footer, below, first, second)


async def test_table_events_carry_each_seated_phones_view(night, host_cookie):
    players = await database_sync_to_async(seated)(night, 1)
    socket = await phone(players[1])
    dashboard = await open_socket(f"/ws/nights/{night.pk}/", cookie=host_cookie)
    assert english(socket.snapshot["phone"]["headline"]) == f"{players[0].name} is rolling"
    v = socket.snapshot["table"]["version"]
    await socket.send_json_to(roll("0", v=v))
    event = await until(socket, lambda m: m["type"] == "table")
    people = {p.key for p in players if not p.is_ghost}
    assert set(event["phones"]) == people
    assert english(event["phones"][players[1].key]["headline"]) == "Your turn: roll the dice!"
    watched = await until(dashboard, lambda m: m["type"] == "table")
    assert "phones" not in watched  # the watchers need no phone's words
    # the roll's line for the dashboard's log; socket snapshots never carry the whole log
    line = watched["logged"]
    assert (line["who"], line["by"], line["entry"]) == (players[0].name, players[1].name, "0")
    assert english(line["name"]) == f"{players[0].name}'s roll: no points"
    assert "logs" not in dashboard.snapshot
    await close_all(socket, dashboard)


async def test_a_hosts_correction_shows_a_notice_on_that_tables_phones(night):
    players = await database_sync_to_async(seated)(night, 1)
    socket = await phone(players[2])
    v = socket.snapshot["table"]["version"]
    await socket.send_json_to(roll("1", v=v, client_id="one"))
    await until(socket, lambda m: m.get("client_id") == "one")
    await database_sync_to_async(corrections.roll_undo)(
        night_id=night.pk, table_number=1, actor="host:hostess", client_id="u1"
    )
    event = await until(socket, lambda m: m["type"] == "table" and "notice" in m)
    assert english(event["notice"]) == f"The host took back {players[0].name}'s roll: 1 point."
    assert event["table"]["points"] == [0, 0]
    await database_sync_to_async(corrections.points_adjust)(
        night_id=night.pk, table_number=1, team="B", delta=2, reason="miscount", actor="h"
    )
    event = await until(socket, lambda m: m["type"] == "table" and "notice" in m)
    pair = f"{players[1].name} and {players[3].name}"
    others = f"{players[0].name} and {players[2].name}"
    assert english(event["notice"]) == (
        f"The host gave {pair} 2 more points (miscount). Now {others} have 0 and {pair} have 2."
    )
    assert "now 0 to 2" not in english(event["notice"])
    await close_all(socket)
