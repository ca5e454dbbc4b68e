"""Card-engine benchmark: bot-played coups per second, engine alone (no Django).

    python bench/engines.py [--seconds 2] [--games 500] [--matches 500]

For each game: whole sessions of 6 bot seats through the public interface (`apply` on JSON
state, bots choosing). For Punto Banco also the fast path the engine deals with, `play_coup`
over a shoe of card values (reshuffled at the cut card), and a same-run baseline: a bare loop
taking the same number of cards from the shoe and summing them. Last, the cost of the exact
edges the Punto Banco view shows (`edges` on a fresh composition, cache missed). Then each
bot style's result over 1,000 seeded coups per game (`games.play.style_results`: four seats
rotating through the styles, 1,000 chips each at the start).

Bunco (the card game), Russian Bank and Burraco: each pair of bot styles, random-legal and
each style against itself included (`games.play.pair_results`, what `python -m games.play
<game> --styles N` prints): the styles sit at alternate seats, which one sits first
alternates by seed; each side's wins, drawn and unfinished games (no end within 10,000
actions) and the actions a game took. Bunco over `--games` seeded 4-player deals; Russian
Bank over `--games` seeded matches to 1 point (a drawn game is dealt again) in each mode;
Burraco over `--style-matches` seeded two-player matches to 2005. Then moves per second of
the engine with the bots choosing, beside random-legal choosing as the same-run baseline.

Burraco (bench/burraco.py): the sensible bot's win rate against random-legal over seeded
4-player matches to 2005, actions per second, and `legal_actions` typical and worst case.
"""

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench import burraco  # noqa: E402
from games.bots import bot_action, style_for  # noqa: E402
from games.engines import ENGINES  # noqa: E402
from games.engines.baccarat import VALUE, play_coup  # noqa: E402
from games.engines.cards import shuffled_shoe  # noqa: E402
from games.engines.odds import edges, full_counts  # noqa: E402
from games.play import (  # noqa: E402
    describe_pairs,
    describe_styles,
    pair_results,
    style_results,
)


def timed(seconds, step):
    """Run step() (returns coups done) until `seconds` pass; coups per second."""
    coups, start = 0, time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        coups += step()
    return coups / elapsed


def engine_session(game, seed):
    engine, rng = ENGINES[game], random.Random(seed)
    state = engine.new_state({"seats": 6, "max_coups": 200, "chips": 10**6}, rng)
    styles = [style_for(engine, seed, seat) for seat in range(6)]
    actions = 0
    while not engine.is_over(state):
        seat = state["to_act"][0]
        state = engine.apply(state, seat, bot_action(engine, state, seat, rng, styles[seat]))
        actions += 1
    return state["coup_no"], actions


def fast_path(seconds):
    rng = random.Random(1)
    values = [VALUE[card[0]] for card in shuffled_shoe(8, rng)]
    end = len(values) - 16  # the cut card

    def play_shoe():
        pos = coups = 0
        while pos < end:
            _, _, pos = play_coup(values, pos)
            coups += 1
        rng.shuffle(values)
        return coups

    def bare_shoe():  # no rules: read 4 cards, then 0-2 more, as a coup does
        pos = coups = total = 0
        while pos < end:
            total += values[pos] + values[pos + 1] + values[pos + 2] + values[pos + 3]
            pos += 4 + (total & 1) + (total & 2 > 0)
            coups += 1
        rng.shuffle(values)
        return coups

    return timed(seconds, play_shoe), timed(seconds, bare_shoe)


