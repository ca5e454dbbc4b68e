import dataclasses
import json

import pytest

from partynight.rules import (
    Rules,
    RulesError,
    TableRound,
    Turn,
    apply_roll,
    bunco_holder,
    next_first_seat,
    ring_bell,
    start_table_round,
    whose_turn,
)

DEFAULT = Rules()
SEATS = ["ann", "bea", "cat", "dee"]  # team A = ann + cat, team B = bea + dee
MISS = (2, 3, 4)  # scores nothing when 1 is up


def play(state, rolls, rules=DEFAULT):
    outcomes = []
    for dice in rolls:
        state, outcome = apply_roll(state, dice, rules)
        outcomes.append(outcome)
    return state, outcomes


def test_turn_passes_left_on_a_miss_and_continues_on_points():
    state = start_table_round(2, SEATS, up=1)
    assert whose_turn(state) == Turn(0, "ann", False)
    state, (first, second) = play(state, [(1, 5, 5), MISS])
    assert (first.points, first.turn_passes, second.turn_passes) == (1, False, True)
    assert state.points == (1, 0)
    assert whose_turn(state) == Turn(1, "bea", False)
    state, _ = play(state, [(1, 1, 3)])
    assert state.points == (1, 2)


def test_head_table_rings_the_bell_at_the_target_and_stops_at_once():
    state = start_table_round(1, SEATS, up=1)
    state, outcomes = play(state, [(1, 1, 5)] * 10 + [(1, 4, 4)])
    assert [o.rings_bell for o in outcomes] == [None] * 10 + ["target"]
    assert state.points == (21, 0)
    assert (state.phase, state.winner) == ("done", "A")
    assert outcomes[-1].table_stopped
    assert whose_turn(state) is None


def test_another_table_reaching_the_target_does_not_ring():
    state = start_table_round(2, SEATS, up=1)
    state, outcomes = play(state, [(1, 1, 5)] * 15)
    assert state.points == (30, 0)
    assert state.phase == "playing"
    assert all(o.rings_bell is None for o in outcomes)


def test_head_table_bunco_rings_the_bell():
    state = start_table_round(1, SEATS, up=3)
    state, (outcome,) = play(state, [(3, 3, 3)])
    assert (outcome.kind, outcome.points, outcome.rings_bell) == ("bunco", 21, "bunco")
    assert outcome.credited == "ann"
    assert state.buncos == {"ann": 1}
    assert (state.phase, state.winner) == ("done", "A")


def test_a_bunco_elsewhere_does_not_ring_unless_any_table_bunco():
    state = start_table_round(3, SEATS, up=2)
    after, (outcome,) = play(state, [(2, 2, 2)])
    assert outcome.rings_bell is None and after.phase == "playing"
    after, (outcome,) = play(state, [(2, 2, 2)], Rules(any_table_bunco=True))
    assert outcome.rings_bell == "bunco"
    assert (after.phase, after.winner) == ("done", "A")  # the ringing table stops at once


def test_other_tables_finish_the_turn_after_the_bell():
    state = start_table_round(2, SEATS, up=1)
    state, _ = play(state, [MISS, (1, 2, 2)])  # bea has scored 1 and keeps the dice
    state = ring_bell(state)
    assert state.phase == "finishing"
    state, (scoring, miss) = play(state, [(1, 1, 2), MISS])
    assert scoring.phase == "finishing" and not scoring.table_stopped
    assert miss.table_stopped
    assert state.points == (0, 3)
    assert (state.phase, state.winner) == ("done", "B")
    with pytest.raises(RulesError, match="table 2 has finished"):
        apply_roll(state, (1, 1, 1), DEFAULT)


def test_a_table_whose_dice_were_just_passed_stops_at_the_bell():
    state, _ = play(start_table_round(2, SEATS, up=1), [(1, 2, 2), MISS])
    state = ring_bell(state)
    assert (state.phase, state.winner) == ("done", "A")


def test_head_table_stops_at_once_when_the_host_rings():
    state, _ = play(start_table_round(1, SEATS, up=1), [(1, 2, 2)])
    assert state.turn_rolls == 1
    assert ring_bell(state).phase == "done"


def test_ringing_twice_changes_nothing():
    state, _ = play(start_table_round(2, SEATS, up=1), [(1, 2, 2)])
    once = ring_bell(state)
    assert ring_bell(once) == once


