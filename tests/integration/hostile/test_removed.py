"""A player the host removed (or replaced by a ghost, or whose name the host released to a
new link) stops acting at once: their open phone and room sockets close, and every service
re-reads the player instead of trusting the copy a socket took at connect time (issue 12,
finding 5)."""

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator

from config.asgi import application
from games.services import playing, rooms, seating
from live.errors import ServiceError
from partynight.models import Player
from partynight.services import corrections, nights, play
from tests import builders
from tests.helpers.hostile import dump, make_night

HEADERS = [(b"origin", b"http://127.0.0.1"), (b"host", b"127.0.0.1")]
WAIT = 5


async def frames_until_closed(socket) -> list[dict]:
    """Every frame up to the close, and the close code."""
    frames = []
    while True:
        output = await socket.receive_output(timeout=WAIT)
        if output["type"] == "websocket.close":
            return frames, output["code"]
        frames.append(output)


@pytest.mark.django_db(transaction=True)
async def test_replacing_a_player_by_a_ghost_closes_their_sockets(host):
    night, room, people = await database_sync_to_async(make_night)(host)
    gone, stays = people[0], people[1]
    sockets = {}
    for name, path in {
        "phone": f"/ws/play/{gone.token}/",
        "room": f"/ws/rooms/{room.pk}/{gone.token}/",
        "other": f"/ws/play/{stays.token}/",
    }.items():
        sockets[name] = WebsocketCommunicator(application, path, headers=HEADERS)
        assert (await sockets[name].connect(timeout=WAIT))[0]
        assert (await sockets[name].receive_json_from(timeout=WAIT))["type"] == "snapshot"

    await database_sync_to_async(corrections.player_replace_by_ghost)(
        night_id=night.pk, player_id=gone.pk, actor="host"
    )
    for name in ("phone", "room"):
        frames, code = await frames_until_closed(sockets[name])
        errors = [f for f in frames if '"error"' in f.get("text", "")]
        assert code == 4403 and len(errors) == 1 and '"removed"' in errors[0]["text"], name
    # everyone else plays on
    await sockets["other"].send_json_to({"type": "resync"})
    while (await sockets["other"].receive_json_from(timeout=WAIT))["type"] != "snapshot":
        pass
    await sockets["other"].disconnect()


@pytest.mark.django_db(transaction=True)
def test_services_refuse_the_copy_a_socket_kept(host):
    """A socket that missed the close (another process, a lost event) still holds the
    player object of its connect: every service it calls re-reads the player."""
    night, room, people = make_night(host)
    head = night.rounds.get().tables.get(number=1).seat_rows.order_by("position").first()
    stale = Player.objects.get(pk=head.player.pk)  # what a consumer cached at connect
    if stale.pk not in room.seats:
        seating.seat_join(room_id=room.pk, player=stale)
    corrections.player_replace_by_ghost(night_id=night.pk, player_id=stale.pk, actor="host")
    before = dump()
    calls = {
        "roll": lambda: play.roll_record(
            night_id=night.pk, player=stale, entry="1", client_id="r1", actor="player"
        ),
        "start_round": lambda: play.round_start(
            night_id=night.pk, number=2, player=stale, client_id="s2", actor="player"
        ),
        "sit": lambda: seating.seat_join(room_id=room.pk, player=stale),
        "bot": lambda: seating.seat_add_bot(room_id=room.pk, actor="player", player=stale),
        "start": lambda: rooms.room_start(room_id=room.pk, actor="player", player=stale),
        "leave": lambda: seating.seat_leave(
            room_id=room.pk, seat=room.seats.index(stale.pk) if stale.pk in room.seats else 0,
            actor="player", player=stale,
        ),
    }  # fmt: skip
    for name, call in calls.items():
        with pytest.raises(ServiceError) as refused:
            call()
        assert refused.value.code == "removed", name
    assert dump() == before


@pytest.mark.django_db(transaction=True)
def test_a_removed_player_can_no_longer_sit_or_act_in_a_room(host):
    night, room, people = make_night(host)
    room.refresh_from_db()
    seated = Player.objects.get(pk=room.seats[0])
    seating.seat_add_bot(room_id=room.pk, actor="host")
    rooms.room_start(room_id=room.pk, actor="host")
    corrections.player_replace_by_ghost(night_id=night.pk, player_id=seated.pk, actor="host")
    with pytest.raises(ServiceError) as refused:
        playing.action_apply(
            room_id=room.pk, seat=0, action={"type": "sit_out"}, client_id="a1", player=seated
        )
    assert refused.value.code == "removed"


async def closed_by(player, service, **arguments):
    """Open `player`'s phone past its snapshot, have the host call `service` on them, and
    return the frames the phone got and its close code."""
    phone = WebsocketCommunicator(application, f"/ws/play/{player.token}/", headers=HEADERS)
    assert (await phone.connect(timeout=WAIT))[0]
    assert (await phone.receive_json_from(timeout=WAIT))["type"] == "snapshot"
    await database_sync_to_async(service)(player_id=player.pk, actor="host", **arguments)
    return await frames_until_closed(phone)


@pytest.mark.django_db(transaction=True)
async def test_removing_a_player_before_play_closes_their_phone(host):
    night = await database_sync_to_async(builders.night)(
        host, ["Leaves early"], seed=1, paid=False, name="Planning"
    )
    player = await night.players.aget()
    frames, code = await closed_by(player, nights.player_remove, night_id=night.pk)
    assert code == 4403 and '"removed"' in frames[-1]["text"]


@pytest.mark.django_db(transaction=True)
async def test_releasing_a_name_closes_the_phone_that_had_it(host):
    """The host releases a name the wrong phone took: that phone's link is replaced, its
    sockets close, and the copy it kept can no longer act."""
    night, room, people = await database_sync_to_async(make_night)(host)
    taken = people[0]
    frames, code = await closed_by(taken, nights.player_release, night_id=night.pk)
    assert code == 4403 and '"removed"' in frames[-1]["text"] and "new link" in frames[-1]["text"]
    with pytest.raises(ServiceError) as refused:
        await database_sync_to_async(play.roll_record)(
            night_id=night.pk, player=taken, entry="1", client_id="r9", actor="player"
        )
    assert refused.value.code == "removed"
