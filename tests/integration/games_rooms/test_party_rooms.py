"""Rooms that fit a party (issue 27). Timers: a room opened with the defaults has no timer,
so a person's turn left alone for 3 minutes is never played for them; a room with the
optional 2-minute timer does play it (time moves by back-dating the room's last change, what
every wait counts from, never by sleeping). A player who left: the others' vote or the host
lets a bot play their seat."""

import asyncio
from datetime import timedelta

import pytest
from django.db.models import F
from django.test import Client

from games import selectors, timers
from games.models import Room, RoomAction
from games.services import playing, rooms, seating
from live.errors import ServiceError

pytestmark = pytest.mark.django_db


def _play_now(player, **settings):
    form = {"game": "punto_banco", "seats": 3, "now": "1", **settings}
    Client().post(f"/rooms/for/{player.token}/", form)
    return Room.objects.get(night=player.night_id)


def _three_minutes_pass(room):
    Room.objects.filter(pk=room.pk).update(updated=F("updated") - timedelta(minutes=3))
    return Room.objects.get(pk=room.pk)


def test_a_default_room_never_plays_a_persons_turn(players):
    room = _play_now(players[0])
    assert room.timeout is None and selectors.waiting(room) == [0]
    frame = selectors.room_snapshot(room, players[0])
    assert frame["room"]["deadline"] is None and frame["room"]["timeout"] is None

    async def arm():  # no deadline: the room's timer is never set
        timers.arm(room.pk, frame)
        return room.pk in timers._timers

    assert asyncio.run(arm()) is False
    room = _three_minutes_pass(room)
    with pytest.raises(ServiceError) as early:
        playing.seat_timeout(room_id=room.pk, actor="timer", seen_version=room.version)
    assert early.value.code == "too_early"
    assert not RoomAction.objects.filter(room=room, by="timeout").exists()
    assert selectors.waiting(Room.objects.get(pk=room.pk)) == [0]


def test_the_optional_two_minute_timer_plays_for_a_person(players):
    room = _play_now(players[0], timeout="120")
    frame = selectors.room_snapshot(room, players[0])
    assert frame["room"]["deadline"] == pytest.approx(room.updated.timestamp() + 120)
    room = _three_minutes_pass(room)
    done = playing.seat_timeout(room_id=room.pk, actor="timer", seen_version=room.version)
    assert done["timed_out"] == [0]
    assert RoomAction.objects.filter(room=room, by="timeout", seat=0).exists()


def test_the_host_may_still_stop_waiting_in_a_room_without_a_timer(players):
    room = _play_now(players[0])
    done = playing.seat_timeout(room_id=room.pk, actor="host", force=True)
    assert done["timed_out"] == [0]


def _room_of(players, seats):
    """A started Punto Banco room: `seats` people of `players` (first seats), then a bot."""
    room = rooms.room_open(night_id=players[0].night_id, game="punto_banco",
                              config={"seats": seats + 1}, actor="host", seed=2)  # fmt: skip
    for player in players[:seats]:
        seating.seat_join(room_id=room.pk, player=player)
    seating.seats_fill_with_bots(room_id=room.pk, actor="host")
    rooms.room_start(room_id=room.pk, actor="host")
    return Room.objects.get(pk=room.pk)


def test_the_others_vote_a_bot_in_for_a_player_who_left(players):
    ann, bea, cy = players
    room = _room_of(players, 3)
    assert selectors.waiting(room) == [0, 1, 2]
    with pytest.raises(ServiceError) as own:
        seating.seat_vote_bot(room_id=room.pk, seat=1, player=bea, client_id="own")
    assert own.value.code == "not_allowed"
    assert seating.seat_vote_bot(room_id=room.pk, seat=0, player=bea, client_id="b")["votes"] == 1
    room = Room.objects.get(pk=room.pk)
    assert room.seats[0] == ann.pk and selectors.room_info(room, [""] * 4)["votes"] == {"0": 1}
    seating.seat_vote_bot(room_id=room.pk, seat=0, player=cy, client_id="c")  # 2 of 2
    room = Room.objects.get(pk=room.pk)
    assert room.seats[0] == "bot" and room.votes == {}
    assert 0 not in selectors.waiting(room)


def test_a_seats_votes_lapse_when_its_player_plays(players):
    ann, bea, _ = players
    room = _room_of(players, 3)
    seating.seat_vote_bot(room_id=room.pk, seat=0, player=bea, client_id="b")
    bet = {"type": "bet", "on": "banker", "amount": 10}
    playing.action_apply(room_id=room.pk, seat=0, action=bet, client_id="a", player=ann)
    room = Room.objects.get(pk=room.pk)
    assert room.votes == {} and room.seats[0] == ann.pk
    with pytest.raises(ServiceError) as played:  # no longer waited for
        seating.seat_vote_bot(room_id=room.pk, seat=0, player=bea, client_id="b2")
    assert played.value.code == "not_allowed"


def test_the_host_lets_a_bot_play_for_a_player_who_left(host, players):
    room = _room_of(players, 2)
    client = Client()
    client.force_login(host)
    page = client.get(f"/nights/{room.night_id}/rooms/").content.decode()
    assert f"Let a bot play for {players[0].name}" in page
    url = f"/nights/{room.night_id}/rooms/{room.pk}/replace/"
    assert client.post(url, {"seat": "0"}).status_code == 302
    assert Room.objects.get(pk=room.pk).seats[:2] == ["bot", players[1].pk]
