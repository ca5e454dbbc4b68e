import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from live.words import english, said_in
from partynight.rules import (
    RulesError,
    describe_move,
    draw_seats,
    ghost_ids,
    rotate,
    table_count,
    table_name,
)
from tests.helpers.examples import examples


def pair_of(seats, team):
    first = 0 if team == "A" else 1
    return {seats[first], seats[first + 2]}


def partners(tables):
    return {p: t[(i + 2) % 4] for t in tables for i, p in enumerate(t)}


def test_one_table_partners_switch():
    rotation = rotate([["ann", "bea", "cat", "dee"]], ["A"], random.Random(1))
    (table,) = rotation.tables
    assert sorted(table) == ["ann", "bea", "cat", "dee"]
    new_partners = partners(rotation.tables)
    assert new_partners["ann"] in {"bea", "dee"} and new_partners["cat"] in {"bea", "dee"}
    # one winner keeps the chair, the other moves over one; one loser keeps the chair
    moves = rotation.moves
    assert sum(m.from_seat == m.to_seat for m in moves.values()) == 2
    assert all(m.to_table == 1 and english(m.to_table_name) == "Head" for m in moves.values())


def test_three_tables_follow_the_seed():
    head, middle, foot = (
        ["h1", "h2", "h3", "h4"],
        ["m1", "m2", "m3", "m4"],
        ["f1", "f2", "f3", "f4"],
    )
    rotation = rotate([head, middle, foot], ["A", "B", "A"], random.Random(3))
    new_head, new_middle, new_foot = (set(t) for t in rotation.tables)
    assert new_head == {"h1", "h3", "m2", "m4"}  # Head winners stay, Middle winners go up
    assert new_middle == {"h2", "h4", "f1", "f3"}  # Head losers down, Foot winners up
    assert new_foot == {"m1", "m3", "f2", "f4"}  # Middle losers down, Foot losers stay
    assert english(rotation.moves["h1"].to_table_name) == "Head"
    assert english(rotation.moves["f1"].to_table_name) == "Middle"
    assert english(rotation.moves["f2"].to_table_name) == "Foot"
    # the staying Head winners: one keeps the chair, the other moves over one
    h1, h3 = rotation.moves["h1"], rotation.moves["h3"]
    kept = [m for m in (h1, h3) if m.to_seat == m.from_seat]
    assert len(kept) == 1
    other = h3 if kept[0] is h1 else h1
    assert other.to_seat == (kept[0].to_seat + 1) % 4


@settings(max_examples=examples(60), deadline=None)
@given(st.integers(1, 12), st.randoms(use_true_random=False), st.data())
def test_rotation_invariants(count, rng, data):
    """For any number of tables: everyone sits once at 4-seat tables; Head winners stay at
    the Head, other winners go up one, losers down one, Foot losers stay (with one table
    everyone stays); and nobody has the same partner as in the round before."""
    players = [f"p{i}" for i in range(count * 4)]
    rng.shuffle(players)
    tables = [players[i : i + 4] for i in range(0, len(players), 4)]
    winners = data.draw(st.lists(st.sampled_from("AB"), min_size=count, max_size=count))
    rotation = rotate(tables, winners, rng)
    assert [len(t) for t in rotation.tables] == [4] * count
    assert Counter(p for t in rotation.tables for p in t) == Counter(players)
    where = {p: n for n, t in enumerate(rotation.tables, 1) for p in t}
    for number, (seats, winner) in enumerate(zip(tables, winners, strict=True), 1):
        loser = "B" if winner == "A" else "A"
        for player in pair_of(seats, winner):
            assert where[player] == max(1, number - 1)
        for player in pair_of(seats, loser):
            assert where[player] == (1 if count == 1 else min(count, number + 1))
    old, new = partners(tables), partners(rotation.tables)
    assert all(old[p] != new[p] for p in players)
    for player, move in rotation.moves.items():
        assert rotation.tables[move.to_table - 1][move.to_seat] == player
        assert tables[move.from_table - 1][move.from_seat] == player
        assert move.partner == new[player]
        assert move.result == (
            "W"
            if player in pair_of(tables[move.from_table - 1], winners[move.from_table - 1])
            else "L"
        )


def test_rotation_rejects_bad_input():
    with pytest.raises(RulesError, match="winner for each"):
        rotate([["a", "b", "c", "d"]], [], random.Random())
    with pytest.raises(RulesError, match="winner is A or B"):
        rotate([["a", "b", "c", "d"]], ["C"], random.Random())
    with pytest.raises(RulesError, match="seated twice"):
        rotate([["a", "b", "c", "d"], ["a", "f", "g", "h"]], ["A", "B"], random.Random())


def test_describe_move():
    rotation = rotate([list("abcd"), list("efgh"), list("ijkl")], ["A", "A", "A"], random.Random(2))
    move = rotation.moves["i"]  # Foot winner going up to the Middle table
    text = english(describe_move(move, {move.partner: "Ann"}))
    assert text == f"Move to the Middle table, seat {move.to_seat + 1}; your partner is Ann."
    stayer = next(
        m for m in rotation.moves.values() if m.stays_at_table and m.to_seat == m.from_seat
    )
    assert english(describe_move(stayer)).startswith("Stay at the ")


@pytest.mark.parametrize(
    ("table", "tables", "name"),
    [
        (1, 1, "Head"),
        (1, 2, "Head"),
        (2, 2, "Foot"),
        (2, 3, "Middle"),
        (3, 3, "Foot"),
        (2, 4, "Middle 1"),
        (3, 4, "Middle 2"),
        (4, 4, "Foot"),
        (11, 12, "Middle 10"),
    ],
)
def test_table_names(table, tables, name):
    assert english(table_name(table, tables)) == name


def test_table_names_are_words_in_the_table_context():
    assert table_name(1, 3) == said_in("table", "Head")
    assert table_name(3, 4) == said_in("table", "Middle %(n)s", n=2)


def test_table_name_rejects_missing_tables():
    with pytest.raises(RulesError):
        table_name(4, 3)


@pytest.mark.parametrize(
    ("players", "tables"), [(4, 1), (5, 2), (8, 2), (12, 3), (13, 4), (48, 12)]
)
def test_table_count(players, tables):
    assert table_count(players) == tables


@settings(max_examples=examples(40), deadline=None)
@given(st.integers(4, 48), st.integers(0, 2**32))
def test_draw_seats_fills_tables_with_ghosts(count, seed):
    players = [f"p{i}" for i in range(1, count + 1)]
    tables = draw_seats(players, random.Random(seed))
    seated = [p for t in tables for p in t]
    assert len(tables) == -(-count // 4) and all(len(t) == 4 for t in tables)
    assert len(set(seated)) == len(seated)
    ghosts = set(seated) - set(players)
    assert set(players) <= set(seated)
    assert ghosts == set(ghost_ids(len(tables) * 4 - count))
    assert not ghosts & set(tables[0])  # the 4 starred draws are real players
    assert draw_seats(players, random.Random(seed)) == tables


def test_draw_seats_is_random_but_seeded():
    players = [f"p{i}" for i in range(1, 13)]
    heads = {frozenset(draw_seats(players, random.Random(s))[0]) for s in range(20)}
    assert len(heads) > 10


def test_ghost_ids_skip_player_ids():
    assert ghost_ids(3, ["g1", "g3"]) == ["g2", "g4", "g5"]


@pytest.mark.parametrize(
    "players", [["a", "b", "c"], ["a", "a", "b", "c"], [f"p{i}" for i in range(49)]]
)
def test_draw_seats_rejects(players):
    with pytest.raises(RulesError):
        draw_seats(players, random.Random())
