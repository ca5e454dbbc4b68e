"""Russian Bank rules: the rules file's worked examples, every building rule and priority,
both modes, the waste turned over, the score, the match (rules/russian-bank.md)."""

import random

import pytest

from games.engines import RulesError
from games.engines.russian_bank import ENGINE
from games.engines.russian_bank.layout import deal, first_player
from games.engines.russian_bank.scoring import QUIET_TURNS
from live.words import english
from tests.helpers.russian_bank import position


def move(source, target):
    return {"type": "move", "from": source, "to": target}


def refused(state, action, words, seat=0):
    with pytest.raises(RulesError) as error:
        ENGINE.apply(state, seat, action)
    assert words in str(error.value)
    return str(error.value)


# Cards that keep a test's own seat from running out (which would end the game).
KEEP = {"k0": "KC KC", "k1": "KC KC"}


# -- the worked examples ------------------------------------------------------------------
def test_loading_the_opponents_waste_one_up_or_down_in_suit():
    state = position(w1="5D", h0="4D", h1="6D", h2="5C", h3="7D", **KEEP)
    assert ENGINE.apply(state, 0, move("h0", "w1"))["board"]["waste"][1] == ["5D", "4D"]
    after = ENGINE.apply(state, 0, move("h1", "w1"))
    assert after["board"]["waste"][1] == ["5D", "6D"]
    assert ENGINE.apply(after, 0, move("h3", "w1"))["board"]["waste"][1][-1] == "7D"
    again = position(w1="6D", h0="5D", **KEEP)  # a second 5 after the 6
    assert ENGINE.apply(again, 0, move("h0", "w1"))["board"]["waste"][1] == ["6D", "5D"]
    refused(state, move("h2", "w1"), "loading takes the same suit, one rank up or down")
    refused(position(w1="5D", h0="7D", **KEEP), move("h0", "w1"), "cannot load the 5♦")


def test_loading_the_opponents_reserve_but_never_ones_own():
    state = position(r0="9S", r1="QH", h0="JH", h1="KH", **KEEP)
    assert ENGINE.apply(state, 0, move("h0", "r1"))["board"]["reserve"][1] == ["QH", "JH"]
    assert ENGINE.apply(state, 0, move("h1", "r1"))["board"]["reserve"][1] == ["QH", "KH"]
    refused(state, move("h0", "r0"), "your own reserve")
    refused(position(h0="5D", **KEEP), move("h0", "w1"), "empty pile cannot be loaded")


def test_a_black_ten_on_a_red_jack_a_red_ten_is_refused():
    state = position(h0="JD", h1="TS", h2="TH", h3="9C", **KEEP)
    assert ENGINE.apply(state, 0, move("h1", "h0"))["board"]["houses"][0] == ["JD", "TS"]
    text = refused(state, move("h2", "h0"), "two red cards")
    assert text.startswith("The 10♥ cannot go on the J♦")
    refused(state, move("h3", "h0"), "houses build down one rank at a time")


def test_reserve_to_foundation_comes_first():
    state = position(r0="9H 3S", f0="AS 2S", h0="8C", h1="7D", **KEEP)
    words = "Your reserve's 3♠ can go to a foundation: that move comes first."
    assert refused(state, move("h1", "h0"), words) == words
    refused(state, {"type": "turn"}, words)
    state = ENGINE.apply(state, 0, move("r0", "f0"))
    assert state["board"]["foundations"][0] == ["AS", "2S", "3S"]
    assert ENGINE.apply(state, 0, move("h1", "h0"))["board"]["houses"][0] == ["8C", "7D"]


def test_the_score_of_the_worked_example_is_54():
    state = position(r1="2C 3C 4C 5C 6C", k1=" ".join(["9D"] * 10), w1="KD QD JD TD")
    state["board"]["foundations"][0] = ["AH"]
    state["board"]["turned"][0] = "2H"  # the winner's last card
    state = ENGINE.apply(state, 0, move("t0", "f0"))
    assert state["games"][-1] == {
        "game": 1, "winner": 0, "points": 54, "moves": 1,
        "loser_left": {"reserve": 5, "hand": 10, "waste": 4},
    }  # fmt: skip
    assert state["scores"] == [54, 0] and state["game_no"] == 2


