"""Punto Banco: the whole tableau, payouts, commission, betting phase, shoe handling."""

import random

import pytest

from games.engines.base import RulesError
from games.engines.punto_banco import ENGINE as PB
from live.words import is_words
from tests.helpers.cards import cards, spec_cells, stack


def coup(*values, bet=None, chips=1000, **config):
    """Deal one coup whose first cards have these values (P, B, P, B, then thirds)."""
    state = PB.new_state({"seats": 1, "chips": chips, **config}, random.Random(1))
    stack(state, cards(*values))
    state = PB.apply(state, 0, bet or {"type": "bet", "on": "player", "amount": 10})
    return state, state["last_coup"]


@pytest.mark.parametrize(("banker", "third", "rule"), list(spec_cells()))
def test_every_cell_of_the_banker_tableau(banker, third, rule):
    # player 0 + 0 draws; banker two cards make `banker`
    _, last = coup(0, banker, 0, 0, third, 5)
    assert len(last["cards"]["player"]) == 3
    assert len(last["cards"]["banker"]) == (3 if rule == "T" else 2)


@pytest.mark.parametrize("player", range(10))
def test_player_rule(player):
    _, last = coup(player, 7, 0, 0, 4, 4)  # banker 7 stands whatever happens
    drew = len(last["cards"]["player"]) == 3
    assert drew == (player <= 5)


@pytest.mark.parametrize("banker", range(10))
@pytest.mark.parametrize("player", [6, 7])
def test_banker_when_the_player_stood(player, banker):
    _, last = coup(player, banker, 0, 0, 4, 4)
    assert len(last["cards"]["player"]) == 2
    assert len(last["cards"]["banker"]) == (3 if banker <= 5 else 2)


@pytest.mark.parametrize("natural", [(8, 0), (9, 0), (0, 8), (0, 9), (8, 9)])
def test_a_natural_stops_all_drawing(natural):
    _, last = coup(natural[0], natural[1], 0, 0, 1, 1)
    assert len(last["cards"]["player"]) == len(last["cards"]["banker"]) == 2


@pytest.mark.parametrize(
    ("values", "on", "amount", "net", "fee"),
    [
        ((9, 1, 0, 0), "player", 100, 100, 0),  # player wins 1:1
        ((9, 1, 0, 0), "banker", 100, -100, 0),
        ((9, 1, 0, 0), "tie", 100, -100, 0),
        ((1, 9, 0, 0), "banker", 100, 95, 5),  # 5% commission
        ((1, 9, 0, 0), "banker", 50, 47, 3),  # 2.5 rounds up to 3
        ((1, 9, 0, 0), "banker", 10, 9, 1),
        ((1, 9, 0, 0), "player", 100, -100, 0),
        ((8, 8, 0, 0), "tie", 100, 800, 0),  # tie 8:1
        ((8, 8, 0, 0), "player", 100, 0, 0),  # push
        ((8, 8, 0, 0), "banker", 100, 0, 0),
    ],
)
def test_payouts_and_commission(values, on, amount, net, fee):
    state, last = coup(*values, bet={"type": "bet", "on": on, "amount": amount})
    assert state["chips"] == [1000 + net]
    assert last["chips"] == {"seats": [net], "house": -net - fee, "commission": fee}
    assert state["house"] == -net - fee and state["commission"] == fee
    assert PB.chips_total(state) == 1000


def test_record_of_a_coup():
    _, last = coup(4, 3, 1, 2, 9, 5)  # player 5 draws 9 -> 4; banker 5 vs 9 stands
    assert last["cards"] == {"player": ["4S", "AD", "9S"], "banker": ["3H", "2C"]}
    assert last["totals"] == {"player": 4, "banker": 5}
    assert last["winner"] == "banker" and last["coup"] == 1


def test_bets_are_simultaneous_and_the_deal_waits_for_everyone():
    state = PB.new_state({"seats": 3}, random.Random(2))
    assert state["phase"] == "bet" and state["to_act"] == [0, 1, 2]
    state = PB.apply(state, 2, {"type": "bet", "on": "tie", "amount": 20})
    state = PB.apply(state, 0, {"type": "sit_out"})
    assert state["coup_no"] == 0 and state["to_act"] == [1] and state["bets"][2]["amount"] == 20
    assert PB.default_action(state, 1) == {"type": "sit_out"}
    state = PB.apply(state, 1, {"type": "bet", "on": "banker", "amount": 500})
    assert state["coup_no"] == 1 and state["to_act"] == [0, 1, 2] and state["bets"] == [None] * 3


