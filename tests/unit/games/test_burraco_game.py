"""Burraco turns, pozzetti, closing, the stock running down, scoring and the match."""

import random

import pytest

from games.engines.base import RulesError
from games.engines.burraco import ENGINE
from games.engines.burraco.scoring import side_score
from tests.helpers.burraco import meld, play, table


@pytest.mark.parametrize(
    ("seats", "stock", "pozzetti"), [(4, 41, [11, 11]), (3, 45, [18, 11]), (2, 63, [11, 11])]
)
def test_the_deal(seats, stock, pozzetti):
    state = ENGINE.new_state({"seats": seats}, random.Random(1))
    assert [len(h) for h in state["hands"]] == [11] * seats
    assert [len(p) for p in state["pozzetti"]] == pozzetti
    assert len(state["discards"]) == 1 and len(state["stock"]) == stock
    assert state["to_act"] == [(state["dealer"] + 1) % seats]  # left of the dealer
    assert ENGINE.legal_actions(state, state["turn"]) == [
        {"type": "draw"},
        {"type": "take_discards"},
    ]


def test_draw_or_take_the_whole_pile_then_discard():
    state = table()
    state["hands"][0] = ["3S", "8H"]
    state["discards"] = ["4C", "KD", "9C"]
    took = play(state, 0, type="take_discards")
    assert (
        sorted(took["hands"][0]) == sorted(["3S", "8H", "4C", "KD", "9C"]) and not took["discards"]
    )
    drew = play(state, 0, type="draw")
    assert (
        drew["hands"][0][-1] == state["stock"][-1] and len(drew["stock"]) == len(state["stock"]) - 1
    )
    with pytest.raises(RulesError, match="First draw"):
        play(state, 0, type="discard", card="3S")
    done = play(drew, 0, type="discard", card="3S")
    assert done["discards"][-1] == "3S" and done["to_act"] == [1] and done["phase"] == "draw"
    with pytest.raises(RulesError, match="not your turn"):
        play(done, 0, type="draw")


def test_melds_go_only_on_your_sides_melds():
    state = table()
    state["phase"] = "play"
    state["hands"][0] = ["6H", "7H", "8H", "9H", "KS"]
    state["melds"] = [[meld("3C 4C 5C", 1)], [meld("TH JH QH", 2)]]
    ours = play(state, 0, type="meld", cards=["6H", "7H", "8H"])
    assert ours["melds"][0][-1]["cards"] == ["6H", "7H", "8H"]
    with pytest.raises(RulesError, match="only to your own side's melds"):
        play(state, 0, type="lay_off", meld=2, cards=["9H"])
    with pytest.raises(RulesError, match="do not hold the 5 of hearts"):
        play(state, 0, type="meld", cards=["5H", "6H", "7H"])
    partner = play(ours, 0, type="discard", card="KS")
    assert partner["turn"] == 1


def test_pozzetto_on_the_fly_then_keep_playing():
    state = table()
    state["phase"] = "play"
    state["hands"][0] = ["6H", "7H", "8H"]
    out = play(state, 0, type="meld", cards=["6H", "7H", "8H"])
    assert out["hands"][0] == [] and ENGINE.legal_actions(out, 0) == [{"type": "take_pozzetto"}]
    with pytest.raises(RulesError, match="Take your pozzetto first"):
        play(out, 0, type="discard", card="6H")
    taken = play(out, 0, type="take_pozzetto")
    assert taken["hands"][0] == state["pozzetti"][0] and taken["pozzetto_taker"] == [0, None]
    assert taken["phase"] == "play" and taken["to_act"] == [0]  # on the fly: play on
    assert ENGINE.view(taken, 1)["pozzetti"] == [
        {"size": 0, "taken_by": 0},
        {"size": 11, "taken_by": None},
    ]


def test_pozzetto_by_discard_at_the_start_of_the_next_turn():
    state = table()
    state["phase"] = "play"
    state["hands"][0] = ["6H", "7H", "8H", "KS"]
    state["hands"][1:] = [["4D", "5D"], ["4S", "5S"], ["4C", "5C"]]
    melded = play(state, 0, type="meld", cards=["6H", "7H", "8H"])
    out = play(melded, 0, type="discard", card="KS")
    assert out["pending_pozzetto"] == [0] and out["hands"][0] == [] and out["turn"] == 1
    for seat in (1, 2, 3):
        out = play(out, seat, type="draw")
        out = play(out, seat, type="discard", card=out["hands"][seat][0])
    assert ENGINE.legal_actions(out, 0) == [{"type": "take_pozzetto"}]
    with pytest.raises(RulesError, match="First take your pozzetto"):
        play(out, 0, type="draw")
    taken = play(out, 0, type="take_pozzetto")
    assert len(taken["hands"][0]) == 11 and taken["phase"] == "draw"
    assert play(taken, 0, type="draw")["phase"] == "play"


