"""The night's messages take a round or a table up to what the rules allow (their config
and the largest night), not numbers written into the parser."""

import json

import pytest

from live.messages import MessageError
from partynight.rules.config import RULE_CHOICES, Rules
from partynight.rules.seating import MAX_PLAYERS, table_count
from partynight.services.messages import MOST_ROUNDS, MOST_TABLES, parse_night_message

ACTIONS = ("roll", "bell", "start_round")


def parse(**message):
    return parse_night_message(json.dumps({"client_id": "c", **message}), ACTIONS)


def test_the_longest_night_the_rules_allow_and_the_largest_fit_the_limits():
    longest = Rules(
        sets=max(RULE_CHOICES["sets"]), rounds_per_set=max(RULE_CHOICES["rounds_per_set"])
    )
    assert longest.rounds == MOST_ROUNDS
    assert table_count(MAX_PLAYERS) == MOST_TABLES


@pytest.mark.parametrize("kind", ["bell", "start_round"])
def test_a_round_up_to_the_most_a_night_has(kind):
    assert parse(type=kind, round=MOST_ROUNDS)["round"] == MOST_ROUNDS
    with pytest.raises(MessageError):
        parse(type=kind, round=MOST_ROUNDS + 1)


def test_a_table_up_to_the_most_a_night_has():
    assert parse(type="roll", entry="1", table=MOST_TABLES)["table"] == MOST_TABLES
    with pytest.raises(MessageError):
        parse(type="roll", entry="1", table=MOST_TABLES + 1)