# -- building -------------------------------------------------------------------------------
def test_foundations_start_with_an_ace_and_build_up_in_suit_to_the_king():
    state = position(h0="2H", h1="AH", h2="3D", **KEEP)
    refused(state, move("h0", "f0"), "Only an ace can start a foundation")
    state = ENGINE.apply(state, 0, move("h1", "f3"))  # any empty foundation
    assert state["board"]["foundations"][3] == ["AH"]
    state = ENGINE.apply(state, 0, move("h0", "f3"))
    refused(state, move("h2", "f3"), "foundations build up in suit")
    full = position(h0="AC", **KEEP)
    full["board"]["foundations"][0] = [r + "S" for r in "A23456789TJQK"]
    refused(full, move("h0", "f0"), "That foundation is complete")


def test_an_empty_house_takes_any_available_card_one_card_at_a_time():
    state = position(r0="KS QD", t0="5C", h1="9H 8S", **KEEP)
    state["board"]["hand"][0] = []
    for source in ("r0", "t0", "h1"):
        after = ENGINE.apply(state, 0, move(source, "h0"))
        assert len(after["board"]["houses"][0]) == 1
    assert ENGINE.apply(state, 0, move("h1", "h0"))["board"]["houses"][1] == ["9H"]


def test_cards_that_are_never_available_and_piles_nobody_builds_on():
    state = position(r0="5S", w0="6H", r1="7H", w1="8H", f0="AC", h0="9S", h1="8D", **KEEP)
    for source in ("w0", "r1", "w1", "k0", "k1", "f0", "t0", "t1"):
        refused(state, move(source, "h0"), "You can move only your reserve's top card")
    refused(state, move("h1", "w0"), "Only the card you turned from your hand goes to your waste")
    refused(state, move("h1", "k1"), "Cards never go to a hand")
    refused(state, move("h1", "x9"), "There is no pile")
    refused(state, move("h7", "h0"), "That pile is empty")
    refused(state, {"type": "move", "from": "h1", "to": "h0", "extra": 1}, "A move names its card")
    refused(state, {"type": "fly"}, "Move a card, turn a card")
    refused(state, move("h1", "h0"), "It is not your turn", seat=1)


# -- priorities and the order of a turn ------------------------------------------------------
def test_any_foundation_move_comes_before_other_moves_and_you_choose_which():
    state = position(f0="AH", f1="AS", h0="2H", h1="9C", h2="8D", t0="2S", k0="KC")
    words = "Your turned 2♠ can go to a foundation: that move comes first."
    assert refused(state, move("h2", "h1"), "can go to a foundation") == words
    refused(state, move("h0", "h5"), "that move comes first")  # an empty house
    assert {(m["from"], m["to"]) for m in ENGINE.legal_actions(state, 0)} == {
        ("h0", "f0"),
        ("t0", "f1"),
    }
    first = ENGINE.apply(state, 0, move("t0", "f1"))  # the turned card first: our choice
    refused(first, move("h2", "h1"), "House 1's 2♥")
    assert ENGINE.apply(first, 0, move("h0", "f0"))["board"]["foundations"][0] == ["AH", "2H"]


def test_empty_houses_are_filled_from_the_reserve_before_turning():
    state = position(r0="4C 9D", h1="5S", k0="KH QH")
    words = "Fill the empty house from your reserve before you turn a card from your hand."
    assert refused(state, {"type": "turn"}, "Fill the empty house") == words
    assert english(ENGINE.view(state, 0)["compulsory"]["why"]) == words
    assert {"type": "turn"} not in ENGINE.legal_actions(state, 0)
    for house in (0, 2, 3, 4, 5, 6):
        state = ENGINE.apply(state, 0, move("r0", f"h{house}"))
        if house == 2:  # the reserve ran out (4C then 9D): turning is free again
            break
    assert state["board"]["reserve"][0] == []
    assert ENGINE.apply(state, 0, {"type": "turn"})["board"]["turned"][0] == "QH"


