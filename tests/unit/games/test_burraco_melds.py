"""Burraco melds: every rule of rules/burraco.md "Melds", valid and invalid, in words."""

import pytest

from games.engines.base import RulesError
from games.engines.burraco.melds import arrange_lay_off, arrange_new, choose, wild_stands_for


def new(cards, hint=None):
    return choose(arrange_new(cards.split()), hint)


def add(meld, cards, hint=None):
    return choose(arrange_lay_off(meld, cards.split()), hint) | {"id": meld.get("id")}


def refused(call, *args, match):
    with pytest.raises(RulesError, match=match):
        call(*args)


def test_sets_one_rank_at_most_one_wild_never_only_wilds_at_most_nine():
    meld = new("KH KS KC JK")
    assert meld["kind"] == "set" and meld["rank"] == "K" and meld["cards"][-1] == "JK"
    assert meld["wild"] == 3 and wild_stands_for(meld) == "K"
    assert new("5H 5H 5D")["wild"] is None  # two packs: the same card twice is fine
    refused(new, "KH KS QC", match="one rank")
    refused(new, "KH KS JK 2C", match="only one wild")
    refused(new, "2H 2S 2C", match="only of wild")
    refused(new, "JK JK 2C", match="only of wild")
    refused(new, "KH KS", match="at least 3")
    eight = new("7S 7S 7H 7H 7D 7D 7C 7C")
    assert len(add(eight, "JK")["cards"]) == 9
    refused(add, add(eight, "JK"), "2D", match="only one wild")
    refused(add, new("7S 7H JK"), "2D", match="only one wild")
    refused(add, new("7S 7H 7D"), "8S", match="one rank")


def test_nine_is_the_most_a_set_holds():
    nine = new("QS QS QH QH QD QD QC QC JK")
    refused(add, new("QS QS QH QH QD QD QC QC"), "QC QC", match="Unused|at most 9")
    assert len(nine["cards"]) == 9


def test_sequences_one_suit_consecutive_ace_low_or_high_not_both():
    assert new("4H 5H 6H")["low"] == 4
    assert new("AH 2H 3H") == {
        "kind": "seq",
        "suit": "H",
        "low": 1,
        "cards": ["AH", "2H", "3H"],
        "wild": None,
    }
    assert new("QH KH AH")["low"] == 12
    refused(new, "KH AH 2H 3H", match="corner|follow|one wild")
    assert wild_stands_for(new("KH AH 2H")) == "QH"  # the 2 is wild here: Q-K-A
    refused(new, "4H 5H 6S", match="set .* or a sequence")
    refused(new, "4H 5H 7H 8H", match="follow each other")
    refused(new, "4H 5H 5H", match="already has the 5 of hearts")


def test_a_two_of_the_suit_in_its_own_place_is_natural():
    clean = new("AC 2C 3C")
    assert clean["wild"] is None
    dirty = add(clean, "JK")  # A-2-3 of clubs is clean and may still take one wild
    assert dirty["cards"] == ["AC", "2C", "3C", "JK"] and wild_stands_for(dirty) == "4C"
    assert new("2C 3C 4C")["wild"] is None
    wild_two = new("5C 2C 7C")  # a 2 of clubs out of its place stands in for the 6
    assert wild_two["cards"] == ["5C", "2C", "7C"] and wild_stands_for(wild_two) == "6C"
    refused(new, "5C 2C JK 8C", match="only one wild")
    assert new("2C 3C 2C 5C")["cards"] == ["2C", "3C", "2C", "5C"]  # one natural, one wild


def test_sequences_hold_at_most_one_wild():
    refused(new, "5H JK 7H 2S 9H", match="only one wild")
    seq = new("5H JK 7H")
    refused(add, seq, "2S", match="only one wild")
    refused(add, seq, "8H 2S", match="only one wild")


def test_rules_file_example_the_wild_moves_when_its_card_replaces_it():
    seq = new("6C JK 8C")
    assert wild_stands_for(seq) == "7C"
    refused(add, seq, "TC", match="stands for the 7 of clubs and stays")
    assert add(seq, "7C TC")["cards"] == ["6C", "7C", "8C", "JK", "TC"]


def test_a_replaced_wild_goes_to_either_end():
    seq = new("6C JK 8C")
    options = arrange_lay_off(seq, ["7C"])
    assert [o["cards"] for o in options] == [["JK", "6C", "7C", "8C"], ["6C", "7C", "8C", "JK"]]
    assert wild_stands_for(add(seq, "7C", "low")) == "5C"
    assert wild_stands_for(add(seq, "7C", "high")) == "9C"


def test_a_wild_at_an_end_may_move_to_the_other_end_when_a_card_is_added():
    seq = new("5S 6S JK")  # the joker is the 7 (a new wild goes high unless asked)
    assert wild_stands_for(seq) == "7S"
    assert wild_stands_for(new("5S 6S JK", "low")) == "4S"
    stay = add(seq, "8S")
    assert stay["cards"] == ["5S", "6S", "JK", "8S"]
    moved = add(seq, "4S", "low")
    assert moved["cards"] == ["JK", "4S", "5S", "6S"] and wild_stands_for(moved) == "3S"
    kept = add(seq, "4S", "high")
    assert kept["cards"] == ["4S", "5S", "6S", "JK"]
    refused(add, seq, "9S", match="follow each other|stays")


def test_an_interior_wild_stays_until_replaced():
    seq = new("4D JK 6D 7D")
    assert add(seq, "8D")["cards"] == ["4D", "JK", "6D", "7D", "8D"]
    refused(add, seq, "5D 3D 2S", match="only one wild")
    swapped = add(seq, "5D 3D")
    assert (
        swapped["cards"][:6] == ["3D", "4D", "5D", "6D", "7D", "JK"] or swapped["cards"][0] == "JK"
    )


def test_clean_and_dirty_burraco():
    clean = new("4H 5H 6H 7H 8H 9H TH")
    assert clean["wild"] is None and len(clean["cards"]) == 7
    dirty = new("4H 5H 6H JK 8H 9H TH")
    assert dirty["wild"] == 3


def test_a_meld_is_never_merged_or_split():
    a, b = new("3S 4S 5S"), new("7S 8S 9S")
    refused(add, a, "7S 8S 9S", match="follow each other")  # no gap-filling merge
    assert len(add(a, "6S")["cards"]) == 4 and len(b["cards"]) == 3


def test_long_sequences_ace_to_king_or_two_to_ace():
    low = new("AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS")
    assert low["wild"] is None and len(low["cards"]) == 13  # A-K, or 2-A with the 2 natural
    refused(add, new("AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS"), "AS", match="only one ace")
    high = new("3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS 2S")
    assert high["low"] == 2 and high["wild"] is None
