"""Guests who arrive after the draw: the waiting list, a ghost's chair, the next round's
rotation taking them in (services.arrivals through the reducer)."""

import random

import pytest

from live.errors import ServiceError
from live.words import english
from partynight.models import Event, Night, Player
from partynight.services import arrivals, history, nights, play, snapshots
from tests.helpers.play import play_round


def fresh(night):
    return Night.objects.get(pk=night.pk)


def test_a_guest_after_the_draw_waits_and_nothing_drawn_changes(make_night):
    night = make_night(players=9, drawn=True)
    drawn = fresh(night).pending_seating
    zoe = nights.player_add(night_id=night.pk, name="Zoe", actor="join", claimed=True)
    night = fresh(night)
    assert night.state == Night.State.SEATING and night.pending_seating == drawn
    assert night.waiting == [zoe.key]
    assert night.players.filter(is_ghost=True, active=True).count() == 3
    for player in night.players.filter(active=True, is_ghost=False).exclude(pk=zoe.pk):
        phone = snapshots.player_snapshot(Player.objects.get(pk=player.pk))["phone"]
        assert phone["phase"] == "next_round", phone  # every drawn phone keeps its seat
    snapshot = snapshots.night_snapshot(night)
    assert snapshot["waiting"] == [{"id": zoe.key, "name": "Zoe"}]
    assert len(snapshot["ghost_chairs"]) == 3


def test_the_host_seats_the_guest_in_a_ghosts_chair_once(make_night):
    night = make_night(players=9, drawn=True)
    zoe = nights.player_add(night_id=night.pk, name="Zoe", actor="join")
    ghost = night.players.filter(is_ghost=True).order_by("pk").first()
    place = [
        (n, t.index(ghost.key))
        for n, t in enumerate(fresh(night).pending_seating)
        if ghost.key in t
    ]
    seat = {"night_id": night.pk, "player_id": zoe.pk, "ghost_id": ghost.pk, "actor": "host"}
    arrivals.late_guest_seat(**seat, client_id="seat-1")
    again = arrivals.late_guest_seat(**seat, client_id="seat-1")  # a double tap
    assert again["replayed"]
    night = fresh(night)
    ((number, position),) = place
    assert night.pending_seating[number][position] == zoe.key and night.waiting == []
    assert not Player.objects.get(pk=ghost.pk).active
    assert Event.objects.filter(night=night, kind="late_seated").count() == 1
    with pytest.raises(ServiceError, match="not waiting"):
        arrivals.late_guest_seat(**seat)
    sheets = {s["name"]: s for s in history.score_sheets(night)}
    name = ("Head", "Middle", "Foot")[number]
    assert sheets["Zoe"]["start"] == f"{name} table, seat {position + 1}"
    play.round_start(night_id=night.pk, number=1, actor="player")
    assert zoe.seats.get().position == position


def test_during_play_the_guest_takes_the_chair_and_its_score(make_night):
    night = make_night(players=9, started=True)
    ghost = night.players.filter(is_ghost=True).order_by("pk").first()
    zoe = nights.player_add(night_id=night.pk, name="Zoe", actor="join")
    arrivals.late_guest_seat(night_id=night.pk, player_id=zoe.pk, ghost_id=ghost.pk, actor="host")
    phone = snapshots.player_snapshot(Player.objects.get(pk=zoe.pk))
    assert phone["table"] is not None and zoe.key in [s["id"] for s in phone["table"]["seats"]]
    assert phone["phone"]["phase"] in ("rolling", "rolloff")


def test_the_next_round_gives_a_waiting_guest_a_free_ghosts_chair(make_night):
    night = make_night(players=9, drawn=True)
    zoe = nights.player_add(night_id=night.pk, name="Zoe", actor="join")
    phone = snapshots.player_snapshot(Player.objects.get(pk=zoe.pk))["phone"]
    assert phone["phase"] == "waiting_list"
    assert english(phone["detail"]) == (
        "The host can give you a ghost's chair now, or draw the seats again."
    )
    play_round(fresh(night), random.Random(2), 1)
    night = fresh(night)
    assert night.waiting == [] and zoe.key in {k for t in night.pending_seating for k in t}
    assert night.players.filter(is_ghost=True, active=True).count() == 2
    assert Event.objects.get(night=night, kind="late_seated").actor == "app"


def test_a_full_night_tells_the_guest_and_the_host_exactly_that(make_night):
    night = make_night(players=8, drawn=True)
    zoe = nights.player_add(night_id=night.pk, name="Zoe", actor="join")
    phone = snapshots.player_snapshot(Player.objects.get(pk=zoe.pk))["phone"]
    assert english(phone["detail"]).startswith(
        "Every chair is taken. The host can draw the seats again"
    )
    with pytest.raises(ServiceError, match="Every chair is taken"):
        arrivals.late_guest_seat(night_id=night.pk, player_id=zoe.pk, actor="host")
    play_round(fresh(night), random.Random(2), 1)
    phone = snapshots.player_snapshot(Player.objects.get(pk=zoe.pk))["phone"]
    assert english(phone["detail"]) == (
        "Every chair is taken. When a player leaves, the host can give you their chair."
    )
    assert fresh(night).waiting == [zoe.key]  # no chair came free


def test_removing_a_waiting_guest_keeps_the_draw(make_night):
    night = make_night(players=9, drawn=True)
    drawn = fresh(night).pending_seating
    zoe = nights.player_add(night_id=night.pk, name="Zoe", actor="join")
    nights.player_remove(night_id=night.pk, player_id=zoe.pk, actor="host")
    night = fresh(night)
    assert night.waiting == [] and night.pending_seating == drawn
