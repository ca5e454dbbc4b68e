"""Baccarat Banque: two tableaux, the banker's free choice, the bank that stays."""

import random

import pytest

from games.engines.baccarat_banque import ENGINE as BQ
from games.engines.base import RulesError
from games.play import play
from tests.helpers.cards import cards, stack


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


@pytest.mark.parametrize(
    ("values", "winner", "seats"),
    [
        # seed 004's case: the right shows a natural 8, the left has 2, the banker 5. Nobody
        # draws (before the fix the left drew a 5 and the banker a 4); the banker settles
        # separately with each side: pays the right, collects the left.
        ((8, 2, 5, 0, 0, 0, 5, 4), {"right": "right", "left": "banker"}, [0, 100, -100]),
        ((3, 9, 4, 0, 0, 0, 5, 4), {"right": "banker", "left": "left"}, [0, -100, 100]),
        ((4, 8, 4, 0, 0, 0, 5, 4), {"right": "tie", "left": "left"}, [-100, 0, 100]),
        ((9, 8, 1, 0, 0, 0, 5, 4), {"right": "right", "left": "left"}, [-200, 100, 100]),
    ],
)
def test_a_natural_on_one_tableau_stops_all_drawing(values, winner, seats):
    state = start(*values, bank=200)
    last = state["last_coup"]
    assert last and state["coup"] is None  # no choice for anyone: the coup is over
    assert [len(cards) for cards in last["cards"].values()] == [2, 2, 2]  # all three shown
    assert last["winner"] == winner
    assert last["chips"]["seats"] == seats


def test_the_issues_reproduction_seed_3_coup_1():
    """`python -m games.play baccarat_banque --seed 3 --seats 4 --bots 4`, coup 1: right AD 7H
    (a natural), left 6C JC, banker 3C TS. Before the fix the banker drew 5H and beat the
    left; now nobody draws and the left's 6 beats the banker's 3."""
    coup = play("baccarat_banque", {"seats": 4}, seed=3, bots=4)["coups"][0]
    assert coup["cards"] == {"right": ["AD", "7H"], "left": ["6C", "JC"], "banker": ["3C", "TS"]}
    assert coup["winner"] == {"right": "right", "left": "left"}


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
    with pytest.raises(RulesError, match="the right or the left"):
        BQ.apply(state, 1, stake("middle", 10))
