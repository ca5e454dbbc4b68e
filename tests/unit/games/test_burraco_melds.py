"""Burraco melds: every rule of rules/burraco.md "Melds", valid and invalid, in words."""

import pytest

from games.engines.base import RulesError
from games.engines.burraco.melds import arrange_lay_off, arrange_new, choose, wild_stands_for


def new(cards, hint=None):
    return choose(arrange_new(cards.split()), hint)


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
    refused(new, "4H 5H 5H", match="already has the 5♥")


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
    refused(add, seq, "TC", match="stands for the 7♣ and stays")
    assert add(seq, "7C TC")["cards"] == ["6C", "7C", "8C", "JK", "TC"]


def test_a_replaced_wild_goes_to_either_end():
    seq = new("6C JK 8C")
    options = arrange_lay_off(seq, ["7C"])
    assert [o["cards"] for o in options] == [["JK", "6C", "7C", "8C"], ["6C", "7C", "8C", "JK"]]
    assert wild_stands_for(add(seq, "7C", "low")) == "5C"
    assert wild_stands_for(add(seq, "7C", "high")) == "9C"


def add(meld, cards, hint=None, end_swing=False):
    options = arrange_lay_off(meld, cards.split(), end_swing)
    return choose(options, hint) | {"id": meld.get("id")}


def test_a_wild_moves_only_when_the_card_it_stands_for_replaces_it():
    """FIBUR, Codice di Gara art. 10 (rules/burraco.md): "A wild stays where it was laid
    until the card it stands for replaces it; then it moves to an end of the same meld."
    The referee saw `2S=3H 4H 5H` + `6H` become `4H 5H 6H 2S=7H`."""
    seq = new("2S 4H 5H", "low")
    assert wild_stands_for(seq) == "3H"
    grown = add(seq, "6H", "high")
    assert grown["cards"] == ["2S", "4H", "5H", "6H"] and wild_stands_for(grown) == "3H"
    assert len(arrange_lay_off(seq, ["6H"])) == 1  # no second place to offer
    high = new("5S 6S JK")  # the joker is the 7 (a new wild goes high unless asked)
    assert add(high, "4S", "low")["cards"] == ["4S", "5S", "6S", "JK"]
    refused(add, high, "9S", match="stays")
    replaced = add(seq, "3H", "high")  # the 3 replaces it: the 2 goes to an end
    assert replaced["cards"] == ["3H", "4H", "5H", "2S"] and wild_stands_for(replaced) == "6H"


def test_a_2_laid_as_a_wild_never_becomes_natural():
    """rules/burraco.md: "A 2 standing in as a wild never becomes natural unless it is in its
    own place in its own suit *when laid*." The referee saw `4H 5H 2H=6H` + `3H` become
    `2H 3H 4H 5H`, a dirty meld turned clean with no card laid for the 2."""
    seq = new("4H 5H 2H")
    assert wild_stands_for(seq) == "6H"
    grown = add(seq, "3H")
    assert grown["cards"] == ["3H", "4H", "5H", "2H"] and grown["wild"] == 3
    swung = add(seq, "3H", "low", end_swing=True)  # even in the variant it stays wild
    assert swung["wild"] is not None
    assert new("2H 3H 4H")["wild"] is None  # laid in its own place: natural


def test_end_swing_variant_a_wild_at_an_end_may_swing_to_the_other_end():
    seq = new("5S 6S JK")
    moved = add(seq, "4S", "low", end_swing=True)
    assert moved["cards"] == ["JK", "4S", "5S", "6S"] and wild_stands_for(moved) == "3S"
    kept = add(seq, "4S", "high", end_swing=True)
    assert kept["cards"] == ["4S", "5S", "6S", "JK"]
    assert add(seq, "8S", end_swing=True)["cards"] == ["5S", "6S", "JK", "8S"]


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
