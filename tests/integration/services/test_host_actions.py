"""Every host action and correction through the services, with the event log."""

import random

import pytest

from live.errors import ServiceError
from partynight.models import Event, Night, Player, Round
from partynight.rules.table import TableRound
from partynight.services import corrections, finish, nights, play, selectors


def roll(night, table, entry, client_id=None):
    return play.roll_record(
        night_id=night.pk,
        table_number=table,
        entry=entry,
        actor="host",
        client_id=client_id or f"c{random.random()}",
    )


def table_state(night, number):
    round_ = night.rounds.order_by("-number").first()
    return TableRound.from_dict(round_.tables.get(number=number).state)


def test_planning_validates_names_and_counts(make_night):
    night = make_night(players=3)
    with pytest.raises(ServiceError, match="Please enter a name"):
        nights.player_add(night_id=night.pk, name="   ", actor="host")
    with pytest.raises(ServiceError, match="already playing"):
        nights.player_add(night_id=night.pk, name="player 1", actor="host")
    with pytest.raises(ServiceError, match="needs 4 to 48 players; you have 3"):
        nights.seats_draw(night_id=night.pk, actor="host")
    nights.player_add(night_id=night.pk, name="Dot", actor="host")
    tables = nights.seats_draw(night_id=night.pk, actor="host")
    assert len(tables) == 1 and len(tables[0]) == 4
    assert Event.objects.filter(night=night, kind="seats_drawn").count() == 1


def test_redraw_replaces_ghosts_and_a_guest_after_the_draw_waits_for_the_host(make_night):
    night = make_night(players=5)
    nights.seats_draw(night_id=night.pk, actor="host")
    drawn = nights.seats_draw(night_id=night.pk, actor="host")
    assert night.players.filter(is_ghost=True).count() == 3
    late = nights.player_add(night_id=night.pk, name="Late", actor="host")
    night.refresh_from_db()
    assert night.state == Night.State.SEATING and night.pending_seating == drawn
    assert night.waiting == [late.key]
    nights.seats_draw(night_id=night.pk, actor="host")  # the host chose to redraw
    night.refresh_from_db()
    assert night.waiting == [] and late.key in {k for t in night.pending_seating for k in t}
    assert night.players.filter(is_ghost=True).count() == 2


def test_starting_a_round_twice_changes_nothing_twice(make_night):
    night = make_night(players=8, started=True)
    with pytest.raises(ServiceError) as error:
        play.round_start(night_id=night.pk, number=1, actor="host")
    assert error.value.code == "already_done"
    assert night.rounds.count() == 1


def test_ringing_the_bell_twice_rings_once(make_night):
    night = make_night(players=8, started=True)
    play.bell_ring(night_id=night.pk, number=1, actor="host", client_id="bell-1")
    again = play.bell_ring(night_id=night.pk, number=1, actor="host", client_id="bell-1")
    assert again["replayed"]
    with pytest.raises(ServiceError, match="already rung"):
        play.bell_ring(night_id=night.pk, number=1, actor="host", client_id="bell-2")
    assert Event.objects.filter(night=night, kind="bell").count() == 1


def test_a_bunco_at_the_head_table_rings_the_bell_and_moves_the_fuzzy_die(make_night):
    night = make_night(players=8, started=True)
    head = table_state(night, 1)
    roller = head.seats[head.roller]
    result = roll(night, 1, "bunco")
    assert result["roll"]["rings_bell"] == "bunco" and result["roll"]["points"] == 21
    night.refresh_from_db()
    assert night.fuzzy_holder.key == roller
    round_ = night.rounds.get()
    assert round_.bell_reason == "bunco" and round_.state != Round.State.PLAYING


def test_a_repeated_client_id_is_recorded_once(make_night):
    night = make_night(players=8, started=True)
    first = roll(night, 2, "2", client_id="tap-1")
    second = roll(night, 2, "2", client_id="tap-1")
    assert second["replayed"] and second["roll"] == first["roll"]
    assert Event.objects.filter(night=night, client_id="tap-1").count() == 1


def test_a_stale_table_version_is_already_recorded(make_night):
    night = make_night(players=8, started=True)
    version = night.rounds.get().tables.get(number=2).version
    play.roll_record(
        night_id=night.pk, table_number=2, entry="1", actor="a", client_id="a", seen_version=version
    )
    with pytest.raises(ServiceError) as error:
        play.roll_record(
            night_id=night.pk,
            table_number=2,
            entry="1",
            actor="b",
            client_id="b",
            seen_version=version,
        )
    assert error.value.code == "already_recorded"
    assert table_state(night, 2).rolls == 1


def test_undo_takes_back_the_last_roll_and_its_fuzzy_die(make_night):
    night = make_night(players=8, started=True)
    holder = night.fuzzy_holder_id
    roll(night, 2, "bunco")
    night.refresh_from_db()
    assert night.fuzzy_holder_id != holder or table_state(night, 2).buncos
    corrections.roll_undo(night_id=night.pk, table_number=2, actor="host")
    night.refresh_from_db()
    state = table_state(night, 2)
    assert state.points == (0, 0) and state.rolls == 0 and night.fuzzy_holder_id == holder
    with pytest.raises(ServiceError, match="no roll to undo"):
        corrections.roll_undo(night_id=night.pk, table_number=2, actor="host")