def test_a_turned_card_is_played_or_goes_to_the_waste_which_ends_the_turn():
    state = position(h0="9C", h1="8S", k0="KD 8H 3C", r0="QS", **{"k1": "KC"})
    for house in range(2, 8):
        state["board"]["houses"][house] = ["KS"]
    state = ENGINE.apply(state, 0, {"type": "turn"})
    assert state["board"]["turned"][0] == "3C" and state["board"]["hand"][0] == ["KD", "8H"]
    refused(state, {"type": "turn"}, "Play your turned 3♣ or put it on your waste first")
    state = ENGINE.apply(state, 0, move("t0", "w0"))
    assert state["board"]["waste"][0] == ["3C"] and state["board"]["turned"][0] is None
    assert state["board"]["turn"] == 1 and state["to_act"] == [1]
    refused(state, {"type": "turn"}, "It is not your turn", seat=0)
    state = position(h0="9C", k0="KD 8H", r0="QS", k1="KC")
    for house in range(1, 8):
        state["board"]["houses"][house] = ["KS"]
    state = ENGINE.apply(state, 0, {"type": "turn"})
    state = ENGINE.apply(state, 0, move("t0", "h0"))  # played: the turn goes on
    assert state["board"]["turn"] == 0 and state["board"]["houses"][0] == ["9C", "8H"]
    assert ENGINE.apply(state, 0, {"type": "turn"})["board"]["turned"][0] == "KD"


def test_the_waste_is_turned_over_into_a_new_hand():
    state = position(w0="2C 5D 9H", h0="KS", k1="KC")
    for house in range(1, 8):
        state["board"]["houses"][house] = ["KS"]
    state = ENGINE.apply(state, 0, {"type": "turn"})
    board = state["board"]
    # Face-up waste 2C (bottom) .. 9H (top) turned over: 2C is now the hand's top card.
    assert board["turned"][0] == "2C" and board["hand"][0] == ["9H", "5D"]
    assert board["waste"][0] == [] and state["last"]["flipped"] is True


def test_with_hand_and_waste_empty_a_player_passes():
    state = position(r0="KD", h0="QS", k1="KC", **{f"h{i}": "KS" for i in range(1, 8)})
    refused(state, {"type": "turn"}, "nothing to turn")
    assert {"type": "pass"} in ENGINE.legal_actions(state, 0)
    assert ENGINE.apply(state, 0, {"type": "pass"})["board"]["turn"] == 1
    refused(position(k0="3C"), {"type": "pass"}, "only when your hand and waste are empty")


def test_the_lower_reserve_top_starts_then_the_houses():
    board = deal(1, 1)
    board["reserve"][0][-1], board["reserve"][1][-1] = "9S", "4H"
    assert first_player(board, 1) == 1
    board["reserve"][1][-1] = "9D"
    board["houses"][0][0], board["houses"][4][0] = "3C", "8C"
    assert first_player(board, 1) == 0
    for i in range(4):
        board["houses"][i][0] = board["houses"][4 + i][0] = "5H"
    assert first_player(board, 1) == 0 and first_player(board, 2) == 1


def test_the_deal():
    state = ENGINE.new_state(None, random.Random(5))
    board = state["board"]
    assert [len(board["reserve"][s]) for s in (0, 1)] == [13, 13]
    assert [len(board["hand"][s]) for s in (0, 1)] == [35, 35]
    assert all(len(house) == 1 for house in board["houses"])
    assert state["config"] == {"seats": 2, "target": 300, "mode": "enforce"}
    assert state["to_act"] == [board["turn"]]
    with pytest.raises(RulesError, match="two"):
        ENGINE.new_state({"seats": 3}, random.Random(0))
    with pytest.raises(RulesError, match="mode"):
        ENGINE.new_state({"mode": "lax"}, random.Random(0))


