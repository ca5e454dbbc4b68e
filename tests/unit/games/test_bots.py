"""Bots: the per-engine policy hook, the styles, and baccarat bots that play like people."""

import random
import types
from collections import Counter

import pytest

from games.bots import RANDOM, bot_action, style_for, styles
from games.engines import ENGINES
from games.engines.baccarat_banque import ENGINE as BQ
from games.engines.baccarat_bots import STYLES, banker_draw_gain, punter_totals
from games.engines.chemin_de_fer import ENGINE as CDF
from games.engines.punto_banco import ENGINE as PB
from games.play import play, style_results
from tests.helpers.cards import cards, stack

BACCARAT = ["punto_banco", "chemin_de_fer", "baccarat_banque"]  # Russian Bank: its own tests


def session(engine, seed, seats, kinds, **config):
    """(state, seat, action) for every bot action of a whole session, seats in `kinds`."""
    state = engine.new_state({"seats": seats, **config}, random.Random(seed))
    rng = random.Random(seed)
    while not engine.is_over(state):
        seat = state["to_act"][0]
        action = bot_action(engine, state, seat, rng, kinds[seat])
        yield state, seat, action
        state = engine.apply(state, seat, action)


# -- the hook ------------------------------------------------------------------------------
def toy_engine(policy=None):
    """A one-decision game: seat 0 picks a number."""
    engine = types.SimpleNamespace(name="toy")
    engine.legal_actions = lambda state, seat: [{"type": "pick", "n": n} for n in range(5)]
    if policy:
        engine.bot_styles = ("greedy",)
        engine.bot_action = policy
    return engine


def test_an_engine_policy_gets_the_state_seat_rng_and_style():
    calls = []

    def policy(state, seat, rng, style):
        calls.append((state, seat, style))
        return {"type": "pick", "n": 4}

    engine, rng = toy_engine(policy), random.Random(1)
    assert bot_action(engine, {"s": 1}, 0, rng, "greedy") == {"type": "pick", "n": 4}
    assert calls == [({"s": 1}, 0, "greedy")]
    assert styles(engine) == ("greedy", RANDOM)
    assert style_for(engine, 7, 0) == "greedy"
    with pytest.raises(ValueError, match="no style 'bold'"):
        bot_action(engine, {}, 0, rng, "bold")


def test_random_is_uniform_over_the_legal_actions_and_the_fallback_without_a_policy():
    rng = random.Random(2)
    for engine in (toy_engine(), toy_engine(lambda *a: {"type": "pick", "n": 4})):
        picks = Counter(bot_action(engine, {}, 0, rng, RANDOM)["n"] for _ in range(2000))
        assert set(picks) == set(range(5)) and min(picks.values()) > 300
    assert style_for(toy_engine(), 7, 0) == RANDOM
    assert styles(toy_engine()) == (RANDOM,)
    nobody = types.SimpleNamespace(legal_actions=lambda state, seat: [])
    assert bot_action(nobody, {}, 0, rng) is None


def test_each_bot_keeps_one_style_chosen_by_the_seed_and_seat():
    chosen = {style_for(PB, seed, seat) for seed in range(40) for seat in range(4)}
    assert chosen == set(STYLES)  # every style shows up; random-legal is never dealt out
    assert style_for(PB, 5, 2) == style_for(PB, 5, 2)
    assert [style_for(PB, 5, s) for s in range(8)] != [style_for(PB, 6, s) for s in range(8)]


# -- baccarat bots -------------------------------------------------------------------------
BACCARAT = sorted(game for game, engine in ENGINES.items() if hasattr(engine, "chips_total"))


@pytest.mark.parametrize("game", BACCARAT)
@pytest.mark.parametrize("style", [*STYLES, RANDOM])
def test_every_style_only_plays_legal_actions(game, style):
    engine = ENGINES[game]
    for seed in range(3):
        for state, seat, action in session(engine, seed, 5, [style] * 5, max_coups=40):
            assert action in engine.legal_actions(state, seat)


@pytest.mark.parametrize("style", sorted(STYLES))
def test_punto_banco_bots_bet_like_casual_players(style):
    bets = []
    for seed in range(30):
        for state, seat, action in session(PB, seed, 4, [style] * 4, max_coups=30):
            if action["type"] == "bet":
                bets.append((action, state["chips"][seat]))
    spots = Counter(action["on"] for action, _ in bets)
    assert spots["banker"] + spots["player"] >= 0.85 * len(bets)
    assert spots["banker"] > spots["tie"] and spots["player"] > spots["tie"]
    # A small share of the stack: the minimum bet, or at most 12% of the chips.
    assert all(a["amount"] <= max(10, 0.12 * chips) for a, chips in bets)
    assert not [a for a, chips in bets if a["amount"] == chips and chips > 10]  # no all-in


def test_random_bots_are_the_old_uniform_ones():
    bets = [
        action
        for seed in range(10)
        for _, _, action in session(PB, seed, 4, [RANDOM] * 4, max_coups=10)
        if action["type"] == "bet"
    ]
    assert Counter(action["on"] for action in bets)["tie"] > len(bets) / 5


def cdf_stake_state(chips, bank):
    state = CDF.new_state({"seats": 2}, random.Random(1))
    state = CDF.apply(state, 0, {"type": "bank", "amount": bank})
    state["chips"][1] = chips
    return state


