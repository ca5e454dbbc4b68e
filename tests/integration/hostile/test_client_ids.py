"""Client ids belong to the action that first used them (issue 12, finding 12): another
player's id, or the same id for a different request, is an error, never a replay of
someone else's answer. A true repeat still gets the first answer."""

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator

from config.asgi import application
from games.services import playing, rooms, seating
from live.errors import ServiceError
from partynight.services import corrections, play
from tests.helpers.hostile import dump, make_night

HEADERS = [(b"origin", b"http://127.0.0.1"), (b"host", b"127.0.0.1")]
WAIT = 5


def roller(night, number):
    """The player who rolls first at table `number`."""
    table = night.rounds.get().tables.get(number=number)
    return table.seat_rows.select_related("player").order_by("position").first().player


async def answer(socket, client_id):
    """The result or error for `client_id` (table and night events may come first)."""
    while True:
        frame = await socket.receive_json_from(timeout=WAIT)
        if frame["type"] in ("result", "error") and frame.get("client_id") == client_id:
            return frame


@pytest.mark.django_db(transaction=True)
async def test_another_players_client_id_is_an_error_not_their_answer(host):
    night, _, _ = await database_sync_to_async(make_night)(host)
    alice = await database_sync_to_async(roller)(night, 1)
    bob = await database_sync_to_async(roller)(night, 2)
    phones = {}
    for name, player in (("alice", alice), ("bob", bob)):
        phones[name] = WebsocketCommunicator(
            application, f"/ws/play/{player.token}/", headers=HEADERS
        )
        assert (await phones[name].connect(timeout=WAIT))[0]
        assert (await phones[name].receive_json_from(timeout=WAIT))["type"] == "snapshot"

    await phones["alice"].send_json_to({"type": "roll", "entry": "1", "client_id": "roll-1"})
    first = await answer(phones["alice"], "roll-1")
    assert first["type"] == "result" and first["roll"]["points"] == 1
    before = await database_sync_to_async(dump)()

    # Bob sends Alice's id (seen on a shared screen, or guessed): refused, nothing applied
    await phones["bob"].send_json_to({"type": "roll", "entry": "2", "client_id": "roll-1"})
    stolen = await answer(phones["bob"], "roll-1")
    assert stolen["type"] == "error" and stolen["code"] == "client_id_reused"
    assert "roll" not in stolen
    # Alice reuses her id for another roll: refused too
    await phones["alice"].send_json_to({"type": "roll", "entry": "0", "client_id": "roll-1"})
    reused = await answer(phones["alice"], "roll-1")
    assert reused["type"] == "error" and reused["code"] == "client_id_reused"
    assert await database_sync_to_async(dump)() == before
    # ... while the very same message again is a repeat: the first answer
    await phones["alice"].send_json_to({"type": "roll", "entry": "1", "client_id": "roll-1"})
    again = await answer(phones["alice"], "roll-1")
    assert again == {**first, "replayed": True}
    for phone in phones.values():
        await phone.disconnect()


@pytest.mark.django_db(transaction=True)
def test_a_room_client_id_belongs_to_its_seat_and_action(host):
    night, room, people = make_night(host)
    room.refresh_from_db()
    seating.seat_add_bot(room_id=room.pk, actor="host")
    rooms.room_start(room_id=room.pk, actor="host")
    seated = [p for p in people if p.pk in room.seats]
    bet = {"type": "bet", "on": "banker", "amount": 10}
    mine = room.seats.index(seated[0].pk)
    theirs = room.seats.index(seated[1].pk)
    first = playing.action_apply(
        room_id=room.pk, seat=mine, action=bet, client_id="bet-1", player=seated[0]
    )
    before = dump()
    for seat, player, action in [
        (theirs, seated[1], bet),  # another seat's id
        (mine, seated[0], {**bet, "amount": 20}),  # another action under the same id
    ]:
        with pytest.raises(ServiceError) as refused:
            playing.action_apply(
                room_id=room.pk, seat=seat, action=action, client_id="bet-1", player=player
            )
        assert refused.value.code == "client_id_reused"
    assert dump() == before
    again = playing.action_apply(
        room_id=room.pk, seat=mine, action=bet, client_id="bet-1", player=seated[0]
    )
    assert again == first | {"replayed": True}


@pytest.mark.django_db
def test_a_hosts_client_id_belongs_to_one_kind_of_action(host):
    """The same actor reusing an id for another kind of action (a roll's id on the bell,
    or on a correction) used to get the roll's answer back and nothing done."""
    night, _, _ = make_night(host)
    actor = f"host:{host.pk}"
    first = play.roll_record(
        night_id=night.pk, client_id="h-1", actor=actor, dice=[1, 2, 3], table_number=1
    )
    before = dump()
    for other in (
        lambda: play.bell_ring(night_id=night.pk, number=1, actor=actor, client_id="h-1"),
        lambda: corrections.points_adjust(
            night_id=night.pk, table_number=1, team=0, delta=1, reason="x", actor=actor,
            client_id="h-1",
        ),
    ):  # fmt: skip
        with pytest.raises(ServiceError) as refused:
            other()
        assert refused.value.code == "client_id_reused"
    assert dump() == before
    again = play.roll_record(
        night_id=night.pk, client_id="h-1", actor=actor, dice=[1, 2, 3], table_number=1
    )
    assert again == first | {"replayed": True}


@pytest.mark.django_db
def test_a_correction_id_belongs_to_its_whole_request(host):
    """The same host, the same kind of correction, another request under a reused id (other
    points, another table, another reason) is refused, never replayed as the first one's
    answer with nothing done; the very same request gets the first answer back."""
    night, _, _ = make_night(host)
    actor = f"host:{host.pk}"

    def adjust(table=1, delta=2, reason="miscount", team="A"):
        return corrections.points_adjust(
            night_id=night.pk, table_number=table, team=team, delta=delta, reason=reason,
            actor=actor, client_id="fix-1",
        )  # fmt: skip

    first = adjust()
    before = dump()
    for other in ({"delta": 5}, {"table": 2}, {"reason": "another"}, {"team": "B"}):
        with pytest.raises(ServiceError) as refused:
            adjust(**other)
        assert refused.value.code == "client_id_reused", other
    assert dump() == before
    assert adjust() == first | {"replayed": True}
    assert dump() == before