# -- Stop! mode ------------------------------------------------------------------------------
def test_stop_mode_a_fault_stands_and_a_stop_undoes_exactly_that_move():
    state = position(mode="stop", r0="9H 3S", f0="AS 2S", h0="8C", h1="7D", h2="JD", k0="4C 5C")
    state = ENGINE.apply(state, 0, move("h1", "h0"))  # skips the reserve's 3S: stands
    assert state["board"]["houses"][0] == ["8C", "7D"]
    assert state["to_act"] == [1, 0] and state["window"]["move"] == 1
    assert ENGINE.wait_seconds(state, 1) == 10 and ENGINE.wait_seconds(state, 0) is None
    assert ENGINE.legal_actions(state, 1) == [
        {"type": "stop", "move": 1},
        {"type": "no_stop", "move": 1},
    ]
    assert "fault" not in ENGINE.view(state, 1)["window"]
    stopped = ENGINE.apply(state, 1, {"type": "stop", "move": 1})
    after = position(mode="stop", r0="9H", f0="AS 2S 3S", h0="8C", h1="7D", h2="JD", k0="4C 5C")
    assert stopped["board"] == after["board"] | {"turn": 1}
    carried = {"type": "move", "from": "r0", "to": "f0", "card": "3S"}
    assert stopped["stops"] == [
        {
            "by": 1, "move": 1, "right": True, "fault": stopped["stops"][0]["fault"],
            "carried_out": carried,
        }
    ]  # fmt: skip
    assert "Your reserve's 3♠" in english(stopped["stops"][0]["fault"])
    assert stopped["to_act"] == [1] and stopped["last"]["carried_out"] == carried


def test_stop_on_an_omitted_compulsory_move_carries_it_out_then_the_turn_passes():
    """Seed 004: "If you omitted a compulsory move, then you must take back the move you
    attempted to make instead, and carry out the compulsory move. It is then your opponent's
    turn to play." A turned card put on the waste while it could go to a foundation goes to
    the foundation; a hand card turned while the reserve could fill an empty house is taken
    back and the house filled from the reserve."""
    state = position(mode="stop", f0="AH", k0="5C 6C 2H", k1="KC", h1="QS")
    state = ENGINE.apply(state, 0, {"type": "turn"})  # the 2H, which must go to f0
    state = ENGINE.apply(state, 0, move("t0", "w0"))
    stopped = ENGINE.apply(state, 1, {"type": "stop", "move": 2})
    board = stopped["board"]
    assert board["foundations"][0] == ["AH", "2H"] and board["waste"][0] == []
    assert board["hand"][0] == ["5C", "6C"] and board["turned"][0] is None
    assert board["turn"] == 1 and board["quiet"] == 0  # that turn reached a foundation

    state = position(mode="stop", r0="9C 4D", h0="KS", k0="5C 6C", k1="KC")
    state = ENGINE.apply(state, 0, {"type": "turn"})  # houses 1-7 are empty: a fault
    stopped = ENGINE.apply(state, 1, {"type": "stop", "move": 1})
    board = stopped["board"]
    assert board["houses"][1] == ["4D"] and board["reserve"][0] == ["9C"]
    assert board["hand"][0] == ["5C", "6C"] and board["turned"][0] is None
    assert board["turn"] == 1 and stopped["stops"][0]["carried_out"]["to"] == "h1"


def test_a_stop_on_an_illegal_build_only_takes_it_back():
    """Seed 004: "If you placed a card illegally, you must undo this move, and it is then
    your opponent's turn to play." (no compulsory move was skipped: nothing is carried out)"""
    state = position(mode="stop", h0="JD", h1="TH", k0="4C 5C", k1="KC")
    state = ENGINE.apply(state, 0, move("h1", "h0"))
    stopped = ENGINE.apply(state, 1, {"type": "stop", "move": 1})
    assert "carried_out" not in stopped["stops"][0]
    assert stopped["board"] == position(h0="JD", h1="TH", k0="4C 5C", k1="KC")["board"] | {
        "turn": 1, "quiet": 1,
    }  # fmt: skip


