"""Building Burraco positions by hand for the tests."""

import random

from games.engines.burraco import ENGINE
from games.engines.burraco.melds import arrange_new, choose


def table(seats=4, **config):
    """A fresh hand with seat 0 to play (draw phase) and every zone empty but the stock; the
    seats play in their numbers' order, partners 0+2 and 1+3."""
    state = ENGINE.new_state({"seats": seats, **config}, random.Random(5))
    state.update(turn=0, to_act=[0], dealer=seats - 1, phase="draw", discards=["9C"])
    sides = [[0, 2], [1, 3]] if seats == 4 else [[s] for s in range(seats)]
    state.update(order=list(range(seats)), partners=sides, sides=[list(s) for s in sides])
    state["hands"] = [[] for _ in range(seats)]
    return state


def meld(cards, id_):
    return choose(arrange_new(cards.split()), None) | {"id": id_}


def play(state, seat, **action):
    return ENGINE.apply(state, seat, action)