@pytest.mark.parametrize(
    ("seat", "action", "message"),
    [
        (0, {"type": "bet", "on": "player", "amount": 5}, "between 10 and 1000"),
        (0, {"type": "bet", "on": "player", "amount": 1001}, "between 10 and 1000"),
        (0, {"type": "bet", "on": "player", "amount": "10"}, "whole number"),
        (0, {"type": "bet", "on": "dragon", "amount": 10}, "player, the banker or a tie"),
        (0, {"type": "draw"}, "Bet on the player, the banker or a tie, or sit out this coup"),
        (0, "bet", "or sit out this coup"),
        (1, {"type": "sit_out"}, "not your turn"),
    ],
)
def test_illegal_actions_say_why(seat, action, message):
    state = PB.new_state({"seats": 2}, random.Random(3))
    state = PB.apply(state, 1, {"type": "sit_out"})
    with pytest.raises(RulesError, match=message) as error:
        PB.apply(state, seat, action)
    assert is_words(error.value.message)  # the person reads it in their own language


def test_legal_actions_offer_bets_on_each_spot():
    state = PB.new_state({"seats": 1, "chips": 60}, random.Random(3))
    actions = PB.legal_actions(state, 0)
    assert {"type": "sit_out"} in actions
    assert {"type": "bet", "on": "tie", "amount": 60} in actions
    assert {a["amount"] for a in actions if a["type"] == "bet"} == {10, 20, 50, 60}
    assert PB.legal_actions(state, 5) == []


def test_burn_cut_card_and_reshuffle():
    state = PB.new_state({"seats": 1, "max_coups": 500}, random.Random(4))
    burn = state["burn"]
    assert len(state["burned"]) == burn["count"] == min(10, "A23456789T".find(burn["card"][0]) + 1)
    assert len(state["shoe"]) == 416 - 1 - burn["count"]
    first_shoe = list(state["shoe"])
    while state["shoe_no"] == 0:
        left = len(state["shoe"])
        state = PB.apply(state, 0, {"type": "sit_out"})
    assert state["last_coup"]["reshuffled"] and state["last_coup"]["shoe"] == 0
    used = sum(len(hand) for hand in state["last_coup"]["cards"].values())
    assert left >= 16 > left - used  # the cut card (16 from the end) came out in that coup
    assert state["shoe"] != first_shoe[: len(state["shoe"])]


def test_session_ends_after_max_coups_or_when_everybody_is_broke():
    state = PB.new_state({"seats": 1, "max_coups": 2}, random.Random(5))
    for _ in range(2):
        assert not PB.is_over(state)
        state = PB.apply(state, 0, {"type": "sit_out"})
    assert PB.is_over(state) and PB.legal_actions(state, 0) == []
    with pytest.raises(RulesError, match="over"):
        PB.apply(state, 0, {"type": "sit_out"})
    state, _ = coup(1, 9, 0, 0, bet={"type": "bet", "on": "player", "amount": 10}, chips=10)
    assert PB.is_over(state) and PB.result(state)["net"] == [-10]


def test_view_shows_edges_for_the_unseen_cards():
    state = PB.new_state({"seats": 2}, random.Random(6))
    view = PB.view(state, None)
    assert round(100 * view["edges"]["banker"], 1) == 1.1 and "seed" not in view
    assert view["shoe"] == {"number": 0, "left": len(state["shoe"]), "burn": state["burn"]}
    assert view["legal_actions"] == [] and PB.view(state, 0)["legal_actions"]


@pytest.mark.parametrize(
    "config",
    [{"seats": 0}, {"seats": 15}, {"decks": 0}, {"colour": "red"}, {"chips": -1}, {"seats": 1.5}],
)
def test_bad_configs_are_refused(config):
    with pytest.raises(RulesError):
        PB.new_state(config, random.Random(0))