def test_a_partner_waiting_for_the_pozzetto_keeps_it():
    state = table()
    state.update(phase="play", pending_pozzetto=[2])
    state["hands"][0] = ["6H", "7H", "8H"]
    with pytest.raises(RulesError, match="Keep one card"):
        play(state, 0, type="meld", cards=["6H", "7H", "8H"])
    state["hands"][0] = ["6H", "7H", "8H", "KS"]
    with pytest.raises(RulesError, match="no pozzetto yet"):
        play(state, 0, type="meld", cards=["6H", "7H", "8H"])


def closing_table():
    state = table()
    state.update(phase="play", pozzetto_taker=[2, None])
    state["pozzetti"][0] = []
    state["melds"][0] = [meld("4H 5H 6H 7H 8H 9H TH", 1), meld("KH KS KC", 2)]
    return state


def test_closing_scores_the_closing_bonus():
    state = closing_table()
    state["hands"][0] = ["KD", "5C"]
    laid = play(state, 0, type="lay_off", meld=2, cards=["KD"])
    closed = play(laid, 0, type="discard", card="5C")
    last = closed["history"][-1]
    assert last["ended"] == "closed" and last["closed_by"] == 0
    assert last["sides"][0]["closing"] == 100 and last["sides"][0]["pozzetto"] == 0
    assert last["sides"][1]["closing"] == 0 and last["sides"][1]["pozzetto"] == -100
    assert closed["hand_no"] == 2  # the next hand is dealt


def without_a_burraco():
    state = closing_table()
    state["melds"][0] = [meld("KH KS KC", 2)]
    return state


def before_the_pozzetto():
    state = table()
    state.update(phase="play", pending_pozzetto=[2])
    state["melds"][0] = [meld("4H 5H 6H 7H 8H 9H TH", 1)]
    return state


LAY_OFF_KD = {"type": "lay_off", "meld": 2, "cards": ["KD"]}


@pytest.mark.parametrize(
    ("position", "hand", "action", "refusal"),
    [
        (closing_table, ["KD", "JK"], LAY_OFF_KD, "last discard may not be a wild"),
        (closing_table, ["JK"], {"type": "discard", "card": "JK"}, "cannot close with a wild"),
        (without_a_burraco, ["KD", "5C"], LAY_OFF_KD, "needs a burraco"),
        (without_a_burraco, ["5C"], {"type": "discard", "card": "5C"}, "needs a burraco"),
        (
            before_the_pozzetto,
            ["5C"],
            {"type": "discard", "card": "5C"},
            "before your side has taken its pozzetto",
        ),
    ],
    ids=["wild-left", "closing-on-a-wild", "lay-off-no-burraco", "discard-no-burraco", "pozzetto"],
)
def test_closing_refusals(position, hand, action, refusal):
    state = position()
    state["hands"][0] = hand
    with pytest.raises(RulesError, match=refusal):
        play(state, 0, **action)


def test_without_a_burraco_the_last_card_is_not_offered_as_a_discard():
    state = without_a_burraco()
    state["hands"][0] = ["5C"]
    assert ENGINE.legal_actions(state, 0) == [] or all(
        a["type"] != "discard" for a in ENGINE.legal_actions(state, 0)
    )


def test_the_stock_running_down_to_two_cards_ends_the_hand_after_the_discard():
    state = table()
    state["stock"] = state["stock"][:3]
    state["hands"][0] = ["5C", "6D"]
    drew = play(state, 0, type="draw")
    assert drew["last_round"] and len(drew["stock"]) == 2
    assert ENGINE.view(drew, 1)["last_round"] is True
    ended = play(drew, 0, type="discard", card="5C")
    last = ended["history"][-1]
    assert last["ended"] == "stock" and last["closed_by"] is None
    assert all(row["closing"] == 0 for row in last["sides"])


def test_rules_file_worked_example_385():
    state = closing_table()
    state["melds"][0] = [meld("4H 5H 6H 7H 8H 9H TH", 1), meld("KH KS KC JK", 2)]
    state["hands"] = [[], [], ["7C", "2D"], []]
    row = side_score(state, 0, closed=True, final=True)
    assert (row["melded"], row["burraco_bonus"], row["closing"], row["in_hand"]) == (
        110,
        200,
        100,
        -25,
    )
    assert row["total"] == 385 and row["burracos"] == {"clean": 1}


def test_dirty_and_semi_clean_burracos():
    state = table(semi_clean=150)
    state["melds"][0] = [meld("3S 4S 5S 6S 7S 8S 9S JK", 1), meld("4D JK 6D 7D 8D 9D TD", 2)]
    row = side_score(state, 0, closed=False, final=False)
    assert row["burracos"] == {"semi_clean": 1, "dirty": 1} and row["burraco_bonus"] == 250
    plain = table()
    plain["melds"][0] = state["melds"][0]
    assert side_score(plain, 0, closed=False, final=False)["burraco_bonus"] == 200


def test_the_match_ends_at_the_target_and_the_higher_total_wins():
    state = closing_table()
    state["scores"] = [1900, 1990, 1900, 1990]
    state["hands"][0] = ["KD", "5C"]
    laid = play(state, 0, type="lay_off", meld=2, cards=["KD"])
    over = play(laid, 0, type="discard", card="5C")
    assert ENGINE.is_over(over) and over["winners"] == [0, 2]
    assert over["scores"][0] >= 2005 and ENGINE.legal_actions(over, 1) == []
    result = ENGINE.result(over)
    assert result["winners"] == [0, 2] and result["scores"] == over["scores"]


