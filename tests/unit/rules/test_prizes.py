import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from live.words import english, said_in
from partynight.rules import (
    DEFAULT_PRIZE_TABLE,
    Rules,
    RulesError,
    award_prizes,
    prize_amounts,
    rolloff,
)
from partynight.rules.prizes import prize_title
from tests.helpers.examples import examples

DEFAULT = Rules()


def amounts(table, pot):
    return [p["amount"] for p in prize_amounts(table, pot)]


def totals_of(rows):
    return {p: {"wins": w, "losses": lo, "buncos": b} for p, (w, lo, b) in rows.items()}


def by_prize(awards):
    return {a["prize"]: a for a in awards}


def test_twelve_player_pot_is_the_seed_table():
    assert amounts(None, 60) == [20, 15, 10, 8, 5, 2]
    assert [p["prize"] for p in prize_amounts(None, 60)] == [
        "most_buncos",
        "most_wins",
        "traveling",
        "fifty_fifty",
        "most_losses",
        "taking_something_home",
    ]


def test_other_pots_keep_the_shares_by_largest_remainder():
    # exact shares of $20: 6.67, 5, 3.33, 2.67, 1.67, 0.67 -> floors 17, 3 dollars left,
    # to the largest remainders (0.67 x4, earlier entries first)
    assert amounts(None, 20) == [7, 5, 3, 3, 2, 0]
    assert amounts(None, 120) == [40, 30, 20, 16, 10, 4]
    assert amounts(None, 0) == [0] * 6


@settings(max_examples=examples(60), deadline=None)
@given(st.integers(0, 2000))
def test_amounts_always_add_up_to_the_pot(pot):
    assert sum(amounts(None, pot)) == pot


def test_fixed_amounts_come_first_and_shares_take_the_rest():
    table = [
        {"prize": "most_buncos", "name": "Bunco queen", "amount": 25},
        {"prize": "most_wins", "share": 1},
        {"prize": "most_losses", "share": 1},
    ]
    result = prize_amounts(table, 40)
    assert [p["amount"] for p in result] == [25, 8, 7]
    assert result[0]["name"] == "Bunco queen" and result[1]["name"] == "Most wins"


@pytest.mark.parametrize(
    ("table", "pot", "message"),
    [
        ([{"prize": "most_wins", "amount": 50}], 60, "add up to \\$50 but the pot is \\$60"),
        ([{"prize": "most_wins", "amount": 70}], 60, "more than the pot"),
        ([{"prize": "best_hat", "share": 1}], 60, "unknown prize"),
        ([{"prize": "most_wins", "share": 1}, {"prize": "most_wins", "share": 2}], 60, "twice"),
        ([{"prize": "most_wins", "share": 1, "amount": 2}], 60, "either a share or an amount"),
        ([{"prize": "most_wins", "share": -1}], 60, "not a whole number"),
        ([{"prize": "most_wins", "share": 1, "colour": "red"}], 60, "unknown field"),
    ],
)
def test_bad_prize_tables(table, pot, message):
    with pytest.raises(RulesError, match=message):
        prize_amounts(table, pot)


TWELVE = totals_of(
    {
        "p1": (18, 6, 4),  # most wins and most Buncos
        "p2": (16, 8, 3),
        "p3": (12, 12, 1),  # exactly 50/50
        "p4": (6, 18, 0),  # most losses
        "p5": (11, 13, 2),  # holds the fuzzy die
        "p6": (13, 11, 0),
        "p7": (10, 14, 0),
        "p8": (9, 15, 0),
        "g1": (20, 4, 0),  # a ghost never wins
    }
)


def test_one_prize_per_player_from_the_largest_down():
    awards = award_prizes(TWELVE, "p5", {"g1"}, None, 40, DEFAULT, random.Random(1))
    won = by_prize(awards)
    assert won["most_buncos"]["player"] == "p1"
    assert won["most_wins"]["player"] == "p2"  # p1 already holds a prize
    assert won["traveling"]["player"] == "p5"
    assert won["fifty_fifty"]["player"] == "p3"
    assert won["most_losses"]["player"] == "p4"
    assert won["taking_something_home"]["player"] in {"p6", "p7", "p8"}
    assert won["taking_something_home"]["tie"]["method"] == "draw"
    assert sum(a["amount"] for a in awards) == 40
    # $40: exact 13.33, 10, 6.67, 5.33, 3.33, 1.33; the 2 leftover dollars go to 6.67, 13.33
    assert [a["amount"] for a in awards] == [14, 10, 7, 5, 3, 1]


def test_several_prizes_variant():
    rules = Rules(several_prizes=True)
    won = by_prize(award_prizes(TWELVE, "p1", {"g1"}, None, 60, rules, random.Random(1)))
    assert [won[k]["player"] for k in ("most_buncos", "most_wins", "traveling")] == ["p1"] * 3
    # "taking something home" still goes to someone without a prize
    assert won["taking_something_home"]["player"] in {"p2", "p5", "p6", "p7", "p8"}


def test_traveling_falls_back_to_the_previous_fuzzy_die_holder():
    history = ["p2", "p5", "p1"]  # p1 holds it at the end but already won Most Buncos
    won = by_prize(award_prizes(TWELVE, "p1", {"g1"}, None, 60, DEFAULT, random.Random(1), history))
    assert won["traveling"]["player"] == "p5"


def test_fifty_fifty_goes_to_the_closest_when_nobody_is_equal():
    totals = totals_of({"a": (20, 4, 0), "b": (13, 11, 0), "c": (3, 21, 0), "d": (15, 9, 0)})
    table = [{"prize": "fifty_fifty", "share": 1}]
    assert award_prizes(totals, "a", (), table, 8, DEFAULT, random.Random())[0]["player"] == "b"


