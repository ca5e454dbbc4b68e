"""The night reducer: properties over random nights, and replay (Zulip's test_events idea):
folding a night's events onto its first state gives its last state, for every event type."""

import dataclasses
import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from partynight.rules import Rules, RulesError, draw_seats
from partynight.rules.lifecycle import arrive, draw, leave, replace_by_ghost, seat_waiting
from partynight.rules.reducer import (
    EVENTS,
    NightState,
    apply_event,
    correct,
    finish,
    ghost_chairs,
    ring,
    roll,
    standings,
    start_round,
)
from partynight.rules.table import adjust_points
from tests.helpers.examples import examples

EVENT_TYPES = set(EVENTS)  # every event the log holds happens in a late night


def first_state(players, rng):
    ids = [f"p{i}" for i in range(1, players + 1)]
    seats = draw_seats(ids, rng)
    ghosts = sorted({k for t in seats for k in t} - set(ids))
    return NightState(seating=tuple(tuple(t) for t in seats)), ids, ghosts


def play_night(players, seed, rules, host_acts=True, late=False):
    """A whole night through the reducer, the host now and then ringing the bell or
    correcting points; with `late`, a guest arrives before round 1 (the rotation seats
    them) and another during round 2, whom the host seats in a ghost's chair at once.
    Returns the first state, every event, the last state, and each step's (state before,
    events, state after)."""
    rng = random.Random(seed)

    def chance(*purpose):
        return rng

    state, ids, ghosts = first_state(players, rng)
    first, events, steps = state, [], []

    def step(result):
        nonlocal state
        new, happened = result
        steps.append((state, happened, new))
        events.extend(happened)
        state = new

    while state.round < rules.rounds:
        if late and state.round == 0:
            step(draw(state, state.seating))  # the host draws again: the same seats
            step(arrive(state, "late1"))
            ids.append("late1")
            step(arrive(state, "gone"))
            step(leave(state, "gone"))
        step(start_round(state, rules, ghosts, chance))
        if late and state.round == 2 and ghost_chairs(state, ghosts):
            step(arrive(state, "late2"))
            step(seat_waiting(state, "late2", ghost_chairs(state, ghosts)[0], ghosts))
            ids.append("late2")
            leaver = next(k for k in state.tables[-1].seats if k not in ghosts)
            step(replace_by_ghost(state, leaver, "g-leaver"))
            ghosts.append("g-leaver")
        while state.round_state != "done":
            live = [t for t in state.tables if not t.is_done]
            table = rng.choice(live)
            action = rng.random()
            if host_acts and action < 0.01 and state.round_state == "playing":
                step(ring(state, rules, chance))
            elif host_acts and action < 0.02:
                team = rng.choice("AB")
                new = adjust_points(table, team, rng.randint(1, 5))
                step(correct(state, rules, table.table, new, chance))
            else:
                dice = [rng.randint(1, 6) for _ in range(3)]
                step(roll(state, rules, table.table, dice, chance))
    step(finish(state, rules, ids + ghosts, ghosts, None, 5 * players, rng, []))
    return first, events, state, steps, ghosts


def replay(first, events):
    state = first
    for event in events:
        state = apply_event(state, event)
    return state


RULES = st.builds(
    Rules,
    sets=st.integers(1, 3),
    rounds_per_set=st.integers(1, 3),
    break_after_set=st.just(None),
    target=st.integers(11, 31),
    mini_bunco=st.sampled_from(["5", "0", "ends_turn"]),
    wipeout=st.booleans(),
    any_table_bunco=st.booleans(),
)


def test_late_guests_take_ghosts_chairs_and_nothing_drawn_moves_before():
    rules = Rules(sets=1, rounds_per_set=3, break_after_set=None)
    first, events, last, steps, ghosts = play_night(9, 4, rules, late=True)
    arrived = next(after for _, happened, after in steps if happened[0]["type"] == "arrived")
    assert arrived.seating == first.seating and arrived.waiting == ("late1",)
    seated = [e for e in events if e["type"] == "late_seated"]
    assert [e["player"] for e in seated] == ["late1", "late2"]
    for event in seated:  # a ghost's chair, and nobody sits twice
        assert event["ghost"] in ghosts
        keys = [k for t in event["seating"] for k in t]
        assert len(keys) == len(set(keys)) == 12 and event["player"] in keys
    assert last.waiting == ()
    with pytest.raises(RulesError, match="not waiting"):
        seat_waiting(last, "late1", ghosts[-1], ghosts)


def test_a_guest_cannot_arrive_twice_or_after_the_night():
    state, _, _ = first_state(9, random.Random(1))
    state, _ = arrive(state, "late1")
    with pytest.raises(RulesError, match="already at the night"):
        arrive(state, "late1")
    with pytest.raises(RulesError, match="night is over"):
        arrive(dataclasses.replace(state, state="finished"), "late2")


