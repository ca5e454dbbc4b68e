"""Properties over bot-played sessions: conservation, JSON state, hidden information."""

import json
import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from games.bots import bot_action
from games.engines import ENGINES
from games.engines.baccarat import VALUE, play_coup
from games.engines.cards import build_shoe
from tests.helpers.examples import examples

BACCARAT = sorted(game for game, engine in ENGINES.items() if hasattr(engine, "chips_total"))
GAMES = st.sampled_from(BACCARAT)
SEEDS = st.integers(0, 2**32)
COUPS = examples(2000, quick=200)  # thousands under `make test`, hundreds under `make check`


def walk(game, seed, seats, **config):
    """Every state of a session played by random-legal bots taking the default in every
    choice; simultaneous seats act in random order."""
    engine = ENGINES[game]
    state = engine.new_state({"seats": seats, **config}, random.Random(seed))
    rng = random.Random(seed + 1)
    yield state
    while not engine.is_over(state):
        seat = rng.choice(state["to_act"])
        if state["phase"] == "choice":
            action = engine.default_action(state, seat)
        else:
            action = bot_action(engine, state, seat, rng, "random")
        state = engine.apply(state, seat, action)
        yield state


def cards_in_play(state):
    hands = state["coup"]["hands"].values() if state["coup"] else []
    return [*state["shoe"], *state["burned"], *state["discards"], *(c for h in hands for c in h)]


@settings(max_examples=examples(40), deadline=None)
@given(game=GAMES, seed=SEEDS, seats=st.integers(2, 14))
def test_cards_chips_and_json_at_every_step(game, seed, seats):
    engine = ENGINES[game]
    for state in walk(game, seed, seats, max_coups=12):
        full = Counter(build_shoe(state["config"]["decks"]))
        assert Counter(cards_in_play(state)) == full
        assert engine.chips_total(state) == 1000 * seats
        assert min(state["chips"]) >= 0 and state["bank"] >= 0
        assert json.loads(json.dumps(state)) == state
        for seat in state["to_act"]:
            assert engine.default_action(state, seat) in engine.legal_actions(state, seat)


def disguise(engine, state, seat, rng):
    """The same state as `seat` knows it: other hidden cards, shoe order and seed changed."""
    state = json.loads(json.dumps(state))
    pool = state["shoe"] + state["burned"]
    coup = state["coup"]
    for hand, cards in (coup["hands"] if coup else {}).items():
        if not engine.face_up and (seat is None or coup["controllers"].get(hand) != seat):
            for i in range(2):
                j = rng.randrange(len(pool))
                cards[i], pool[j] = pool[j], cards[i]
    rng.shuffle(pool)
    cut = len(state["shoe"])
    state["shoe"], state["burned"] = pool[:cut], pool[cut:]
    state["seed"] += 1
    return state


@settings(max_examples=examples(25), deadline=None)
@given(game=GAMES, seed=SEEDS, seats=st.integers(2, 6))
def test_views_never_depend_on_what_the_seat_cannot_see(game, seed, seats):
    engine, rng = ENGINES[game], random.Random(seed)
    for state in walk(game, seed, seats, max_coups=6):
        for seat in (None, *range(seats)):
            view = engine.view(state, seat)
            assert engine.view(disguise(engine, state, seat, rng), seat) == view
            text = json.dumps(view)
            assert str(state["seed"]) not in text and "burned" not in text


@settings(max_examples=examples(15), deadline=None)
@given(seed=SEEDS)
def test_chemin_de_fer_defaults_play_like_punto_banco(seed):
    """Bots take the default in every choice: the coup then plays as `play_coup` does."""
    states = walk("chemin_de_fer", seed, 4, max_coups=40)
    coups = {
        state["last_coup"]["coup"]: state["last_coup"] for state in states if state["last_coup"]
    }
    for last in coups.values():
        punter, banker = last["cards"]["player"], last["cards"]["banker"]
        order = [punter[0], banker[0], punter[1], banker[1], *punter[2:], *banker[2:]]
        player, bank, used = play_coup([VALUE[card[0]] for card in order] + [0, 0], 0)
        assert (player, bank, used) == (
            last["totals"]["player"],
            last["totals"]["banker"],
            len(order),
        )


def test_chips_are_conserved_over_thousands_of_bot_coups():
    for game in BACCARAT:
        engine, coups, seed = ENGINES[game], 0, 0
        while coups < COUPS:
            seed += 1
            start = None
            for state in walk(game, seed, 6, max_coups=400):
                start = start or engine.chips_total(state)
                assert engine.chips_total(state) == start == 6000
            coups += state["coup_no"]
        assert coups >= COUPS
