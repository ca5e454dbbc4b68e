"""Events carry state for the night's edges: a late guest arriving and taking a ghost's
chair reaches every screen as its snapshot; a phone's undo reaches every phone at its
table once, and a second phone's undo of the same roll is refused."""

import pytest
from channels.db import database_sync_to_async

from live.words import english
from partynight.models import Night
from partynight.services import arrivals, nights
from tests import builders
from tests.helpers.sockets import close_all, open_socket, phone, roll, seated, table_row, until

pytestmark = pytest.mark.django_db(transaction=True)


async def test_a_late_guest_reaches_every_screen_and_no_phone_loses_its_seat(host, host_cookie):
    night = await database_sync_to_async(builders.night)(host, 9, drawn=True, paid=False)
    seating = (await database_sync_to_async(Night.objects.get)(pk=night.pk)).pending_seating
    ann = await database_sync_to_async(lambda: night.players.get(name="Player 1"))()
    socket = await phone(ann)
    dashboard = await open_socket(f"/ws/nights/{night.pk}/", cookie=host_cookie)
    zoe = await database_sync_to_async(nights.player_add)(
        night_id=night.pk, name="Zoe", actor="join"
    )
    mine = await until(socket, lambda m: m["type"] == "snapshot")
    assert mine["what"] == "arrived" and mine["phone"]["phase"] == "next_round"
    watch = await until(dashboard, lambda m: m["type"] == "snapshot")
    assert watch["waiting"] == [{"id": zoe.key, "name": "Zoe"}]
    assert [[s["id"] for s in t["seats"]] for t in watch["seating"]] == seating
    await database_sync_to_async(arrivals.late_guest_seat)(
        night_id=night.pk, player_id=zoe.pk, actor="host"
    )
    watch = await until(dashboard, lambda m: m["type"] == "snapshot")
    assert watch["what"] == "late_seated" and watch["waiting"] == []
    assert zoe.key in [s["id"] for t in watch["seating"] for s in t["seats"]]
    mine = await until(socket, lambda m: m["type"] == "snapshot")
    assert mine["phone"]["phase"] == "next_round"
    await close_all(socket, dashboard)


async def test_a_phones_undo_reaches_its_table_once(host):
    night = await database_sync_to_async(builders.night)(host, 4, started=True, paid=False)
    players = await database_sync_to_async(seated)(night, 1)
    a, b = await phone(players[0]), await phone(players[1])
    v = (await database_sync_to_async(table_row)(night, 1)).version
    await a.send_json_to(roll("2", v=v, client_id="r1"))
    event = await until(b, lambda m: m["type"] == "table")
    offer = event["undo"]
    assert english(offer["label"]) == f"Undo {players[0].name}'s roll (2 points)"
    await b.send_json_to({"type": "undo", "v": offer["v"], "client_id": "u1"})
    fixed = await until(a, lambda m: m["type"] == "table" and "notice" in m)
    assert (
        english(fixed["notice"])
        == f"{players[1].name} took back {players[0].name}'s roll: 2 points."
    )
    assert fixed["table"]["points"] == [0, 0] and fixed["undo"] is None
    await a.send_json_to({"type": "undo", "v": offer["v"], "client_id": "u2"})  # too late
    refused = await until(a, lambda m: m["type"] == "error")
    assert refused["code"] == "too_late"
    await b.send_json_to({"type": "undo", "client_id": "u3"})  # no version: refused
    bad = await until(b, lambda m: m["type"] == "error")
    assert bad["code"] == "bad_message"
    await close_all(a, b)
