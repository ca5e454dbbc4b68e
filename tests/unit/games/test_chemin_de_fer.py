"""Chemin de Fer: the choice cases, the bank, stakes, commission, hidden hands."""

import random

import pytest

from games.engines.base import RulesError
from games.engines.chemin_de_fer import ENGINE as CDF
from tests.helpers.cards import cards, spec_cells, stack

PB_TABLEAU = {(banker, third): rule for banker, third, rule in spec_cells()}
# The spec's Chemin de Fer rows: banker total -> (draws against, chooses against).
SPEC_CDF = {
    3: (set(range(8)), {9}),
    4: (set(range(2, 8)), set()),
    5: ({5, 6, 7}, {4}),
    6: ({6, 7}, set()),
    7: (set(), set()),
}
BANCO = {"type": "banco"}


def spec_rule(banker, third):
    draws, chooses = SPEC_CDF.get(banker, (set(range(10)), set()))
    return "C" if third in chooses else "T" if third in draws else "S"


def start(*values, seats=2, bank=100, stakes=None, **config):
    """Seat 0 banks `bank`; the others stake (default: seat 1 goes banco); cards stacked."""
    state = CDF.new_state({"seats": seats, **config}, random.Random(1))
    stack(state, cards(*values))
    state = CDF.apply(state, 0, {"type": "bank", "amount": bank})
    for seat, action in (stakes or {1: BANCO}).items():
        state = CDF.apply(state, seat, action)
    return state


@pytest.mark.parametrize("banker", range(8))
@pytest.mark.parametrize("third", range(10))
def test_banker_rows_and_choice_cases(banker, third):
    state = start(0, banker, 0, 0, third, 5)  # the punter's 0 draws `third`
    rule = spec_rule(banker, third)
    if rule != "C":
        assert len(state["last_coup"]["cards"]["banker"]) == (3 if rule == "T" else 2)
        return
    assert state["phase"] == "choice" and state["to_act"] == [0]
    assert state["coup"]["waiting"] == "banker"
    assert CDF.legal_actions(state, 0) == [{"type": "draw"}, {"type": "stand"}]
    default = CDF.default_action(state, 0)
    assert default == {"type": "draw" if PB_TABLEAU[banker, third] == "T" else "stand"}
    for choice, length in (("draw", 3), ("stand", 2)):
        done = CDF.apply(state, 0, {"type": choice})
        assert len(done["last_coup"]["cards"]["banker"]) == length


def test_the_choice_cases_are_exactly_three_vs_nine_and_five_vs_four():
    cases = [(b, t) for b in range(8) for t in range(10) if spec_rule(b, t) == "C"]
    assert cases == [(3, 9), (5, 4)]


@pytest.mark.parametrize("punter", range(8))
def test_punter_rule(punter):
    state = start(punter, 7, 0, 0, 4)
    if punter != 5:
        assert len(state["last_coup"]["cards"]["player"]) == (3 if punter < 5 else 2)
        return
    assert state["phase"] == "choice" and state["to_act"] == [1]
    assert CDF.default_action(state, 1) == {"type": "draw"}
    assert CDF.default_action(state, 0) is None
    with pytest.raises(RulesError, match="not your turn"):
        CDF.apply(state, 0, {"type": "draw"})
    assert len(CDF.apply(state, 1, {"type": "draw"})["last_coup"]["cards"]["player"]) == 3
    assert len(CDF.apply(state, 1, {"type": "stand"})["last_coup"]["cards"]["player"]) == 2


@pytest.mark.parametrize("banker", range(8))
def test_banker_when_the_punter_stood(banker):
    state = start(6, banker, 0, 0, 4)
    assert len(state["last_coup"]["cards"]["banker"]) == (3 if banker <= 5 else 2)


def test_banker_after_the_punter_stood_on_five():
    state = CDF.apply(start(5, 5, 0, 0, 1), 1, {"type": "stand"})
    assert state["last_coup"]["cards"]["banker"] == ["5H", "TC", "AS"]


def test_banker_wins_pays_commission_and_keeps_the_shoe():
    state = start(0, 7, 0, 0, 0, bank=100)  # punter 0 draws 0; banker 7 stands
    assert state["last_coup"]["winner"] == "banker"
    assert state["bank"] == 195 and state["commission"] == 5
    assert state["chips"] == [900, 900] and state["banker"] == 0
    assert state["last_coup"]["chips"] == {"seats": [95, -100], "house": 0, "commission": 5}
    assert state["phase"] == "bank" and CDF.legal_actions(state, 0) == [
        {"type": "bank"},
        {"type": "pass_bank"},
    ]
    state = CDF.apply(state, 0, {"type": "bank"})
    assert state["phase"] == "stake" and state["bank"] == 195
    assert BANCO in CDF.legal_actions(state, 1)
    assert CDF.chips_total(state) == 2000


def test_punter_wins_is_paid_from_the_bank_and_the_shoe_passes():
    state = start(9, 0, 0, 0, bank=100)
    assert state["last_coup"]["winner"] == "player"
    assert state["chips"] == [900, 1100] and state["bank"] == 0 and state["banker"] == 1
    assert state["commission"] == 0 and state["to_act"] == [1]