def test_stop_mode_illegal_build_stands_until_stopped_and_a_turned_card_goes_back():
    state = position(mode="stop", h0="JD", h1="TH", k0="4C 5C", k1="KC")
    state = ENGINE.apply(state, 0, {"type": "turn"})
    state = ENGINE.apply(state, 0, move("h1", "h0"))  # a red 10 on a red jack
    assert state["board"]["houses"][0] == ["JD", "TH"]
    stopped = ENGINE.apply(state, 1, {"type": "stop", "move": 2})
    board = stopped["board"]
    assert board["houses"][0] == ["JD"] and board["houses"][1] == ["TH"]
    assert board["turned"][0] is None and board["hand"][0] == ["4C", "5C"] and board["turn"] == 1


def test_a_wrong_stop_costs_nothing_but_is_logged():
    state = position(mode="stop", h0="JD", h1="TS", k0="4C 5C", k1="KC")
    state = ENGINE.apply(state, 0, move("h1", "h0"))
    after = ENGINE.apply(state, 1, {"type": "stop", "move": 1})
    assert after["board"] == state["board"]
    assert after["stops"] == [{"by": 1, "move": 1, "right": False, "fault": None}]
    assert after["window"] is None and after["to_act"] == [0]


def test_a_stop_comes_too_late_once_the_mover_moved_on():
    state = position(mode="stop", h0="JD", h1="TH", h2="QC", h3="9S", k0="4C 5C", k1="KC")
    state = ENGINE.apply(state, 0, move("h1", "h0"))  # fault, move 1
    state = ENGINE.apply(state, 0, move("h3", "h1"))  # a fair move 2 closes the window on 1
    refused(state, {"type": "stop", "move": 1}, "Too late", seat=1)
    refused(state, move("h2", "h3"), "you may only call Stop", seat=1)
    lapsed = ENGINE.apply(state, 1, ENGINE.default_action(state, 1))
    assert lapsed["window"] is None and lapsed["to_act"] == [0]
    refused(lapsed, {"type": "stop", "move": 2}, "It is not your turn", seat=1)


def test_the_opponents_own_move_closes_the_window():
    state = position(mode="stop", h0="9C", h1="8D", k0="KC", k1="KC QH", **{"t0": "3H"})
    state = ENGINE.apply(state, 0, move("t0", "w0"))  # ends the turn; window for seat 1
    assert state["to_act"] == [1] and state["window"]["seat"] == 1
    played = ENGINE.apply(state, 1, move("h1", "h0"))
    assert played["window"]["seat"] == 0 and played["window"]["move"] == 2


def test_the_winning_move_counts_once_its_window_closes():
    state = position(mode="stop", f0="AH", t0="2H", r1="5C", k1="KC")
    state = ENGINE.apply(state, 0, move("t0", "f0"))
    assert state["games"] == [] and state["to_act"] == [1]
    assert ENGINE.legal_actions(state, 0) == []
    done = ENGINE.apply(state, 1, {"type": "no_stop", "move": 1})
    assert done["games"][0]["winner"] == 0 and done["scores"] == [30 + 2 + 1, 0]


# -- the match -------------------------------------------------------------------------------
def test_the_match_ends_at_the_target():
    state = position(target=60, f0="AH", t0="2H", r1="5C", k1="KC")
    state = ENGINE.apply(state, 0, move("t0", "f0"))
    assert not ENGINE.is_over(state) and state["game_no"] == 2 and state["scores"] == [33, 0]
    state["scores"] = [59, 10]
    board = position(f0="AH", t0="2H", r1="5C", k1="KC")["board"]
    state["board"] = board
    state = ENGINE.apply(state, 0, move("t0", "f0"))
    assert ENGINE.is_over(state) and state["to_act"] == []
    assert ENGINE.result(state)["winner"] == 0 and ENGINE.result(state)["scores"] == [92, 10]
    refused(state, {"type": "turn"}, "The match is over")