def test_adjusting_points_needs_a_reason_and_can_decide_a_finished_table(make_night):
    night = make_night(players=8, started=True)
    with pytest.raises(ServiceError, match="Say why"):
        corrections.points_adjust(
            night_id=night.pk, table_number=2, team="A", delta=3, reason=" ", actor="host"
        )
    corrections.points_adjust(
        night_id=night.pk, table_number=2, team="B", delta=4, reason="missed tally", actor="host"
    )
    assert table_state(night, 2).points == (0, 4)
    event = Event.objects.get(night=night, kind="points_adjusted")
    asked = {"table": 2, "team": "B", "delta": 4, "reason": "missed tally"}  # its client id's
    assert event.data == {"team": "B", "delta": 4, "reason": "missed tally", "request": asked}


def test_a_bunco_can_be_reassigned_within_the_table(make_night):
    night = make_night(players=8, started=True)
    state = table_state(night, 2)
    roller = state.seats[state.roller]
    roll(night, 2, "bunco")
    other = next(p for p in state.seats if p != roller and p not in state.ghosts)
    corrections.bunco_reassign(
        night_id=night.pk, table_number=2, from_player=roller, to_player=other, actor="host"
    )
    assert table_state(night, 2).buncos == {other: 1}
    night.refresh_from_db()
    assert night.fuzzy_holder.key == other


def test_a_player_who_leaves_is_replaced_by_a_ghost_and_a_late_arrival_takes_it(make_night):
    night = make_night(players=8, started=True)
    leaver = night.players.filter(is_ghost=False).first()
    pot = selectors.pot_of(night)
    ghost = corrections.player_replace_by_ghost(
        night_id=night.pk, player_id=leaver.pk, actor="host"
    )
    leaver.refresh_from_db()
    assert not leaver.active
    seated = {p for t in range(1, 3) for p in table_state(night, t).seats}
    assert ghost.key in seated and leaver.key not in seated
    assert selectors.pot_of(night) == pot  # their contribution stays in the pot
    late, chair = corrections.player_late_arrival(night_id=night.pk, name="Nell", actor="host")
    seated = {p for t in range(1, 3) for p in table_state(night, t).seats}
    assert chair and late.key in seated and ghost.key not in seated
    assert not Player.objects.get(pk=ghost.pk).active
    kinds = set(Event.objects.filter(night=night).values_list("kind", flat=True))
    assert {"player_replaced", "late_seated"} <= kinds
    # every chair is taken now: the next guest waits on the list
    more, chair = corrections.player_late_arrival(night_id=night.pk, name="Ola", actor="host")
    night.refresh_from_db()
    assert not chair and night.waiting == [more.key]


def test_finishing_needs_a_finished_round_and_happens_once(make_night):
    night = make_night(players=4, started=True)
    with pytest.raises(ServiceError, match="Finish the current round"):
        finish.night_finish(night_id=night.pk, actor="host")
    roll(night, 1, "bunco")
    awards = finish.night_finish(night_id=night.pk, actor="host")
    assert sum(a.amount for a in awards) == selectors.pot_of(night) == 20
    with pytest.raises(ServiceError, match="already finished"):
        finish.night_finish(night_id=night.pk, actor="host")


def test_the_demo_driver_plays_rounds_by_itself(make_night):
    from partynight.demo import demo_step

    night = make_night(players=8)
    nights.seats_draw(night_id=night.pk, actor="host")
    rng = random.Random(3)
    for _ in range(2000):
        demo_step(night.pk, rng)
        if night.rounds.filter(number=2).exists():
            break
    assert night.rounds.get(number=1).state == Round.State.DONE
    assert night.rounds.filter(number=2).exists()


def test_a_correction_sent_twice_with_its_client_id_is_applied_once(make_night):
    night = make_night(players=8, started=True)
    roll(night, 2, "1")
    roll(night, 2, "2")
    first = corrections.roll_undo(night_id=night.pk, table_number=2, actor="h", client_id="u1")
    again = corrections.roll_undo(night_id=night.pk, table_number=2, actor="h", client_id="u1")
    assert again["replayed"] and again["undone"] == first["undone"] == 1
    assert table_state(night, 2).points in ((1, 0), (0, 1))  # only the "2" was taken back
    for _ in range(2):
        corrections.points_adjust(
            night_id=night.pk,
            table_number=2,
            team="B",
            delta=3,
            reason="missed",
            actor="h",
            client_id="p1",
        )
    assert Event.objects.filter(night=night, kind="points_adjusted").count() == 1
    state = table_state(night, 2)
    roller = state.seats[state.roller]
    roll(night, 2, "bunco")
    roll(night, 2, "bunco")
    other = next(p for p in state.seats if p != roller and p not in state.ghosts)
    for _ in range(2):
        corrections.bunco_reassign(
            night_id=night.pk,
            table_number=2,
            from_player=roller,
            to_player=other,
            actor="h",
            client_id="b1",
        )
    assert table_state(night, 2).buncos == {roller: 1, other: 1}
