"""Timers that fit a party (issue 27): a room opened with the defaults has no timer, so a
person's turn left alone for 3 minutes is never played for them; a room with the optional
2-minute timer does play it. Time moves by back-dating the room's last change (what every
wait counts from), never by sleeping."""

import asyncio
from datetime import timedelta

import pytest
from django.db.models import F
from django.test import Client

from games import selectors, services, timers
from games.models import Room, RoomAction
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
        services.seat_timeout(room_id=room.pk, actor="timer", seen_version=room.version)
    assert early.value.code == "too_early"
    assert not RoomAction.objects.filter(room=room, by="timeout").exists()
    assert selectors.waiting(Room.objects.get(pk=room.pk)) == [0]


def test_the_optional_two_minute_timer_plays_for_a_person(players):
    room = _play_now(players[0], timeout="120")
    frame = selectors.room_snapshot(room, players[0])
    assert frame["room"]["deadline"] == pytest.approx(room.updated.timestamp() + 120)
    room = _three_minutes_pass(room)
    done = services.seat_timeout(room_id=room.pk, actor="timer", seen_version=room.version)
    assert done["timed_out"] == [0]
    assert RoomAction.objects.filter(room=room, by="timeout", seat=0).exists()


def test_the_host_may_still_stop_waiting_in_a_room_without_a_timer(players):
    room = _play_now(players[0])
    done = services.seat_timeout(room_id=room.pk, actor="host", force=True)
    assert done["timed_out"] == [0]
