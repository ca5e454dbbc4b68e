"""The steps around play (rules/lifecycle.py): each returns the new state and its events,
the events replay to that state, and a step the night's state does not allow is refused
with its code."""

import random

import pytest

from partynight.rules import Rules, RulesError
from partynight.rules.lifecycle import (
    adjust_points,
    arrive,
    draw,
    fuzzy_holders,
    leave,
    reassign_bunco,
    replace_by_ghost,
    take_back,
)
from partynight.rules.reducer import NightState, apply_event, roll, start_round

RULES = Rules()
SEATING = [["p1", "p2", "p3", "p4"], ["p5", "p6", "p7", "p8"]]


def chance(*purpose):
    return random.Random(":".join(map(str, purpose)))


def checked(before: NightState, result):
    """The step's state, after checking its events replay onto `before` to it."""
    after, events = result
    replayed = before
    for event in events:
        replayed = apply_event(replayed, event)
    assert replayed == after
    return after, events


def playing() -> NightState:
    drawn, _ = checked(NightState(), draw(NightState(), SEATING))
    return start_round(drawn, RULES, (), chance)[0]


def test_the_draw_seats_the_waiting_and_an_empty_draw_voids_it():
    drawn, _ = draw(NightState(), SEATING)
    waiting, _ = arrive(drawn, "p9")
    redrawn, events = checked(waiting, draw(waiting, [*SEATING[:1], ["p5", "p6", "p7", "p9"]]))
    assert events[0]["type"] == "seats_drawn" and redrawn.waiting == ()
    assert checked(redrawn, draw(redrawn, []))[0] == NightState()


def test_the_draw_is_refused_once_play_has_started():
    with pytest.raises(RulesError) as refused:
        draw(playing(), SEATING)
    assert refused.value.code == "wrong_state"


def test_a_waiting_guest_leaves_and_nobody_else_can():
    waiting, _ = arrive(draw(NightState(), SEATING)[0], "p9")
    assert checked(waiting, leave(waiting, "p9"))[0].waiting == ()
    with pytest.raises(RulesError) as refused:
        leave(waiting, "p1")
    assert refused.value.code == "not_found"


def test_a_ghost_takes_a_leavers_chair_now_and_in_the_seating():
    state = playing()
    left, events = checked(state, replace_by_ghost(state, "p6", "g1"))
    assert [e["type"] for e in events] == ["replaced", "table_corrected"]
    assert left.table(2).seats == ("p5", "g1", "p7", "p8") and left.table(2).ghosts == ("g1",)
    assert ["p5", "g1", "p7", "p8"] in [list(t) for t in left.seating]
    with pytest.raises(RulesError) as refused:
        replace_by_ghost(draw(NightState(), SEATING)[0], "p6", "g1")
    assert refused.value.code == "wrong_state"


def bunco_at_table_2(state: NightState):
    """A Bunco at table 2 (not the Head table: no bell): the fuzzy die goes to its roller."""
    table = state.table(2)
    after, events = roll(state, RULES, 2, (table.up,) * 3, chance)
    roller = table.seats[table.roller]
    assert after.fuzzy == roller
    return after, events, roller, table


def test_taking_back_a_bunco_gives_the_fuzzy_die_back():
    state = playing()
    after, events, _, before = bunco_at_table_2(state)
    outcome = events[0]["roll"]
    undone, _ = checked(
        after, take_back(after, RULES, 2, before.to_dict(), [outcome], state.fuzzy, chance)
    )
    assert undone.table(2) == before and undone.fuzzy == state.fuzzy


def test_a_roll_that_rang_the_bell_is_not_taken_back():
    state = playing()
    before = state.table(1)
    rung = {"rings_bell": "target", "credited": None}
    with pytest.raises(RulesError) as refused:
        take_back(state, RULES, 1, before.to_dict(), [rung], state.fuzzy, chance)
    assert refused.value.code == "wrong_state"


def test_a_moved_bunco_takes_the_fuzzy_die_along():
    after, _, roller, table = bunco_at_table_2(playing())
    partner = table.seats[(table.roller + 2) % 4]
    moved, _ = checked(after, reassign_bunco(after, RULES, 2, roller, partner, chance))
    assert moved.fuzzy == partner and moved.table(2).buncos == {partner: 1}


def fuzzy_moves(events):
    return [e for e in events if e["type"] == "fuzzy_moved"]


def test_a_holder_whose_bunco_was_undone_or_moved_never_held_the_fuzzy_die():
    state = playing()
    after, events, roller, table = bunco_at_table_2(state)
    start = {"type": "fuzzy_moved", "holder": state.fuzzy, "from": None}  # the Head table's
    moves = [start, *fuzzy_moves(events)]
    assert fuzzy_holders(moves) == [state.fuzzy, roller]
    _, undoing = take_back(
        after, RULES, 2, table.to_dict(), [events[0]["roll"]], state.fuzzy, chance
    )
    assert fuzzy_holders(moves + fuzzy_moves(undoing)) == [state.fuzzy]
    partner = after.table(2).seats[(after.table(2).roller + 2) % 4]
    _, moving = reassign_bunco(after, RULES, 2, roller, partner, chance)
    assert fuzzy_holders(moves + fuzzy_moves(moving)) == [state.fuzzy, partner]


def test_points_are_adjusted_only_in_the_round_being_played():
    state = playing()
    adjusted, _ = checked(state, adjust_points(state, RULES, 2, "B", 3, chance))
    assert adjusted.table(2).points == (0, 3)
    with pytest.raises(RulesError) as refused:
        adjust_points(draw(NightState(), SEATING)[0], RULES, 1, "A", 1, chance)
    assert refused.value.code == "wrong_state"
