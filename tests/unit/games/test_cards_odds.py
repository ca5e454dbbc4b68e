"""Cards, shoes and exact odds."""

import itertools
import random
from collections import Counter
from fractions import Fraction

import pytest

from games.engines.baccarat import VALUE, play_coup
from games.engines.cards import RANKS, SUITS, build_shoe, deck, is_card, shuffled_shoe
from games.engines.odds import edges, full_counts, probabilities, value_counts


def test_deck_notation():
    cards = deck()
    assert len(cards) == len(set(cards)) == 52
    assert {"TS", "AH", "KC", "2D"} <= set(cards)
    assert all(is_card(card) for card in deck(jokers=2))
    assert deck(jokers=2)[-2:] == ["JK", "JK"]
    assert not any(is_card(text) for text in ("1S", "T", "TX", "10H", None))
    assert [card[0] for card in cards[:13]] == list(RANKS) and SUITS == "SHDC"


def test_shoe_counts_and_seeded_shuffle():
    shoe = shuffled_shoe(8, random.Random(5))
    assert Counter(shoe) == Counter(build_shoe(8)) and len(shoe) == 416
    assert shoe == shuffled_shoe(8, random.Random(5)) != shuffled_shoe(8, random.Random(6))


def test_full_shoe_composition():
    assert full_counts(8) == (128,) + (32,) * 9
    assert value_counts(build_shoe(8)) == list(full_counts(8))
    assert VALUE["K"] == VALUE["T"] == 0 and VALUE["A"] == 1 and VALUE["9"] == 9


def test_published_edges_for_eight_decks():
    edge = edges(full_counts(8))
    assert round(100 * edge["banker"], 2) == 1.06
    assert round(100 * edge["player"], 2) == 1.24
    assert round(100 * edge["tie"], 2) == 14.36


def test_edges_without_commission_favour_the_banker():
    assert edges(full_counts(8), commission=0)["banker"] < -0.012


def test_six_decks_known_edges():
    edge = edges(full_counts(6))
    assert round(100 * edge["banker"], 2) == 1.06
    assert round(100 * edge["player"], 2) == 1.24
    assert round(100 * edge["tie"], 2) == 14.44


@pytest.mark.parametrize("values", [[0, 0, 1, 2, 3, 4, 5, 6, 7], [0, 1, 3, 3, 4, 5, 5, 6, 9, 2]])
def test_enumeration_matches_brute_force_over_every_ordering(values):
    tally = Counter()
    for draw in itertools.permutations(values, 6):
        player, banker, _ = play_coup(draw, 0)
        tally["player" if player > banker else "banker" if banker > player else "tie"] += 1
    total = sum(tally.values())
    counts = [values.count(v) for v in range(10)]
    assert probabilities(counts) == {key: Fraction(tally[key], total) for key in tally}


def test_edges_refuse_a_shoe_too_small():
    with pytest.raises(ValueError):
        edges([1, 1, 1, 1, 1, 0, 0, 0, 0, 0])
