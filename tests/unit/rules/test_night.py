from partynight.rules import (
    Rules,
    add_table_result,
    empty_totals,
    fuzzy_die_start,
    round_plan,
    tally_rounds,
)


def test_default_plan_is_4_sets_of_6_with_a_break_after_set_2():
    plan = round_plan(Rules())
    assert len(plan) == 24
    assert [(r.set, r.round, r.up) for r in plan[:7]] == [
        (1, 1, 1),
        (1, 2, 2),
        (1, 3, 3),
        (1, 4, 4),
        (1, 5, 5),
        (1, 6, 6),
        (2, 1, 1),
    ]
    assert [r.number for r in plan if r.break_after] == [12]
    assert plan[-1].to_dict() == {
        "number": 24,
        "set": 4,
        "round": 6,
        "up": 6,
        "break_after": False,
    }


def test_plan_variants():
    plan = round_plan(Rules(sets=3, rounds_per_set=2, break_after_set=1))
    assert [(r.set, r.round, r.up, r.break_after) for r in plan] == [
        (1, 1, 1, False),
        (1, 2, 2, True),
        (2, 1, 1, False),
        (2, 2, 2, False),
        (3, 1, 1, False),
        (3, 2, 2, False),
    ]
    assert not any(r.break_after for r in round_plan(Rules(break_after_set=None)))


def test_tallies():
    totals = empty_totals(["a", "b", "c", "d"])
    totals = add_table_result(totals, ["a", "b", "c", "d"], "B", {"b": 2})
    totals = add_table_result(totals, ["a", "c", "b", "d"], "A", {})
    assert totals == {
        "a": {"wins": 1, "losses": 1, "buncos": 0},
        "b": {"wins": 2, "losses": 0, "buncos": 2},
        "c": {"wins": 0, "losses": 2, "buncos": 0},
        "d": {"wins": 1, "losses": 1, "buncos": 0},
    }
    rounds = [
        {"tables": [{"seats": ["a", "b", "c", "d"], "winner": "B", "buncos": {"b": 2}}]},
        {"tables": [{"seats": ["a", "c", "b", "d"], "winner": "A", "buncos": {}}]},
    ]
    assert tally_rounds(rounds) == totals


def test_fuzzy_die_starts_with_head_seat_0():
    assert fuzzy_die_start([["h0", "h1", "h2", "h3"], ["m0", "m1", "m2", "m3"]]) == "h0"