@pytest.mark.parametrize("target", [1505, 2000])
def test_target_variants(target):
    state = ENGINE.new_state({"target": target}, random.Random(0))
    assert state["config"]["target"] == target
    with pytest.raises(RulesError, match="2, 3 or 4"):
        ENGINE.new_state({"seats": 5}, random.Random(0))
    with pytest.raises(RulesError, match="Unknown setting"):
        ENGINE.new_state({"chips": 5}, random.Random(0))


def test_three_players_first_to_the_pozzetto_plays_alone_with_18():
    state = table(seats=3)
    state["phase"] = "play"
    state["hands"] = [["6H", "7H", "8H"], ["5C"], ["QD"]]
    state["melds"] = [[meld("3S 4S 5S", 1)], [meld("9D 9S 9C", 2)], [meld("AH AS AD", 3)]]
    out = play(play(state, 0, type="meld", cards=["6H", "7H", "8H"]), 0, type="take_pozzetto")
    assert len(out["hands"][0]) == 18 and out["sides"] == [[0], [1, 2]]
    assert [m["id"] for m in out["melds"][1]] == [2, 3]  # the partners now share their melds
    view = ENGINE.view(out, 1)
    assert view["side"] == 1 and view["pozzetti"][1] == {"size": 11, "taken_by": None}


def test_three_players_out_by_discard_claims_the_18_before_taking_it():
    """The first to reach a pozzetto is the first to empty their hand: going out by discard
    claims the 18 at once (taken at the next turn), so a player going out on the fly in
    between is already a partner and takes the 11."""
    state = table(seats=3)
    state["phase"] = "play"
    state["hands"] = [["KS"], ["6H", "7H"], ["QD", "5C"]]
    state["stock"].append("8H")  # seat 1's draw
    state["melds"] = [[meld("3S 4S 5S", 1)], [meld("9D 9S 9C", 2)], [meld("AH AS AD", 3)]]
    out = play(state, 0, type="discard", card="KS")
    assert out["pending_pozzetto"] == [0] and out["sides"] == [[0], [1, 2]]
    assert [m["id"] for m in out["melds"][1]] == [2, 3]
    out = play(play(out, 1, type="draw"), 1, type="meld", cards=["6H", "7H", "8H"])
    out = play(out, 1, type="take_pozzetto")  # on the fly: the partners' 11
    assert len(out["hands"][1]) == 11 and out["pozzetto_taker"] == [None, 1]
    assert len(out["pozzetti"][0]) == 18
    out = play(out, 1, type="discard", card=out["hands"][1][0])
    out = play(play(out, 2, type="draw"), 2, type="discard", card="QD")
    assert ENGINE.legal_actions(out, 0) == [{"type": "take_pozzetto"}]
    out = play(out, 0, type="take_pozzetto")
    assert len(out["hands"][0]) == 18 and out["pozzetto_taker"] == [0, 1]


def test_two_players_out_by_discard_in_a_row_both_take_their_pozzetto():
    state = table(seats=2)
    state["phase"] = "play"
    state["hands"] = [["KS"], ["9D", "9S", "KH"]]
    state["stock"].append("9C")  # seat 1's draw
    out = play(state, 0, type="discard", card="KS")
    out = play(play(out, 1, type="draw"), 1, type="meld", cards=["9D", "9S", "9C"])
    out = play(out, 1, type="discard", card="KH")  # out by discard too
    for seat in (0, 1):
        assert ENGINE.legal_actions(out, seat) == [{"type": "take_pozzetto"}]
        out = play(out, seat, type="take_pozzetto")
        assert len(out["hands"][seat]) == 11
        out = play(play(out, seat, type="draw"), seat, type="discard", card=out["hands"][seat][0])
    assert out["pozzetto_taker"] == [0, 1] and out["pending_pozzetto"] == []


def test_stalemate_by_agreement():
    state = table(stalemate=1)
    state["hands"] = [["5C", "6D"], ["7C"], ["8C"], ["9D"]]
    with pytest.raises(RulesError, match="full round"):
        play(state, 0, type="offer_stalemate")
    state["quiet_turns"] = 4
    offered = play(state, 0, type="offer_stalemate")
    assert offered["phase"] == "stalemate" and offered["to_act"] == [1]
    refused = play(offered, 1, type="refuse_stalemate")
    assert refused["phase"] == "draw" and refused["to_act"] == [0]
    assert {"type": "offer_stalemate"} not in ENGINE.legal_actions(refused, 0)
    agreed = offered
    for seat in (1, 2, 3):
        agreed = play(agreed, seat, type="agree_stalemate")
    assert agreed["history"][-1]["ended"] == "stalemate"
    off = table()
    off["quiet_turns"] = 9
    with pytest.raises(RulesError, match="does not play the stalemate"):
        play(off, 0, type="offer_stalemate")