@pytest.mark.parametrize(
    ("chips", "bank", "banco"),
    [(1500, 100, True), (1500, 500, False), (900, 100, False), (1000, 100, False)],
)
def test_banco_only_when_ahead_and_the_bank_is_modest(chips, bank, banco):
    state = cdf_stake_state(chips, bank)
    state["chips"][0] += 2500 - chips  # the ledger stays whole
    actions = [
        bot_action(CDF, state, 1, random.Random(seed), "steady")["type"] for seed in range(40)
    ]
    assert ("banco" in actions) == banco
    assert "stake" in actions or banco  # otherwise casual stakes (and some passes)


def test_the_banker_keeps_a_winning_bank_until_it_has_grown_then_passes():
    state = CDF.new_state({"seats": 2}, random.Random(1))
    first = bot_action(CDF, state, 0, random.Random(0), "cautious")
    assert first["type"] == "bank" and 10 <= first["amount"] <= 100  # about 5% of 1,000
    state = CDF.apply(state, 0, {"type": "bank", "amount": 50})
    state = CDF.apply(state, 1, {"type": "stake", "amount": 50})
    state["phase"], state["to_act"], state["bank"] = "bank", [0], 80  # after a small win
    state["chips"][0], state["chips"][1] = 950, 970
    assert bot_action(CDF, state, 0, random.Random(0), "cautious") == {"type": "bank"}
    state["bank"], state["chips"][1] = 200, 850  # the bank has grown past twice a new one
    assert bot_action(CDF, state, 0, random.Random(0), "cautious") == {"type": "pass_bank"}
    assert bot_action(CDF, state, 0, random.Random(0), "hunch") == {"type": "bank"}
    state["phase"] = "bank"
    assert bot_action(BQ, state | {"bank": 900}, 0, random.Random(0), "steady") == {
        "type": "stop_bank"
    }


def test_punter_totals_from_outside():
    stood = punter_totals(["??", "??"], controlled=True)
    assert {t for t, p in enumerate(stood) if p} == {5, 6, 7}
    assert punter_totals(["??", "??"], controlled=False)[5] == 0
    drew_a_zero = punter_totals(["??", "??", "KD"], controlled=False)
    assert {t for t, p in enumerate(drew_a_zero) if p} == set(range(6))
    assert sum(drew_a_zero) == pytest.approx(1)


def banque_choice(*values, right=100, left=100):
    """Seat 0 banks 400, seat 1 stakes on the right, seat 2 on the left: at the choice."""
    state = BQ.new_state({"seats": 3}, random.Random(1))
    stack(state, cards(*values))
    state = BQ.apply(state, 0, {"type": "bank", "amount": 400})
    state = BQ.apply(state, 1, {"type": "stake", "on": "right", "amount": right})
    state = BQ.apply(state, 2, {"type": "stake", "on": "left", "amount": left})
    assert state["phase"] == "choice" and state["coup"]["waiting"] == "banker"
    return state


@pytest.mark.parametrize(
    ("banker", "draw"),
    [((0, 0), True), ((1, 3), True), ((3, 4), False), ((3, 3), False), ((0, 7), False)],
)
def test_the_banque_banker_draws_when_it_pays(banker, draw):
    # right and left stand on 6 and 7; the banker has `banker`.
    state = banque_choice(6, 7, banker[0], 0, 0, banker[1])
    gain = banker_draw_gain(BQ.view(state, 0)["coup"], state["bets"], BQ.hands)
    assert (gain > 0) == draw
    for style in STYLES:
        action = bot_action(BQ, state, 0, random.Random(0), style)
        assert action == {"type": "draw" if draw else "stand"}


def test_the_banque_banker_plays_against_the_bigger_stake():
    # The right drew a 9 (it had 0-5: now 9, 0-4), the left stood (5-7); banker 5.
    state = banque_choice(0, 6, 5, 0, 0, 0, 9)
    assert state["coup"]["hands"]["right"][2][0] == "9"
    gains = {}
    for right, left in ((500, 10), (10, 500)):
        state["bets"][1]["amount"], state["bets"][2]["amount"] = right, left
        gains[right > left] = banker_draw_gain(BQ.view(state, 0)["coup"], state["bets"], BQ.hands)
    assert gains[True] != gains[False]


def test_the_banker_decides_only_on_what_it_can_see():
    state = banque_choice(6, 7, 0, 0, 0, 5)
    other = banque_choice(7, 6, 0, 0, 0, 5)  # the tableaux' hidden cards swapped
    for seed in range(5):
        assert bot_action(BQ, state, 0, random.Random(seed), "steady") == bot_action(
            BQ, other, 0, random.Random(seed), "steady"
        )


# -- the record and the styles' results ----------------------------------------------------
def test_the_record_names_each_seats_style_and_its_result():
    record = play("punto_banco", {"seats": 4, "max_coups": 20}, seed=3)
    assert record["styles"] == [style_for(PB, 3, seat) for seat in range(4)]
    assert sum(row["seats"] for row in record["by_style"].values()) == 4
    assert sum(row["net"] for row in record["by_style"].values()) == sum(record["result"]["net"])
    forced = play("punto_banco", {"seats": 2, "max_coups": 5}, seed=3, kinds=["random"] * 2)
    assert forced["styles"] == ["random", "random"]


@pytest.mark.parametrize("game", BACCARAT)
def test_each_styles_result_over_a_thousand_coups(game):
    table = style_results(game, 1000, seats=4)
    assert set(table) == {*STYLES, RANDOM}
    coups = sum(row["coups"] for row in table.values())
    assert coups >= 4 * 1000
    assert all(row["seats"] > 0 for row in table.values())
    if game == "punto_banco":  # casual bettors lose slowly; uniform all-in bettors go broke
        assert table["random"]["net"] < min(table[s]["net"] for s in STYLES)
        assert all(table[s]["net"] > -0.5 * 1000 * table[s]["seats"] for s in STYLES)
