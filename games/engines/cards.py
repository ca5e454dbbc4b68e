"""Card notation and shoes.

A card is rank + suit: ranks `A 2 3 4 5 6 7 8 9 T J Q K`, suits `S H D C` ("TS", "AH");
a joker is "JK". All shuffling goes through an injected `random.Random`.
"""

import random

from live.words import Text, said_in

RANKS = "A23456789TJQK"
SUITS = "SHDC"
JOKER = "JK"
SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def deck(jokers: int = 0) -> list[str]:
    """One 52-card pack in a fixed order, plus `jokers` jokers."""
    return [rank + suit for suit in SUITS for rank in RANKS] + [JOKER] * jokers


def build_shoe(decks: int, jokers_per_deck: int = 0) -> list[str]:
    """`decks` packs together, unshuffled."""
    return deck(jokers_per_deck) * decks


def shuffled_shoe(decks: int, rng: random.Random, jokers_per_deck: int = 0) -> list[str]:
    """`decks` packs shuffled with `rng` (the only source of randomness)."""
    shoe = build_shoe(decks, jokers_per_deck)
    rng.shuffle(shoe)
    return shoe


def is_card(text: object) -> bool:
    """True for a well-formed card such as "TS" or "JK"."""
    return isinstance(text, str) and (
        text == JOKER or (len(text) == 2 and text[0] in RANKS and text[1] in SUITS)
    )


def card_name(card: str) -> Text:
    """The card as people write it in every language: 3♠, 10♥, J♦ (a joker in words)."""
    if card == JOKER:
        return said_in("playing card", "joker")
    return ("10" if card[0] == "T" else card[0]) + SYMBOLS[card[1]]
