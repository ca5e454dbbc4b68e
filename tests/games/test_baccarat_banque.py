"""Baccarat Banque: two tableaux, the banker's free choice, the bank that stays."""

import random

import pytest

from games.engines.baccarat_banque import ENGINE as BQ
from games.engines.base import RulesError
from tests.games.test_punto_banco import cards, stack


def stake(on, amount):
    return {"type": "stake", "on": on, "amount": amount}


def start(*values, bank=400, right=100, left=100, seats=3, **config):
    """Seat 0 banks; seat 1 stakes on the right, seat 2 on the left (None: passes)."""
    state = BQ.new_state({"seats": seats, **config}, random.Random(1))
    stack(state, cards(*values))
    state = BQ.apply(state, 0, {"type": "bank", "amount": bank})
    for seat, (on, amount) in ((1, ("right", right)), (2, ("left", left))):
        state = BQ.apply(state, seat, stake(on, amount) if amount else {"type": "pass"})
    return state


def test_deal_order_and_the_banker_always_chooses():
    state = start(6, 7, 3, 0, 0, 4)  # right 6, left 7, banker 7: nobody must draw
    assert state["coup"]["hands"] == {
        "right": ["6S", "TC"],
        "left": ["7H", "TS"],
        "banker": ["3D", "4H"],
    }
    assert state["phase"] == "choice" and state["to_act"] == [0]
    assert BQ.default_action(state, 0) == {"type": "stand"}
    state = BQ.apply(state, 0, {"type": "draw"})
    assert len(state["last_coup"]["cards"]["banker"]) == 3


def test_the_banker_is_compared_with_each_tableau():
    state = BQ.apply(start(6, 7, 3, 0, 0, 3), 0, {"type": "stand"})  # banker 6
    last = state["last_coup"]
    assert last["winner"] == {"right": "tie", "left": "left"}
    assert last["totals"] == {"right": 6, "left": 7, "banker": 6}
    assert last["chips"] == {"seats": [-100, 0, 100], "house": 0, "commission": 0}
    assert state["bank"] == 300 and state["banker"] == 0  # the bank stays after a loss
    assert BQ.legal_actions(state, 0) == [{"type": "bank"}, {"type": "stop_bank"}]


def test_a_natural_tableau_is_settled_against_the_bankers_first_two_cards():
    # right natural 8, left 2 draws a 5 -> 7, banker 5 draws a 4 -> 9
    state = start(8, 2, 5, 0, 0, 0, 5, 4, bank=200)
    assert state["phase"] == "choice"
    state = BQ.apply(state, 0, {"type": "draw"})
    last = state["last_coup"]
    assert last["cards"]["right"] == ["8S", "TC"] and len(last["cards"]["left"]) == 3
    assert last["winner"] == {"right": "right", "left": "banker"}
    assert last["totals"] == {"right": 8, "left": 7, "banker": 9}


def test_a_banker_natural_settles_both_tableaux():
    state = start(2, 3, 9, 0, 0, 0)
    assert state["last_coup"]["winner"] == {"right": "banker", "left": "banker"}
    assert all(len(hand) == 2 for hand in state["last_coup"]["cards"].values())
    assert state["bank"] == 600


def test_each_punter_chooses_on_five_in_turn():
    state = start(5, 5, 2, 0, 0, 0)
    assert state["to_act"] == [1] and state["coup"]["waiting"] == "right"
    state = BQ.apply(state, 1, {"type": "stand"})
    assert state["to_act"] == [2] and state["coup"]["waiting"] == "left"
    state = BQ.apply(state, 2, {"type": "draw"})
    assert state["to_act"] == [0] and state["coup"]["waiting"] == "banker"


def test_a_tableau_without_stakes_plays_by_the_tableau():
    state = start(5, 6, 2, 0, 0, 0, 4, right=0)  # nobody plays the right: it draws on 5
    assert state["to_act"] == [0] and len(state["coup"]["hands"]["right"]) == 3


@pytest.mark.parametrize(("right", "left", "choice"), [(200, 100, "stand"), (100, 200, "draw")])
def test_the_default_banker_plays_against_the_bigger_stake(right, left, choice):
    # right 0 draws an 8, left 0 draws a 2; banker 3 stands against 8, draws against 2
    state = start(0, 0, 3, 0, 0, 0, 8, 2, right=right, left=left)
    assert state["to_act"] == [0] and BQ.default_action(state, 0) == {"type": choice}


def test_stakes_together_cover_at_most_the_bank():
    state = start(9, 9, 0, 0, 0, 0, bank=150, right=100, left=100)
    assert state["last_coup"]["chips"]["seats"] == [-150, 100, 50]
    assert state["bank"] == 0 and state["banker"] == 1  # the empty bank passes on


def test_stop_bank_passes_the_bank_on():
    state = BQ.apply(start(6, 7, 3, 0, 0, 3), 0, {"type": "stand"})
    state = BQ.apply(state, 0, {"type": "stop_bank"})
    assert state["banker"] == 1 and state["chips"][0] == 1000 - 400 + 300
    assert BQ.legal_actions(state, 1)[-1] == {"type": "stop_bank"}


def test_a_stake_names_a_tableau():
    state = BQ.new_state({"seats": 2}, random.Random(1))
    state = BQ.apply(state, 0, {"type": "bank", "amount": 100})
    assert {"type": "banco", "on": "left"} in BQ.legal_actions(state, 1)
    with pytest.raises(RulesError, match="right or left"):
        BQ.apply(state, 1, stake("middle", 10))
