"""Card positions built by hand for the engine tests: baccarat shoes stacked with chosen
cards, and Bunco cards' piles counted and disguised as one seat knows them."""

import json
from collections import Counter

# The spec's table, as printed in rules/baccarat.md: banker total, then T/S against the
# player's third card 0..9.
SPEC_TABLEAU = """
0-2 | T | T | T | T | T | T | T | T | T | T
3   | T | T | T | T | T | T | T | T | S | T
4   | S | S | T | T | T | T | T | T | S | S
5   | S | S | S | S | T | T | T | T | S | S
6   | S | S | S | S | S | S | T | T | S | S
7   | S | S | S | S | S | S | S | S | S | S
"""
RANK_OF_VALUE = "TA23456789"


def spec_cells():
    for line in SPEC_TABLEAU.strip().splitlines():
        label, *cells = (part.strip() for part in line.split("|"))
        low, _, high = label.partition("-")
        for banker in range(int(low), int(high or low) + 1):
            for third, rule in enumerate(cells):
                yield banker, third, rule


def cards(*values):
    return [RANK_OF_VALUE[v] + "SHDC"[i % 4] for i, v in enumerate(values)]


def stack(state, top):
    """Put `top` on top of the shoe, taking those cards out of it (cards stay conserved)."""
    for card in top:
        state["shoe"].remove(card)
    state["shoe"][:0] = top


def cards_of(state):
    """Every card of the game, wherever it is."""
    places = [
        *state["bunco"], *state["hands"], *(p for piles in state["surplus"] for p in piles),
        *state["table"], *state["deck"], state["removed"], state["aside"],
    ]  # fmt: skip
    return Counter(card for place in places for card in place)


def disguise(state, seat, rng):
    """The same game as `seat` knows it: the other hands and the deck dealt differently."""
    state = json.loads(json.dumps(state))
    others = [s for s in range(len(state["hands"])) if s != seat]
    pool = [c for s in others for c in state["hands"][s]] + [c for r in state["deck"] for c in r]
    rng.shuffle(pool)
    for s in others:
        size = len(state["hands"][s])
        state["hands"][s], pool = pool[:size], pool[size:]
    for ready in state["deck"]:
        ready[:], pool = pool[: len(ready)], pool[len(ready) :]
    state["seed"] += 1
    return state
