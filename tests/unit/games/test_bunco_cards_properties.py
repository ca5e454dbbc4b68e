"""Bunco card game properties over bot and random-legal play: every card is in exactly one
place at every step (115 or 230 cards), states are JSON, and no view depends on what its
seat cannot see."""

import json
import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from games.engines import get_engine
from games.engines.bunco_cards.cards import full_count, packs_for
from tests.helpers.cards import cards_of, disguise
from tests.helpers.examples import examples

BC = get_engine("bunco_cards")
SETTINGS = st.fixed_dictionaries(
    {
        "seats": st.integers(2, 14),
        "one_surplus": st.booleans(),
        "wild_bunco": st.booleans(),
        "stop_cards": st.booleans(),
        "scoring": st.booleans(),
        "target": st.sampled_from([25, 200]),
    }
)


def walk(config, seed, smart_share):
    """Every state of a game; each move is the bot's with chance `smart_share`, else random."""
    state = BC.new_state(config, random.Random(seed))
    rng = random.Random(seed + 1)
    yield state
    while not BC.is_over(state):
        seat = state["turn"]
        legal = BC.legal_actions(state, seat)
        smart = rng.random() < smart_share
        action = BC.bot_action(state, seat, rng) if smart else rng.choice(legal)
        assert action in legal
        state = BC.apply(state, seat, action)
        yield state


@settings(max_examples=examples(40), deadline=None)
@given(config=SETTINGS, seed=st.integers(0, 2**32), smart=st.floats(0, 1))
def test_every_card_is_in_one_place_at_every_step(config, seed, smart):
    packs = packs_for(config["seats"], config["wild_bunco"])
    full = full_count(packs, config["wild_bunco"])
    assert sum(full.values()) == (115 if config["wild_bunco"] else 105) * packs
    for state in walk(config, seed, smart):
        assert cards_of(state) == full
        assert json.loads(json.dumps(state)) == state
        assert all(len(pile) < 10 for pile in state["table"])
        if not BC.is_over(state):
            seat = state["turn"]
            assert BC.default_action(state, seat) in BC.legal_actions(state, seat)
    assert state["winner"] is not None


@settings(max_examples=examples(20), deadline=None)
@given(seats=st.integers(2, 9), seed=st.integers(0, 2**32))
def test_views_never_depend_on_hidden_cards(seats, seed):
    rng = random.Random(seed)
    for n, state in enumerate(walk({"seats": seats, "scoring": False}, seed, 0.7)):
        if n % 7:
            continue
        for seat in (None, *range(seats)):
            view = BC.view(state, seat)
            assert BC.view(disguise(state, seat, rng), seat) == view
            assert str(state["seed"]) not in json.dumps(view)
            if seat is not None:
                assert Counter(view["hand"]) == Counter(state["hands"][seat])