def test_equal_totals_void_the_coup():
    state = start(8, 8, 0, 0, bank=100)
    assert state["last_coup"]["winner"] == "tie"
    assert state["chips"] == [900, 1000] and state["bank"] == 100 and state["banker"] == 0
    assert state["last_coup"]["chips"]["seats"] == [0, 0]


def test_stakes_cover_from_the_bankers_left_and_the_biggest_plays():
    stakes = {
        3: {"type": "stake", "amount": 20},
        1: {"type": "stake", "amount": 50},
        2: {"type": "stake", "amount": 100},
    }
    state = start(9, 0, 0, 0, seats=4, bank=100, stakes=stakes)
    last = state["last_coup"]
    assert last["chips"]["seats"] == [-100, 50, 50, 0]  # seat 2 covered only 50, seat 3 none
    assert state["chips"] == [900, 1050, 1050, 1000]


def test_banco_covers_everything_and_takes_priority():
    stakes = {1: {"type": "stake", "amount": 50}, 2: {"type": "pass"}, 3: BANCO}
    state = start(0, 8, 0, 0, seats=4, bank=200, stakes=stakes)
    assert state["last_coup"]["chips"]["seats"] == [190, 0, 0, -200]


def test_controllers_are_the_biggest_stakes():
    state = CDF.new_state({"seats": 4}, random.Random(2))
    stack(state, cards(5, 0, 0, 0))  # punter 5: a choice, so the coup waits
    state = CDF.apply(state, 0, {"type": "bank", "amount": 500})
    state = CDF.apply(state, 1, {"type": "stake", "amount": 100})
    state = CDF.apply(state, 3, {"type": "stake", "amount": 200})
    state = CDF.apply(state, 2, {"type": "stake", "amount": 100})
    assert state["coup"]["controllers"] == {"banker": 0, "player": 3}
    assert state["to_act"] == [3]


def test_nobody_covers_so_the_shoe_passes_and_all_passing_ends_the_session():
    state = CDF.new_state({"seats": 2}, random.Random(2))
    state = CDF.apply(state, 0, {"type": "bank", "amount": 100})
    state = CDF.apply(state, 1, {"type": "pass"})
    assert state["banker"] == 1 and state["chips"] == [1000, 1000] and state["idle"] == 1
    assert CDF.default_action(state, 1) == {"type": "pass_bank"}
    state = CDF.apply(state, 1, {"type": "pass_bank"})
    assert CDF.is_over(state) and CDF.result(state)["chips"] == [1000, 1000]


def test_illegal_stakes():
    state = CDF.new_state({"seats": 2, "chips": 300}, random.Random(2))
    state = CDF.apply(state, 0, {"type": "bank", "amount": 300})
    with pytest.raises(RulesError, match="between 10 and 300"):
        CDF.apply(state, 1, {"type": "stake", "amount": 400})
    with pytest.raises(RulesError, match="Call banco, stake some chips, or pass"):
        CDF.apply(state, 1, {"type": "bank", "amount": 10})
    state = CDF.new_state({"seats": 2}, random.Random(2))
    with pytest.raises(RulesError, match="between 10 and 1000"):
        CDF.apply(state, 0, {"type": "bank", "amount": 2000})
    state["chips"][1] = 50
    state = CDF.apply(state, 0, {"type": "bank", "amount": 100})
    assert {"type": "banco"} not in CDF.legal_actions(state, 1)
    state["to_act"].append(1)
    with pytest.raises(RulesError):
        CDF.apply(state, 1, BANCO)


def test_hands_are_hidden_until_the_coup_ends():
    state = CDF.new_state({"seats": 3}, random.Random(2))
    stack(state, cards(5, 3, 0, 0, 9))  # punter 5 (a choice), then banker 3 against a 9
    state = CDF.apply(state, 0, {"type": "bank", "amount": 100})
    state = CDF.apply(state, 1, BANCO)
    state = CDF.apply(state, 2, {"type": "pass"})
    views = {seat: CDF.view(state, seat)["coup"]["hands"] for seat in (None, 0, 1, 2)}
    hidden = ["??", "??"]
    assert views[None] == views[2] == {"player": hidden, "banker": hidden}
    assert views[1] == {"player": ["5S", "TD"], "banker": hidden}
    assert views[0] == {"player": hidden, "banker": ["3H", "TC"]}
    state = CDF.apply(state, 1, {"type": "draw"})  # the third card is face up
    assert CDF.view(state, 2)["coup"]["hands"]["player"] == ["??", "??", "9S"]
    state = CDF.apply(state, 0, CDF.default_action(state, 0))
    assert CDF.view(state, 2)["last_coup"]["cards"]["player"][:2] == ["5S", "TD"]


def test_needs_two_seats():
    with pytest.raises(RulesError, match="2 to 14 seats"):
        CDF.new_state({"seats": 1}, random.Random(0))
