"""The night as a picture, in numbers: running wins from 0, Buncos and the fuzzy die on the
right rounds, the top ten (plus the die's holder), names spread apart and cut to fit."""

from partynight.rules.chart import (
    FONT,
    LABEL_GAP,
    TOP_N,
    line_chart,
    night_series,
    season_series,
    short,
)


def _table(seats, winner, buncos=None):
    return {"seats": seats, "winner": winner, "buncos": buncos or {}}


NAMES = {f"p{i}": f"Player {i}" for i in range(1, 9)}
ROUNDS = [
    [_table(["p1", "p2", "p3", "p4"], "A", {"p1": 1}), _table(["p5", "p6", "p7", "p8"], "B")],
    [_table(["p1", "p6", "p3", "p8"], "A"), _table(["p5", "p2", "p7", "p4"], "A", {"p7": 2})],
]


def test_each_players_wins_run_from_zero_with_buncos_and_the_fuzzy_die():
    series = {s.key: s for s in night_series(ROUNDS, NAMES, set(), ["p1", "p7"])}
    assert series["p1"].values == [0, 1, 2] and series["p3"].values == [0, 1, 2]
    assert series["p6"].values == [0, 1, 1] and series["p2"].values == [0, 0, 0]
    assert series["p1"].marks == {1} and series["p7"].marks == {2}
    assert series["p1"].held == {1} and series["p7"].held == {2}
    ranked = [s.key for s in night_series(ROUNDS, NAMES, set(), ["p1", "p7"])]
    assert ranked[:2] == ["p1", "p3"]  # most wins first, then by name


def test_ghosts_are_left_out_and_the_die_holder_is_always_drawn():
    names = {f"p{i}": f"P{i:02}" for i in range(1, 17)}
    tables = [_table([f"p{i}", f"p{i + 1}", f"p{i + 2}", f"p{i + 3}"], "A") for i in (1, 5, 9, 13)]
    series = night_series([tables], names, {"p16"}, ["p2"])
    keys = [s.key for s in series]
    assert len(keys) == TOP_N and "p16" not in keys
    assert "p2" in keys  # a loser, but they hold the fuzzy die


def test_the_season_counts_each_members_wins_night_by_night():
    series = season_series([{1: 3, 2: 1}, {2: 4}], {1: "Ann", 2: "Bea", 3: "Cat"})
    assert [(s.name, s.values) for s in series] == [("Bea", [0, 1, 5]), ("Ann", [0, 3, 3])]


def test_names_are_cut_with_an_ellipsis_and_their_labels_never_overlap():
    assert short("Bartholomew-Fitzgerald") == "Bartholom…" and short("Ann") == "Ann"
    series = night_series(ROUNDS, NAMES, set(), ["p1", "p7"])
    chart = line_chart(series, ["Round", "1", "2"])
    heights = sorted(line["label_y"] for line in chart["lines"])
    assert all(b - a >= LABEL_GAP - 0.1 for a, b in zip(heights, heights[1:], strict=False))
    assert heights[0] - FONT >= 0 and heights[-1] <= chart["height"]
    assert chart["font"] >= 24  # the stage's smallest text
    assert [label for label, _ in chart["x_ticks"]] == ["Round", "1", "2"]
