"""A room stores its state as JSON between actions, and PostgreSQL's jsonb does not keep
object key order (it sorts keys by length, then by bytes). No engine and no bot may depend on
it: a session whose state goes through the database after every action plays the same
actions and ends in the same state as one kept in memory (`replay`)."""

import random

import pytest

from games.bots import bot_action, style_for
from games.engines import ENGINES

CONFIGS = {
    "punto_banco": {"seats": 3, "max_coups": 20},
    "chemin_de_fer": {"seats": 4, "max_coups": 20},
    "baccarat_banque": {"seats": 4, "max_coups": 20},
    "bunco_cards": {"seats": 3, "target": 25},
    "russian_bank": {"target": 10},
    "burraco": {"seats": 2, "max_hands": 1},
}


def as_jsonb(value):
    """`value` as PostgreSQL's jsonb gives it back: every object's keys reordered."""
    if isinstance(value, dict):
        order = sorted(value, key=lambda key: (len(key.encode()), key.encode()))
        return {key: as_jsonb(value[key]) for key in order}
    if isinstance(value, list):
        return [as_jsonb(item) for item in value]
    return value


def reversed_keys(value):
    """Every object's keys in reverse: any order must do."""
    if isinstance(value, dict):
        return {key: reversed_keys(value[key]) for key in reversed(value)}
    if isinstance(value, list):
        return [reversed_keys(item) for item in value]
    return value


def session(game, seed, store=lambda state: state, limit=3000):
    """The actions and final state of a bot session; `store` is what the database does to the
    state between two actions."""
    engine = ENGINES[game]
    state = store(engine.new_state(CONFIGS[game], random.Random(seed)))
    seats = state["config"]["seats"]
    styles = [style_for(engine, seed, seat) for seat in range(seats)]
    rng, actions = random.Random(f"bots {seed}"), []
    while not engine.is_over(state) and len(actions) < limit:
        seat = state["to_act"][0]
        action = bot_action(engine, state, seat, rng, styles[seat])
        state = store(engine.apply(state, seat, action))
        actions.append((seat, action))
    return actions, state


@pytest.mark.parametrize("store", [as_jsonb, reversed_keys])
@pytest.mark.parametrize("game", sorted(CONFIGS))
@pytest.mark.parametrize("seed", [1, 2])
def test_sessions_do_not_depend_on_the_stored_key_order(game, seed, store):
    assert sorted(CONFIGS) == sorted(ENGINES)  # a new game gets a config here
    assert session(game, seed, store) == session(game, seed)