def test_a_game_is_drawn_after_60_quiet_turns_not_counting_the_one_that_reached_a_foundation():
    """rules/russian-bank.md (issue 24: seeds 44, 49, 63, 79 were drawn one turn early): a
    game is drawn after 60 quiet turns; the turn that played the last foundation card is not
    quiet."""
    hands = {"k0": " ".join(["5C"] * 40), "k1": " ".join(["5C"] * 40)}
    state = position(f0="AH", t0="2H", **hands, **{f"h{i}": "KS" for i in range(8)})
    state = ENGINE.apply(state, 0, move("t0", "f0"))
    state = ENGINE.apply(state, 0, {"type": "turn"})
    state = ENGINE.apply(state, 0, move("t0", "w0"))  # the turn that reached a foundation
    assert state["board"]["quiet"] == 0
    for quiet in range(1, QUIET_TURNS + 1):
        seat = state["board"]["turn"]
        state = ENGINE.apply(state, seat, {"type": "turn"})
        state = ENGINE.apply(state, seat, move(f"t{seat}", f"w{seat}"))
        if quiet < QUIET_TURNS:
            assert state["board"]["quiet"] == quiet and state["games"] == []
    assert state["games"][0]["winner"] is None and state["game_no"] == 2


def test_a_fault_that_ends_the_60th_quiet_turn_waits_for_its_stop_window():
    """Stop! mode: the turn that would be the 60th quiet one ends with a fault (the turned
    2H put on the waste while it could go to a foundation). A Stop carries out the compulsory
    move (seed 004), so the turn was not quiet and the game goes on; no Stop: drawn."""
    table = {"f0": "AH", "k0": "5C 6C 2H", "k1": "KC", **{f"h{i}": "KS" for i in range(8)}}
    state = position(mode="stop", **table)
    state["board"]["quiet"] = QUIET_TURNS - 1
    state = ENGINE.apply(state, 0, {"type": "turn"})
    state = ENGINE.apply(state, 0, move("t0", "w0"))
    assert state["games"] == [] and state["window"]["fault"]
    stopped = ENGINE.apply(state, 1, {"type": "stop", "move": 2})
    assert stopped["games"] == [] and stopped["board"]["quiet"] == 0
    assert stopped["board"]["foundations"][0] == ["AH", "2H"]
    let_stand = ENGINE.apply(state, 1, {"type": "no_stop", "move": 2})
    assert let_stand["games"][0]["winner"] is None and let_stand["game_no"] == 2


def test_a_game_without_progress_is_drawn_and_redealt():
    state = position(k0="5C 6C", k1="KC", t0="3H", **{f"h{i}": "KS" for i in range(8)})
    state["board"]["quiet"] = QUIET_TURNS - 1
    state = ENGINE.apply(state, 0, move("t0", "w0"))
    assert state["games"] == [{"game": 1, "winner": None, "points": 0, "moves": 1}]
    assert state["game_no"] == 2 and state["scores"] == [0, 0]


def test_a_room_stored_before_packs_and_progress_plays_on():
    """A state stored by the previous version (two-character cards, no `progress`) loads and
    plays on; views never show a card's pack."""
    state = ENGINE.new_state({"mode": "stop"}, random.Random(5))
    board = state["board"]
    del board["progress"]
    for key in ("reserve", "hand", "houses", "foundations", "waste"):
        board[key] = [[card[:2] for card in pile] for pile in board[key]]
    rng = random.Random(1)
    for _ in range(400):
        seat = state["to_act"][0]
        state = ENGINE.apply(state, seat, ENGINE.bot_action(state, seat, rng, "casual"))
        view = ENGINE.view(state, 0)
        shown = [c for pile in view["houses"] + view["foundations"] for c in pile]
        assert all(len(card) == 2 for card in shown)
    assert state["board"]["quiet"] >= 0 and "progress" in state["board"]
