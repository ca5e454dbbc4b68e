"""Burraco benchmark (engine alone, no Django); also run by bench/engines.py.

    python bench/burraco.py [--matches 500]

1. The sensible bot against random-legal: seeded 4-player matches to 2000 (the sensible pair
   on seats 0+2 for even seeds, 1+3 for odd ones); win rate with a 95% interval, hands per
   match, and actions per second of the whole match (both bots and the engine).
2. `legal_actions` on the positions met in those matches (typical: median and 99th
   percentile, with the list's length) and on a worst case: a 30-card hand, 20 melds of its
   side on the table. Same-run baseline: `clone` of the same state (a deep copy).
3. Two players (`--two-player`): seeded matches of sensible against sensible and against
   random-legal, won by the player who played first in the first hand or by the other (the
   dealer's seat alternates, so each plays first in every other hand), how the hands ended,
   and the longest match in actions.
"""

import argparse
import math
import random
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.engines.base import clone  # noqa: E402
from games.engines.burraco import ENGINE  # noqa: E402
from games.engines.burraco.melds import arrange_new, choose  # noqa: E402


def match(seed: int, samples: list | None = None) -> tuple[bool, int, int]:
    """(the sensible side won, hands, actions) for one seeded match."""
    state = ENGINE.new_state({"seats": 4}, random.Random(seed))
    rng, actions = random.Random(f"bots {seed}"), 0
    sensible = {seed % 2, seed % 2 + 2}
    while not ENGINE.is_over(state):
        seat = state["to_act"][0]
        style = "sensible" if seat in sensible else "random"
        if samples is not None and actions % 7 == 0 and state["phase"] == "play":
            start = time.perf_counter()
            listed = ENGINE.legal_actions(state, seat)
            samples.append((time.perf_counter() - start, len(listed)))
        state = ENGINE.apply(state, seat, ENGINE.bot_action(state, seat, rng, style))
        actions += 1
    return bool(set(state["winners"]) & sensible), len(state["history"]), actions


def two_player(seed: int, styles: tuple[str, str]) -> dict:
    """One seeded two-player match: `styles[0]` for the player who plays first in hand 1."""
    state = ENGINE.new_state({"seats": 2}, random.Random(seed))
    first = state["turn"]
    kinds = {first: styles[0], 1 - first: styles[1]}
    rng, actions = random.Random(f"bots {seed}"), 0
    while not ENGINE.is_over(state):
        seat = state["to_act"][0]
        state = ENGINE.apply(state, seat, ENGINE.bot_action(state, seat, rng, kinds[seat]))
        actions += 1
    return {
        "first_won": state["winners"] == [first],
        "actions": actions,
        "ended": [hand["ended"] for hand in state["history"]],
    }


PAIRS = (("sensible", "sensible"), ("sensible", "random"), ("random", "sensible"))


def two_player_report(matches: int, pairs=PAIRS) -> None:
    for styles in pairs:
        runs = [two_player(seed, styles) for seed in range(matches)]
        first = sum(run["first_won"] for run in runs)
        half = 1.96 * math.sqrt(0.25 / matches)
        ended = Counter(how for run in runs for how in run["ended"])
        hands = sum(ended.values())
        print(
            f"{'burraco 2p':<16} {styles[0]} first vs {styles[1]}: the first player won "
            f"{first}/{matches} ({100 * first / matches:.1f}%; 50% ± {100 * half:.1f} is chance),"
            f" {hands / matches:.1f} hands a match ("
            + ", ".join(f"{how} {100 * n / hands:.0f}%" for how, n in sorted(ended.items()))
            + f"), longest {max(run['actions'] for run in runs)} actions"
        )


def worst_case() -> dict:
    """Seat 0 holds 30 cards (two whole suits, both jokers, two 2s) and its side has 20
    melds that many of them fit."""
    state = ENGINE.new_state({"seats": 4}, random.Random(0))
    hearts = [r + "H" for r in "A23456789TJQK"]
    spades = [r + "S" for r in "A23456789TJQK"]
    state["hands"][0] = hearts + spades + ["JK", "JK", "2C", "2D"]
    melds = [f"{r}C {r}D {r}C" for r in "A3456789TJQK"]
    melds += ["4H 5H 6H", "9H TH JH", "4S 5S 6S", "9S TS JS"]
    melds += ["4D 5D 6D", "9D TD JD", "7D 8D 9D", "QD KD AD"]
    state["melds"][0] = [
        choose(arrange_new(m.split()), None) | {"id": i + 1} for i, m in enumerate(melds)
    ]
    state.update(phase="play", turn=0, to_act=[0])
    return state


def timed(call, repeat: int) -> float:
    start = time.perf_counter()
    for _ in range(repeat):
        call()
    return (time.perf_counter() - start) / repeat


def main(matches: int = 500) -> None:
    wins = hands = actions = 0
    samples = []
    start = time.perf_counter()
    for seed in range(matches):
        won, h, a = match(seed, samples)
        wins, hands, actions = wins + won, hands + h, actions + a
    elapsed = time.perf_counter() - start
    rate = wins / matches
    half = 1.96 * math.sqrt(rate * (1 - rate) / matches)
    print(
        f"{'burraco':<16} sensible vs random-legal: won {wins}/{matches} matches "
        f"({100 * rate:.1f}% ± {100 * half:.1f}), {hands / matches:.1f} hands a match"
    )
    print(
        f"{'burraco':<16} engine+bots  {actions / elapsed:>10,.0f} actions/s "
        f"({actions / matches:.0f} a match, {elapsed / matches:.2f} s a match)"
    )
    times = sorted(t for t, _ in samples)
    sizes = sorted(n for _, n in samples)
    p99 = times[int(0.99 * (len(times) - 1))]
    print(
        f"{'burraco':<16} legal_actions typical: median {1000 * statistics.median(times):.2f} ms,"
        f" p99 {1000 * p99:.2f} ms, median {statistics.median(sizes):.0f} actions"
        f" (max {sizes[-1]}; {len(samples)} positions)"
    )
    worst = worst_case()
    listed = ENGINE.legal_actions(worst, 0)
    cost = timed(lambda: ENGINE.legal_actions(worst, 0), 5)
    base = timed(lambda: clone(worst), 200)
    print(
        f"{'burraco':<16} legal_actions worst case (30 cards, 20 melds): {1000 * cost:.1f} ms"
        f" for {len(listed)} actions ({len(listed) / cost:,.0f} actions/s);"
        f" baseline clone {1000 * base:.3f} ms"
    )


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--matches", type=int, default=500)
    parser.add_argument("--two-player", action="store_true", help="only the 2-player matches")
    parser.add_argument(
        "--pair", help="with --two-player: one pair of styles, e.g. sensible,random"
    )
    args = parser.parse_args()
    if args.two_player:
        two_player_report(args.matches, [tuple(args.pair.split(","))] if args.pair else PAIRS)
    else:
        main(args.matches)
