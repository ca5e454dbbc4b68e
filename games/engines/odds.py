"""Exact Punto Banco odds: enumerate every draw from a shoe composition, no sampling.

A composition is `counts[v]` = cards of baccarat value v (0-9) left in the shoe. The first four
cards are enumerated as unordered pairs (the player's, then the banker's) with their ordered
multiplicities; the third cards by value. Every outcome is weighted by the number of ordered
6-card draws that produce it, so the tallies are exact integers over n(n-1)...(n-5).
"""

import argparse
from fractions import Fraction
from functools import lru_cache

from games.engines.baccarat import BANKER_DRAWS, VALUE


def full_counts(decks: int) -> tuple[int, ...]:
    """The composition of a full shoe: tens and court cards are worth 0."""
    return (16 * decks,) + (4 * decks,) * 9


def value_counts(cards) -> list[int]:
    """How many of `cards` have each baccarat value."""
    counts = [0] * 10
    for card in cards:
        counts[VALUE[card[0]]] += 1
    return counts


def _pairs(counts: list[int]):
    """(first, second, ordered ways) for every unordered two-card draw."""
    for a in range(10):
        if counts[a]:
            for b in range(a, 10):
                ways = counts[a] * (counts[b] - 1) if a == b else 2 * counts[a] * counts[b]
                if ways > 0:
                    yield a, b, ways


def _winner(p: int, b: int) -> int:
    return 0 if p > b else 1 if b > p else 2


def _tally(c: list[int], m: int, weight: int, p: int, b: int, out: list[int]) -> None:
    """Add the outcomes after player total p and banker total b, with c (m cards) left.

    out = [player wins, banker wins, ties]. The banker's third card is counted by totals:
    d[k] = cards that take the banker to k, above[k] = cards that take him to k or more.
    """
    if p >= 8 or b >= 8 or (p >= 6 and b >= 6):
        out[_winner(p, b)] += weight * m * (m - 1)
        return
    d = [c[(k - b) % 10] for k in range(10)]
    above = [0] * 11
    for k in range(9, -1, -1):
        above[k] = above[k + 1] + d[k]
    if p >= 6:  # the player stands, the banker draws
        _add_banker_draw(out, weight * (m - 1), p, d, above, m, None)
        return
    row = BANKER_DRAWS[b]
    for t in range(10):
        k = c[t]
        if not k:
            continue
        final = (p + t) % 10
        if row[t]:
            _add_banker_draw(out, weight * k, final, d, above, m - 1, (b + t) % 10)
        else:
            out[_winner(final, b)] += weight * k * (m - 1)


def _add_banker_draw(out, weight, p, d, above, left, gone) -> None:
    """The banker draws one of `left` cards against the player's final total p. `gone` is the
    total the player's third card would have given the banker (it has left the shoe), or None
    when the player stood."""
    banker = above[p + 1] - (gone is not None and gone > p)
    tie = d[p] - (gone == p)
    out[1] += weight * banker
    out[2] += weight * tie
    out[0] += weight * (left - banker - tie)


@lru_cache(maxsize=512)
def _outcomes(counts: tuple[int, ...]) -> tuple[int, int, int]:
    c = list(counts)
    m = sum(c) - 4
    out = [0, 0, 0]
    for p1, p2, player_ways in _pairs(c):
        c[p1] -= 1
        c[p2] -= 1
        for b1, b2, banker_ways in _pairs(c):
            c[b1] -= 1
            c[b2] -= 1
            _tally(c, m, player_ways * banker_ways, (p1 + p2) % 10, (b1 + b2) % 10, out)
            c[b1] += 1
            c[b2] += 1
        c[p1] += 1
        c[p2] += 1
    return out[0], out[1], out[2]


def probabilities(counts) -> dict[str, Fraction]:
    """Exact chances that the next coup is won by the player, the banker, or tied."""
    counts = tuple(counts)
    if len(counts) != 10 or sum(counts) < 6 or min(counts) < 0:
        raise ValueError("A shoe needs ten value counts and at least six cards.")
    player, banker, tie = _outcomes(counts)
    total = player + banker + tie
    return {
        "player": Fraction(player, total),
        "banker": Fraction(banker, total),
        "tie": Fraction(tie, total),
    }


def edges(counts, commission: int = 5) -> dict[str, float]:
    """House edge per unit bet on player, banker and tie (0.0106 = 1.06%): tie pays 8:1, a
    banker win pays 1:1 less the exact `commission` percent."""
    win = probabilities(counts)
    lose = {"player": win["banker"], "banker": win["player"], "tie": 1 - win["tie"]}
    pays = {"player": 1, "banker": 1 - Fraction(commission, 100), "tie": 8}
    return {bet: float(lose[bet] - pays[bet] * win[bet]) for bet in pays}


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(prog="python -m games.engines.baccarat")
    commands = parser.add_subparsers(dest="command", required=True)
    edge = commands.add_parser("edge", help="exact house edges for a full shoe")
    edge.add_argument("--decks", type=int, default=8)
    args = parser.parse_args(argv)
    for bet, value in edges(full_counts(args.decks)).items():
        print(f"{bet:<7} {100 * value:6.2f}%")
