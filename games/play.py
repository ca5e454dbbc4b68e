"""Play a whole session with bots and print its record (format: docs/game-record.md).

    python -m games.play punto_banco --seed 7 --seats 4 --bots 4 --json

`--bots` only marks which seats (the first ones) the record calls bots: the CLI has nobody to
ask, so every seat is played by the bots of games/bots.py. The engine's deal comes from
Random(seed); the bots draw from their own Random("bots <seed>"), so `replay(game, config,
seed, actions)` rebuilds the final state from the record alone.
"""

import argparse
import json
import random

from games.bots import bot_action
from games.engines import _MODULES, get_engine


def play(game: str, config: dict | None, seed: int, bots: int | None = None) -> dict:
    """The record of a session played to the end by bots."""
    engine = get_engine(game)
    state = engine.new_state(config, random.Random(seed))
    rng = random.Random(f"bots {seed}")
    actions, coups = [], []
    while not engine.is_over(state):
        seat = state["to_act"][0]
        action = bot_action(engine, state, seat, rng)
        state = engine.apply(state, seat, action)
        actions.append({"seat": seat, "action": action})
        last = state.get("last_coup")
        if last and (not coups or coups[-1]["coup"] != last["coup"]):
            coups.append(last)
    seats = state["config"]["seats"]
    return {
        "game": game,
        "seed": seed,
        "config": state["config"],
        "bots": list(range(seats if bots is None else bots)),
        "actions": actions,
        "coups": coups,
        "result": engine.result(state),
    }


def describe(record: dict) -> str:
    """A short human-readable account of a record."""
    lines = [f"{record['game']} seed {record['seed']}: {len(record['actions'])} actions"]
    for coup in record["coups"]:
        hands = "  ".join(
            f"{hand} {' '.join(cards)} ({coup['totals'][hand]})"
            for hand, cards in coup["cards"].items()
        )
        moved = " ".join(f"{delta:+d}" for delta in coup["chips"]["seats"])
        lines.append(f"coup {coup['coup']:>3}: {hands}  -> {coup['winner']}  [{moved}]")
    result = record["result"]
    lines.append(
        f"chips {result['chips']}  house {result['house']}  commission {result['commission']}"
    )
    return "\n".join(lines)


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(prog="python -m games.play")
    parser.add_argument("game", choices=sorted(_MODULES))
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--seats", type=int, default=4)
    parser.add_argument("--bots", type=int, default=None, help="how many seats are bots")
    parser.add_argument("--coups", type=int, default=30, help="the session's max coups")
    parser.add_argument("--json", action="store_true", help="print the record as JSON")
    args = parser.parse_args(argv)
    if args.bots is not None and not 0 <= args.bots <= args.seats:
        parser.error("--bots must be between 0 and --seats")
    config = {"seats": args.seats, "max_coups": args.coups}
    record = play(args.game, config, args.seed, args.bots)
    print(json.dumps(record, indent=1) if args.json else describe(record))


if __name__ == "__main__":
    main()
