import dataclasses
import json

import pytest

from live.words import english, said
from partynight.rules import RULE_CHOICES, Rules, RulesError, parse_rule_args


def test_defaults_are_the_seed_night():
    rules = Rules()
    assert (rules.sets, rules.rounds_per_set, rules.break_after_set) == (4, 6, 2)
    assert rules.rounds == 24
    assert (rules.target, rules.bunco_points, rules.mini_bunco) == (21, 21, "5")
    assert (rules.wipeout, rules.any_table_bunco, rules.several_prizes) == (False, False, False)
    assert (rules.prize_ties, rules.contribution) == ("rolloff", 5)


def test_every_setting_has_choices():
    assert set(RULE_CHOICES) == {f.name for f in dataclasses.fields(Rules)}


def test_round_trip_through_json():
    rules = Rules(bunco_points=25, mini_bunco="ends_turn", wipeout=True, break_after_set=None)
    again = Rules.from_dict(json.loads(json.dumps(rules.to_dict())))
    assert again == rules


def test_from_dict_rejects_unknown_keys():
    with pytest.raises(RulesError, match="unknown rule setting.*bunko_points"):
        Rules.from_dict({"bunko_points": 25})


def test_from_dict_fills_missing_keys_and_accepts_numeric_mini_bunco():
    assert Rules.from_dict({"mini_bunco": 0}) == Rules(mini_bunco="0")
    assert Rules.from_dict({}) == Rules()


@pytest.mark.parametrize(
    "data",
    [
        {"wipeout": "yes"},
        {"target": "21"},
        {"sets": True},
        {"bunco_points": 22},
        {"mini_bunco": 3},
    ],
)
def test_from_dict_rejects_wrong_types_and_values(data):
    with pytest.raises(RulesError):
        Rules.from_dict(data)


def test_with_overrides_parses_strings():
    rules = Rules().with_overrides(
        {
            "bunco_points": "25",
            "any_table_bunco": "true",
            "mini_bunco": "ends_turn",
            "wipeout": "on",
            "break_after_set": "none",
            "target": "30",
            "prize_ties": "split",
            "several_prizes": "yes",
            "contribution": "10",
        }
    )
    assert rules == Rules(
        bunco_points=25,
        any_table_bunco=True,
        mini_bunco="ends_turn",
        wipeout=True,
        break_after_set=None,
        target=30,
        prize_ties="split",
        several_prizes=True,
        contribution=10,
    )


@pytest.mark.parametrize(
    ("pairs", "message"),
    [
        ({"target": "10"}, "target must be from 11 to 51"),
        ({"target": "52"}, "target must be from 11 to 51"),
        ({"sets": "7"}, "sets must be from 1 to 6"),
        ({"sets": "0"}, "sets must be from 1 to 6"),
        ({"rounds_per_set": "7"}, "rounds_per_set must be from 1 to 6"),
        ({"bunco_points": "23"}, "bunco_points must be 21 or 25"),
        ({"mini_bunco": "7"}, "mini_bunco must be 5, 0 or ends_turn"),
        ({"wipeout": "maybe"}, "wipeout must be true or false"),
        ({"prize_ties": "coin"}, "prize_ties must be rolloff or split"),
        ({"contribution": "-1"}, "contribution must be from 0 to 100"),
        ({"target": "twenty"}, "target must be a whole number"),
        ({"sets": "2"}, "break_after_set=2 is not possible with 2 set"),
        ({"break_after_set": "4"}, "break_after_set=4 is not possible with 4 set"),
        ({"color": "red"}, "unknown rule setting"),
    ],
)
def test_with_overrides_validates(pairs, message):
    with pytest.raises(RulesError, match=message):
        Rules().with_overrides(pairs)


def test_break_can_follow_any_set_but_the_last():
    assert Rules(sets=6, break_after_set=5).break_after_set == 5
    assert Rules(sets=1, break_after_set=None).rounds == 6
    with pytest.raises(RulesError):
        Rules(sets=1)


def test_parse_rule_args():
    rules = parse_rule_args(
        ["bunco_points=25", "any-table-bunco=true", "sets=2", "break_after_set=1"]
    )
    assert rules == Rules(bunco_points=25, any_table_bunco=True, sets=2, break_after_set=1)
    assert parse_rule_args([]) == Rules()
    with pytest.raises(RulesError, match="expected key=value"):
        parse_rule_args(["wipeout"])
    with pytest.raises(RulesError, match="given twice"):
        parse_rule_args(["target=30", "target=31"])


def test_rules_error_is_a_value_error():
    assert issubclass(RulesError, ValueError)


def test_a_refusal_is_words_for_the_person_and_english_for_the_log():
    with pytest.raises(RulesError) as refused:
        Rules(target=99)
    message = refused.value.message
    assert message == said(
        "%(setting)s must be from %(low)s to %(high)s, not %(value)s",
        setting="target",
        low=11,
        high=51,
        value=99,
    )
    assert str(refused.value) == english(message) == "target must be from 11 to 51, not 99"
