import pytest

from partynight.rules import RollScore, Rules, RulesError, score_roll

DEFAULT = Rules()


def test_a_bunco_is_21_and_the_turn_continues():
    assert score_roll((1, 1, 1), 1, DEFAULT) == RollScore(21, "bunco", True)
    assert score_roll((6, 6, 6), 6, DEFAULT) == RollScore(21, "bunco", True)


def test_bunco_variant_25():
    assert score_roll((3, 3, 3), 3, Rules(bunco_points=25)).points == 25


def test_three_4s_in_round_2_is_a_mini_bunco_of_5():
    assert score_roll((4, 4, 4), 2, DEFAULT) == RollScore(5, "mini_bunco", True)


def test_mini_bunco_variants():
    assert score_roll((4, 4, 4), 2, Rules(mini_bunco="0")) == RollScore(0, "mini_bunco", True)
    assert score_roll((4, 4, 4), 2, Rules(mini_bunco="ends_turn")) == RollScore(
        5, "mini_bunco", False
    )


@pytest.mark.parametrize(
    ("dice", "up", "points"),
    [((1, 3, 5), 1, 1), ((2, 1, 1), 1, 2), ((6, 2, 6), 6, 2), ((5, 3, 5), 3, 1)],
)
def test_one_point_per_die_showing_up(dice, up, points):
    assert score_roll(dice, up, DEFAULT) == RollScore(points, "points", True)


def test_nothing_up_is_a_miss_and_the_turn_passes():
    assert score_roll((2, 3, 4), 1, DEFAULT) == RollScore(0, "miss", False)


def test_wipeout_variant():
    rules = Rules(wipeout=True)
    assert score_roll((1, 1, 1), 3, rules) == RollScore(0, "wipeout", False)
    # when 1 is up three 1s are a Bunco, never a wipeout
    assert score_roll((1, 1, 1), 1, rules).kind == "bunco"
    # with the variant off, three 1s are a mini Bunco
    assert score_roll((1, 1, 1), 3, DEFAULT) == RollScore(5, "mini_bunco", True)


@pytest.mark.parametrize("dice", [(1, 2), (1, 2, 3, 4), (0, 1, 2), (1, 2, 7), (1, 2, "3")])
def test_bad_dice_are_rules_errors(dice):
    with pytest.raises(RulesError):
        score_roll(dice, 1, DEFAULT)


def test_up_must_be_a_die_face():
    with pytest.raises(RulesError, match="number up"):
        score_roll((1, 2, 3), 7, DEFAULT)