def test_tie_goes_to_a_roll_off_of_one_turn_per_seat():
    state, _ = play(start_table_round(2, SEATS, up=1), [(1, 2, 2), MISS, (1, 2, 2), MISS])
    assert state.points == (1, 1)
    state = ring_bell(state)  # dice just passed: stops, tied
    assert (state.phase, state.rolloffs, state.roller) == ("rolloff", 1, 2)
    # cat, dee, ann, bea each take one turn; all miss -> still tied -> a second roll-off
    state, _ = play(state, [MISS] * 4)
    assert (state.phase, state.rolloffs, state.rolloff_turns) == ("rolloff", 2, 0)
    # second roll-off: cat scores 2 then misses, dee, ann, bea miss -> team A wins 3-1
    state, outcomes = play(state, [(1, 1, 3), MISS, MISS, MISS])
    assert state.phase == "rolloff" and state.rolloff_turns == 3
    state, _ = play(state, [MISS])
    assert (state.phase, state.points, state.winner) == ("done", (3, 1), "A")
    assert all(o.rings_bell is None for o in outcomes)


def test_bunco_in_a_roll_off_counts_but_rings_nothing():
    state = ring_bell(start_table_round(1, SEATS, up=1))
    assert state.phase == "rolloff"
    state, (outcome, _) = play(state, [(1, 1, 1), MISS])
    assert outcome.rings_bell is None and state.buncos == {"ann": 1}


def test_ghost_bunco_goes_to_its_teammate():
    state = start_table_round(2, SEATS, up=4, ghosts=["bea", "zed"], first_seat=1)
    assert state.ghosts == ("bea",)  # only ghosts seated here are kept
    assert whose_turn(state) == Turn(1, "bea", True)
    state, (outcome,) = play(state, [(4, 4, 4)])
    assert (outcome.player, outcome.credited, outcome.team) == ("bea", "dee", "B")
    assert state.points == (0, 21) and state.buncos == {"dee": 1}
    assert bunco_holder("ann", outcome) == "dee"


def test_ghost_pair_bunco_credits_nobody():
    state = start_table_round(3, SEATS, up=4, ghosts=["bea", "dee"], first_seat=3)
    state, (outcome,) = play(state, [(4, 4, 4)])
    assert outcome.credited is None and state.buncos == {}
    assert state.points == (0, 21)
    assert bunco_holder("ann", outcome) == "ann"  # the fuzzy die stays put


def test_wipeout_clears_the_rollers_team_for_the_round():
    rules = Rules(wipeout=True)
    state, _ = play(start_table_round(2, SEATS, up=2), [(2, 2, 5), (2, 6, 6)], rules)
    assert state.points == (3, 0)
    state, (outcome,) = play(state, [(1, 1, 1)], rules)
    assert (outcome.kind, outcome.wiped, outcome.turn_passes) == ("wipeout", 3, True)
    assert state.points == (0, 0) and whose_turn(state).player == "bea"


def test_mini_bunco_ends_turn_variant_passes_the_dice():
    rules = Rules(mini_bunco="ends_turn")
    state, (outcome,) = play(start_table_round(2, SEATS, up=1), [(5, 5, 5)], rules)
    assert outcome.points == 5 and outcome.turn_passes and state.roller == 1


def test_next_round_starts_left_of_the_last_roller():
    state, _ = play(start_table_round(1, SEATS, up=1, first_seat=3), [(1, 2, 2)])
    assert next_first_seat(state) == 0
    assert next_first_seat(start_table_round(1, SEATS, up=1, first_seat=2)) == 2


def test_state_is_json_and_round_trips():
    state, _ = play(start_table_round(2, SEATS, up=1, ghosts=["dee"]), [(1, 1, 1), (1, 2, 3)])
    data = json.loads(json.dumps(state.to_dict()))
    assert data["points"] == [22, 0] and data["buncos"] == {"ann": 1}
    assert TableRound.from_dict(data) == state
    _, outcome = apply_roll(state, MISS, DEFAULT)
    assert json.loads(json.dumps(outcome.to_dict()))["dice"] == [2, 3, 4]


def test_a_state_dict_shares_no_container_with_its_state():
    state, _ = play(start_table_round(2, SEATS, up=1), [(1, 1, 1)])
    data = state.to_dict()
    data["buncos"]["ann"] = 9
    data["seats"].append("eve")
    assert state.buncos == {"ann": 1} and len(state.seats) == 4
    assert data.keys() == {f.name for f in dataclasses.fields(TableRound)}


def test_apply_roll_does_not_change_its_input():
    state = start_table_round(2, SEATS, up=1)
    before = state.to_dict()
    apply_roll(state, (1, 1, 1), DEFAULT)
    assert state.to_dict() == before


@pytest.mark.parametrize(
    "kwargs",
    [
        {"seats": ["a", "b", "c"]},
        {"seats": ["a", "a", "c", "d"]},
        {"up": 0},
        {"first_seat": 4},
        {"table": 0},
    ],
)
def test_bad_table_rounds_are_rejected(kwargs):
    args = {"table": 1, "seats": SEATS, "up": 1} | kwargs
    with pytest.raises(RulesError):
        start_table_round(**args)


def test_from_dict_rejects_unknown_fields():
    data = start_table_round(1, SEATS, up=1).to_dict() | {"colour": "red"}
    with pytest.raises(RulesError, match="colour"):
        TableRound.from_dict(data)
