"""The CLI record, replay from the seed, the registry (bots: test_bots.py)."""

import json
import random

import pytest

from games.engines import ENGINES, get_engine, replay
from games.engines.base import RulesError
from games.play import describe, play

BACCARAT = sorted(game for game, engine in ENGINES.items() if hasattr(engine, "chips_total"))


@pytest.mark.parametrize("game", BACCARAT)
def test_replaying_the_actions_from_the_seed_rebuilds_the_session(game):
    config = {"seats": 5, "max_coups": 40}
    record = play(game, config, seed=11)
    actions = json.loads(json.dumps(record["actions"]))  # as a room would store them
    state = replay(game, config, 11, actions)
    assert ENGINES[game].is_over(state)
    assert ENGINES[game].result(state) == record["result"]
    assert state["last_coup"] == record["coups"][-1]
    assert replay(game, record["config"], 11, actions) == state
    assert [coup["coup"] for coup in record["coups"]] == list(range(1, state["coup_no"] + 1))


def test_reshuffles_replay_too():
    engine = ENGINES["punto_banco"]
    config = {"seats": 1, "max_coups": 200}
    state = engine.new_state(config, random.Random(3))
    actions = []
    while not engine.is_over(state):
        action = {"type": "bet", "on": "tie", "amount": 10} if state["coup_no"] % 2 else None
        actions.append({"seat": 0, "action": action or {"type": "sit_out"}})
        state = engine.apply(state, 0, actions[-1]["action"])
    assert state["shoe_no"] >= 2
    assert replay("punto_banco", config, 3, actions) == state
    assert replay("punto_banco", config, 4, actions) != state


def test_record_contents():
    record = play("baccarat_banque", {"seats": 3, "max_coups": 5}, seed=2, bots=1)
    assert record["bots"] == [0] and record["config"]["decks"] == 3
    assert record["actions"][0] == {"seat": 0, "action": record["actions"][0]["action"]}
    coup = record["coups"][0]
    assert set(coup["cards"]) == set(coup["totals"]) == {"right", "left", "banker"}
    assert set(coup["winner"]) == {"right", "left"}
    assert sum(coup["chips"]["seats"]) + coup["chips"]["house"] + coup["chips"]["commission"] == 0
    assert "coup   1:" in describe(record)


def test_registry():
    assert set(ENGINES) == {*BACCARAT, "bunco_cards", "russian_bank", "burraco"}
    assert get_engine("punto_banco") is ENGINES["punto_banco"]
    with pytest.raises(RulesError, match="Unknown game"):
        get_engine("snap")
