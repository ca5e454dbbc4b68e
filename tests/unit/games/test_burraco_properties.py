"""Burraco properties over bot-played games: the 108 cards, JSON state, complete legal
actions, views that never depend on hidden cards, replay from the seed."""

import json
import random
from collections import Counter
from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from games.engines import replay
from games.engines.base import RulesError
from games.engines.burraco import ENGINE
from games.engines.burraco.state import all_cards
from games.engines.cards import build_shoe
from tests.helpers.examples import examples

FULL = Counter(build_shoe(2, 2))


def walk(seed, seats, hands=1, styles=("random", "sensible")):
    state = ENGINE.new_state({"seats": seats, "max_hands": hands}, random.Random(seed))
    rng = random.Random(seed + 1)
    yield state
    while not ENGINE.is_over(state):
        seat = state["to_act"][0]
        action = ENGINE.bot_action(state, seat, rng, styles[seat % len(styles)])
        state = ENGINE.apply(state, seat, action)
        yield state


@settings(max_examples=examples(12), deadline=None)
@given(seed=st.integers(0, 2**32), seats=st.sampled_from([2, 3, 4]))
def test_the_108_cards_are_always_each_in_one_place(seed, seats):
    for state in walk(seed, seats):
        assert Counter(all_cards(state)) == FULL
        assert json.loads(json.dumps(state)) == state
        for seat in state["to_act"]:
            assert ENGINE.default_action(state, seat) in ENGINE.legal_actions(state, seat)


def key(action):
    return (
        action["type"],
        action.get("meld"),
        tuple(sorted(action.get("cards", ()))),
        action.get("wild"),
    )


def sub_multisets(hand, largest):
    seen = set()
    for size in range(1, largest + 1):
        for combo in combinations(sorted(hand), size):
            if combo not in seen:
                seen.add(combo)
                yield list(combo)


def test_legal_actions_list_every_meld_and_lay_off_brute_force():
    """Against every sub-multiset of small hands (and both wild hints)."""
    checked = 0
    for seed in range(30):
        for state in walk(seed, 2 + seed % 3, styles=("sensible",)):
            seat = state["to_act"][0] if state["to_act"] else None
            if seat is None or state["phase"] != "play" or not 3 <= len(state["hands"][seat]) <= 7:
                continue
            if random.Random(seed * 7 + len(state["discards"])).random() > 0.3:
                continue
            legal = {key(a) for a in ENGINE.legal_actions(state, seat)}
            hand = state["hands"][seat]
            side = next(i for i, s in enumerate(state["sides"]) if seat in s)
            tries = [
                {"type": "meld", "cards": c} for c in sub_multisets(hand, len(hand)) if len(c) >= 3
            ]
            for m in state["melds"][side]:
                tries += [
                    {"type": "lay_off", "meld": m["id"], "cards": c}
                    for c in sub_multisets(hand, len(hand))
                ]
            found = set()
            for action in tries:
                outcomes = {}
                for hint in (None, "low", "high"):
                    if hint and not outcomes:
                        break
                    try:
                        after = ENGINE.apply(state, seat, action | {"wild": hint})
                    except RulesError:
                        continue
                    outcomes[hint] = json.dumps(after["melds"])
                if not outcomes:
                    continue
                if len(set(outcomes.values())) == 1:
                    found.add(key(action))
                else:
                    found |= {key(action | {"wild": h}) for h in ("low", "high")}
            melds_and_lay_offs = {k for k in legal if k[0] in ("meld", "lay_off")}
            assert melds_and_lay_offs == found
            checked += 1
    assert checked >= 10


def test_every_listed_action_applies():
    for seed in range(6):
        for i, state in enumerate(walk(seed, 4, styles=("random",))):
            for seat in state["to_act"]:
                if i % 5 == 0:
                    for action in ENGINE.legal_actions(state, seat):
                        ENGINE.apply(state, seat, action)


def disguise(state, seat, rng):
    """The same state as `seat` knows it: the other hands, the stock and the pozzetti
    reshuffled among themselves (sizes kept), and another seed."""
    state = json.loads(json.dumps(state))
    hidden = (
        [h for s, h in enumerate(state["hands"]) if s != seat]
        + state["pozzetti"]
        + [state["stock"]]
    )
    pool = [c for zone in hidden for c in zone]
    rng.shuffle(pool)
    for zone in hidden:
        zone[:] = [pool.pop() for _ in zone]
    state["seed"] += 1
    return state


@settings(max_examples=examples(10), deadline=None)
@given(seed=st.integers(0, 2**32), seats=st.sampled_from([2, 3, 4]))
def test_views_never_depend_on_what_the_seat_cannot_see(seed, seats):
    rng = random.Random(seed)
    for i, state in enumerate(walk(seed, seats)):
        if i % 3:
            continue
        for seat in (None, *range(seats)):
            view = ENGINE.view(state, seat)
            assert ENGINE.view(disguise(state, seat, rng), seat) == view
            assert str(state["seed"]) not in json.dumps(view)
            if seat is not None:
                assert (
                    view["hand"] == sorted(view["hand"], key=lambda c: (c == "JK",)) or view["hand"]
                )
                assert Counter(view["hand"]) == Counter(state["hands"][seat])


def test_replaying_the_actions_from_the_seed_rebuilds_the_state():
    config = {"seats": 4, "max_hands": 2}
    state = ENGINE.new_state(config, random.Random(21))
    rng, log = random.Random(3), []
    while not ENGINE.is_over(state):
        seat = state["to_act"][0]
        action = ENGINE.bot_action(state, seat, rng, "sensible")
        log.append({"seat": seat, "action": json.loads(json.dumps(action))})
        state = ENGINE.apply(state, seat, action)
    assert replay("burraco", config, 21, log) == state
    assert replay("burraco", config, 22, []) != replay("burraco", config, 21, [])