def test_prize_tie_roll_off_is_recorded():
    totals = totals_of({"a": (14, 10, 2), "b": (14, 10, 2), "c": (10, 14, 0), "d": (10, 14, 1)})
    table = [{"prize": "most_wins", "share": 1}]
    (award,) = award_prizes(totals, "a", (), table, 15, DEFAULT, random.Random(5))
    tie = award["tie"]
    assert tie["method"] == "rolloff" and tie["tied"] == ["a", "b"]
    last = tie["rolls"][-1]
    assert sum(last[award["player"]]) > max(sum(d) for p, d in last.items() if p != award["player"])
    for earlier in tie["rolls"][:-1]:
        assert sum(earlier["a"]) == sum(earlier["b"])
    assert award["amount"] == 15


def test_rolloff_repeats_among_the_still_tied():
    class Scripted(random.Random):
        def __init__(self, faces):
            super().__init__()
            self.faces = iter(faces)

        def randint(self, a, b):
            return next(self.faces)

    # a=12, b=12, c=3 -> c out; then a=4, b=5 -> b wins
    rng = Scripted([4, 4, 4, 6, 5, 1, 1, 1, 1, 1, 1, 2, 2, 1, 2])
    winner, rolls = rolloff(["a", "b", "c"], rng)
    assert winner == "b"
    assert rolls == [
        {"a": [4, 4, 4], "b": [6, 5, 1], "c": [1, 1, 1]},
        {"a": [1, 1, 2], "b": [2, 1, 2]},
    ]


def test_prize_tie_split_adds_up_in_whole_dollars():
    totals = totals_of({"a": (14, 10, 2), "b": (14, 10, 2), "c": (14, 10, 0), "d": (1, 23, 0)})
    rules = Rules(prize_ties="split")
    table = [{"prize": "most_wins", "share": 1}, {"prize": "most_losses", "share": 0}]
    awards = award_prizes(totals, "a", (), table, 20, rules, random.Random(3))
    wins = [a for a in awards if a["prize"] == "most_wins"]
    assert sorted(a["player"] for a in wins) == ["a", "b", "c"]
    assert sorted(a["amount"] for a in wins) == [6, 7, 7]  # $20 / 3: the extra $2 drawn
    assert wins[0]["tie"]["method"] == "split"
    assert len(wins[0]["tie"]["extra_dollar_to"]) == 2
    assert sum(a["amount"] for a in awards) == 20


def test_a_small_night_has_more_prizes_than_players():
    totals = totals_of({"a": (3, 3, 1), "b": (4, 2, 0), "c": (2, 4, 0), "d": (1, 5, 0)})
    awards = award_prizes(totals, "a", (), None, 20, DEFAULT, random.Random(2))
    assert len(awards) == 6
    held = Counter(a["player"] for a in awards)
    assert set(held) == {"a", "b", "c", "d"}  # everyone first, then the rest go to anyone
    assert len({a["player"] for a in awards[:4]}) == 4
    assert [a["player"] for a in awards[:2]] == ["a", "b"]
    # the fuzzy die's holder already won: nobody else held it, so c and d roll off for it
    assert awards[2]["prize"] == "traveling" and awards[2]["tie"]["tied"] == ["c", "d"]
    assert sum(a["amount"] for a in awards) == 20


@settings(max_examples=examples(50), deadline=None)
@given(
    st.dictionaries(
        st.sampled_from([f"p{i}" for i in range(1, 13)] + ["g1", "g2"]),
        st.tuples(st.integers(0, 24), st.integers(0, 24), st.integers(0, 5)),
        min_size=3,
    ),
    st.integers(0, 300),
    st.booleans(),
    st.sampled_from(["rolloff", "split"]),
    st.integers(0, 1000),
)
def test_prizes_add_up_and_ghosts_never_win(rows, pot, several, ties, seed):
    ghosts = {"g1", "g2"}
    totals = totals_of(rows)
    players = [p for p in totals if p not in ghosts]
    if not players:
        return
    rules = Rules(several_prizes=several, prize_ties=ties)
    awards = award_prizes(totals, players[0], ghosts, None, pot, rules, random.Random(seed))
    assert sum(a["amount"] for a in awards) == pot
    assert all(a["player"] in players for a in awards)
    assert {a["prize"] for a in awards} == {e["prize"] for e in DEFAULT_PRIZE_TABLE}
    if not several:
        held = Counter(a["player"] for a in awards)
        assert max(held.values()) == 1 or set(held) == set(players)


def test_the_traveling_title_goes_only_to_a_player_who_held_the_fuzzy_die():
    from partynight.rules.prizes import NEVER_HELD

    totals = {k: {"wins": 1, "losses": 1, "buncos": 0} for k in ("a", "b", "c")}
    table = [{"prize": "traveling", "name": "Traveling", "share": 100}]
    held = award_prizes(totals, "a", (), table, 10, Rules(), random.Random(1))
    assert held[0]["name"] == "Traveling" and held[0]["player"] == "a"
    ghost_held = award_prizes(totals, "g1", ("g1",), table, 10, Rules(), random.Random(1))
    assert ghost_held[0]["name"] == NEVER_HELD == "Fuzzy die roll-off"
    assert "Traveling" not in ghost_held[0]["name"]


def test_usual_prize_names_read_in_each_language_and_typed_names_stay():
    assert prize_title("Most wins") == said_in("prize", "Most wins")
    assert prize_title("Bunco queen") == "Bunco queen"  # the host's own name
    usual = [e["name"] for e in DEFAULT_PRIZE_TABLE]  # stored as text: the English
    assert [english(prize_title(name)) for name in usual] == usual
    assert all(prize_title(name) != name for name in usual)