def main(argv=None):
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--games", type=int, default=500, help="games for the bots' win rates")
    parser.add_argument("--matches", type=int, default=500, help="Burraco matches")
    parser.add_argument(
        "--style-matches", type=int, default=50, help="Burraco matches a pair of styles"
    )
    args = parser.parse_args(argv)
    for game in (game for game, engine in ENGINES.items() if hasattr(engine, "chips_total")):
        totals = [0, 0]
        seeds = iter(range(10**9))

        def step(game=game, totals=totals, seeds=seeds):
            coups, actions = engine_session(game, next(seeds))
            totals[0] += coups
            totals[1] += actions
            return coups

        rate = timed(args.seconds, step)
        per_coup = totals[1] / max(totals[0], 1)
        print(
            f"{game:<16} engine+bots  {rate:>10,.0f} coups/s  "
            f"{rate * per_coup:>8,.0f} actions/s ({per_coup:.1f} a coup)"
        )
    fast, bare = fast_path(args.seconds)
    print(f"{'punto_banco':<16} play_coup    {fast:>10,.0f} coups/s")
    print(f"{'baseline':<16} bare draws   {bare:>10,.0f} coups/s  (same shoe, no rules)")
    rng, calls, start = random.Random(2), 0, time.perf_counter()
    while time.perf_counter() - start < args.seconds / 4:
        edges([count - rng.randrange(8) for count in full_counts(8)])
        calls += 1
    print(f"{'edges':<16} per coup     {1000 * (time.perf_counter() - start) / calls:>10.1f} ms")
    for game in (game for game, engine in ENGINES.items() if hasattr(engine, "chips_total")):
        print(f"\n{game}: each bot style over 1,000 seeded coups")
        print(describe_styles(style_results(game, 1000, seats=4)))
    bunco_cards(args.games)
    russian_bank(args.games)
    print(f"\nburraco: each pair of styles over {args.style_matches} two-player matches")
    print(describe_pairs("burraco", pair_results("burraco", args.style_matches, {"seats": 2})))
    burraco.main(args.matches)


def bunco_deal(seed, bot_seats):
    """One seeded 4-player deal; `bot_seats` play the bot, the others random-legal moves."""
    engine, rng = ENGINES["bunco_cards"], random.Random(f"bench {seed}")
    state = engine.new_state({"seats": 4, "scoring": False}, random.Random(seed))
    moves = 0
    while not engine.is_over(state):
        seat = state["turn"]
        if seat in bot_seats:
            action = engine.bot_action(state, seat, rng)
        else:
            action = rng.choice(engine.legal_actions(state, seat))
        state = engine.apply(state, seat, action)
        moves += 1
    return state["winner"], moves


def bunco_cards(games):
    print(f"\nbunco_cards: each pair of styles over {games} 4-player deals")
    print(describe_pairs("bunco_cards", pair_results("bunco_cards", games, {"seats": 4})))
    rates = {}
    for label, seats in (("bots", {0, 1, 2, 3}), ("random-legal", set())):
        moves, start = 0, time.perf_counter()
        for seed in range(games // 5):
            moves += bunco_deal(seed, seats)[1]
        rates[label] = moves / (time.perf_counter() - start)
    print(
        f"{'bunco_cards':<16} all bots {rates['bots']:>10,.0f} moves/s  "
        f"all random-legal {rates['random-legal']:>10,.0f} moves/s (baseline)"
    )


def russian_bank_game(seed, players):
    """One seeded game; `players[seat]` is a bot style or "random". The winner's seat, or None
    for a drawn game, and the number of actions."""
    engine = ENGINES["russian_bank"]
    state = engine.new_state({"target": 1}, random.Random(seed))
    rng, actions = random.Random(f"bots {seed}"), 0
    while len(state["games"]) == 0:
        seat = state["to_act"][0]
        if players[seat] == "random":
            action = rng.choice(engine.legal_actions(state, seat))
        else:
            action = engine.bot_action(state, seat, rng, players[seat])
        state = engine.apply(state, seat, action)
        actions += 1
    return state["games"][0]["winner"], actions


def russian_bank(games):
    for mode in ("enforce", "stop"):
        print(f"\nrussian_bank ({mode} mode): each pair of styles over {games} matches to 1 point")
        rows = pair_results("russian_bank", games, {"mode": mode})
        print(describe_pairs("russian_bank", rows))
    for players in (("steady", "casual"), ("random", "random")):
        actions, start = 0, time.perf_counter()
        for seed in range(games // 5):
            actions += russian_bank_game(seed, players)[1]
        elapsed = time.perf_counter() - start
        label = "bots" if players[0] != "random" else "random-legal (baseline)"
        print(f"{'russian_bank':<16} {label}: {actions / elapsed:,.0f} moves/s")


if __name__ == "__main__":
    main()