@settings(max_examples=examples(30), deadline=None)
@given(st.integers(4, 48), st.integers(0, 2**32 - 1), RULES)
def test_replaying_the_events_onto_the_first_state_gives_the_last(players, seed, rules):
    first, events, last, steps, _ = play_night(players, seed, rules)
    assert replay(first, events).to_dict() == last.to_dict()
    for before, happened, after in steps:  # and step by step
        assert replay(before, happened) == after
    assert json.loads(json.dumps(events)) == events  # what clients receive is plain JSON
    assert NightState.from_dict(json.loads(json.dumps(last.to_dict()))) == last


def test_every_event_type_happens_and_replays():
    seen = set()
    rules = Rules(sets=2, rounds_per_set=3, break_after_set=1)
    for seed in range(6):
        first, events, last, _, _ = play_night(9, seed, rules, late=True)
        assert replay(first, events) == last
        seen |= {e["type"] for e in events}
    assert seen == EVENT_TYPES


@settings(max_examples=examples(30), deadline=None)
@given(st.integers(4, 48), st.integers(0, 2**32 - 1), RULES)
def test_a_night_keeps_its_invariants(players, seed, rules):
    """Everyone sits once per round; the bell reaches every table; ghosts never keep the
    dice; W + L = rounds played; the prizes add up to the pot."""
    first, events, last, steps, ghosts = play_night(players, seed, rules)
    everyone = sorted(k for t in first.seating for k in t)
    for _before, happened, after in steps:
        if after.tables:
            assert sorted(k for t in after.tables for k in t.seats) == everyone
        for table in after.tables:  # ghosts roll at once: the dice wait only for people
            assert table.is_done or table.seats[table.roller] not in table.ghosts
        if any(e["type"] == "bell" for e in happened):
            assert all(t.phase != "playing" for t in after.tables)
        for event in happened:
            if event["type"] == "roll_scored" and event["ghost"]:
                assert event["roll"]["player"] in ghosts
    assert sum(1 for e in events if e["type"] == "round_done") == rules.rounds
    for row in last.totals.values():
        assert row["wins"] + row["losses"] == rules.rounds
    assert sum(a["amount"] for a in last.prizes) == 5 * players
    assert not {a["player"] for a in last.prizes} & set(ghosts)
    assert standings(last) == last.totals


def test_the_bell_stops_the_head_and_lets_other_tables_finish_the_turn():
    rules = Rules()
    state, ids, ghosts = first_state(12, random.Random(3))
    rng = random.Random(0)
    state, _ = start_round(state, rules, ghosts, lambda *p: rng)
    state, _ = roll(state, rules, 2, [1, 1, 4], lambda *p: rng)  # table 2 keeps rolling
    state, _ = roll(state, rules, 1, [2, 3, 4], lambda *p: rng)  # the fuzzy die's holder misses
    state, events = roll(state, rules, 1, [1, 1, 1], lambda *p: rng)  # a Bunco at the Head
    kinds = [e["type"] for e in events]
    assert kinds[:3] == ["roll_scored", "fuzzy_moved", "table_done"]
    bell = events[kinds.index("bell")]
    assert bell == {"type": "bell", "round": 1, "table": 1, "reason": "bunco"}
    assert state.table(2).phase == "finishing" and state.table(3).phase in ("done", "rolloff")
    assert state.fuzzy == events[0]["roll"]["credited"]
    with pytest.raises(RulesError) as error:
        ring(state, rules, lambda *p: rng)
    assert error.value.code == "already_done"
    with pytest.raises(RulesError) as error:
        roll(state, rules, 1, [2, 3, 4], lambda *p: rng)
    assert error.value.code == "table_done"
    with pytest.raises(RulesError) as error:
        start_round(state, rules, ghosts, lambda *p: rng)
    assert error.value.code == "wrong_state"


def test_a_round_ends_with_the_rotation_and_the_break():
    rules = Rules(sets=2, rounds_per_set=1, break_after_set=1)
    state, ids, ghosts = first_state(8, random.Random(1))
    rng = random.Random(2)
    state, _ = start_round(state, rules, ghosts, lambda *p: rng)
    state, _ = ring(state, rules, lambda *p: rng)
    for _ in range(10_000):  # random dice: a roll-off tie breaks in a few rolls
        table = next(t for t in state.tables if not t.is_done)
        dice = [rng.randint(1, 6) for _ in range(3)]
        state, events = roll(state, rules, table.table, dice, lambda *p: rng)
        if state.round_state == "done":
            break
    assert [e["type"] for e in events][-2:] == ["round_done", "break"]
    assert state.state == "break" and set(state.moves) == set(ids)
    assert sorted(k for t in state.seating for k in t) == sorted(ids)
    state, events = start_round(state, rules, ghosts, lambda *p: rng)
    assert state.state == "playing" and state.round == 2 and events[0]["set"] == 2
    assert dataclasses.replace(state, moves={}) == state
