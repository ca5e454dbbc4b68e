"""Play a whole session with bots and print its record (format: docs/game-record.md).

    python -m games.play punto_banco --seed 7 --seats 4 --bots 4 --json

`--bots` only marks which seats (the first ones) the record calls bots: the CLI has nobody to
ask, so every seat is played by the bots of games/bots.py, each in its style (`style_for`, as
in a room; `--style NAME` gives every seat that style). The engine's deal comes from
Random(seed); the bots draw from their own Random("bots <seed>"), so `replay(game, config,
seed, actions)` rebuilds the final state from the record alone.

    python -m games.play punto_banco --styles 1000    # each style's result over 1,000 coups
    python -m games.play russian_bank --seed 3 --bots 2 --json --trace   # every pile, every move

A game with its own settings (`engine.settings`: Russian Bank's `--mode` and `--target`,
always two seats) takes only those; `--trace` records `engine.trace(state)` where a game
writes its table in its own notation, else the whole state.
"""

import argparse
import json
import random

from games.bots import bot_action, style_for, styles
from games.engines import _MODULES, RulesError, get_engine


def play(
    game: str,
    config: dict | None,
    seed: int,
    bots: int | None = None,
    kinds=None,
    trace: bool = False,
) -> dict:
    """The record of a session played to the end by bots; `kinds` (a style per seat)
    defaults to each seat's `style_for`, as in a room. With `trace`, also the full state
    (hidden cards included) after every action."""
    engine = get_engine(game)
    state = engine.new_state(config, random.Random(seed))
    seats = state["config"]["seats"]
    kinds = list(kinds or [style_for(engine, seed, seat) for seat in range(seats)])
    rng = random.Random(f"bots {seed}")
    actions, coups, states = [], [], []
    while not engine.is_over(state):
        seat = state["to_act"][0]
        action = bot_action(engine, state, seat, rng, kinds[seat])
        state = engine.apply(state, seat, action)
        actions.append({"seat": seat, "action": action})
        if trace:
            states.append(engine.trace(state) if hasattr(engine, "trace") else state)
        last = state.get("last_coup")
        if last and (not coups or coups[-1]["coup"] != last["coup"]):
            coups.append(last)
    result = engine.result(state)
    record = {
        "game": game,
        "seed": seed,
        "config": state["config"],
        "bots": list(range(seats if bots is None else bots)),
        "styles": kinds,
        "actions": actions,
        "coups": coups,
        "result": result,
    }
    if "net" in result:  # chip games: each style's net chips
        record["by_style"] = by_style(kinds, result["net"])
    return record | ({"trace": states} if trace else {})


def by_style(kinds: list[str], net: list[int]) -> dict:
    """Each style's seats and their summed net chips."""
    table = {}
    for kind, chips in zip(kinds, net, strict=True):
        row = table.setdefault(kind, {"seats": 0, "net": 0})
        row["seats"] += 1
        row["net"] += chips
    return table


def style_results(game: str, coups: int = 1000, seats: int = 4) -> dict:
    """Every style of `game` (random included) at one table for seeded sessions of 50
    coups, seats rotating through the styles, until `coups` coups are played: per style the
    seats, the coups they sat through and their net chips (1,000 each at the start)."""
    names = styles(get_engine(game))
    table = {name: {"seats": 0, "coups": 0, "net": 0} for name in names}
    played, seed = 0, 0
    while played < coups:
        kinds = [names[(seed + seat) % len(names)] for seat in range(seats)]
        config = {"seats": seats, "max_coups": min(50, coups - played)}
        record = play(game, config, seed, kinds=kinds)
        for kind, net in zip(kinds, record["result"]["net"], strict=True):
            table[kind]["seats"] += 1
            table[kind]["coups"] += record["result"]["coups"]
            table[kind]["net"] += net
        played += max(record["result"]["coups"], 1)
        seed += 1
    return table


def describe(record: dict) -> str:
    """A short human-readable account of a record (a game may tell its own)."""
    engine = get_engine(record["game"])
    if hasattr(engine, "describe"):
        return engine.describe(record)
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
    lines.append("styles " + "  ".join(f"{s} {r['net']:+d}" for s, r in record["by_style"].items()))
    return "\n".join(lines)


def describe_styles(table: dict) -> str:
    lines = []
    for name, row in table.items():
        per = 100 * row["net"] / max(row["coups"], 1)
        lines.append(
            f"{name:<9} {row['seats']:>4} seats {row['coups']:>6} seat-coups "
            f"net {row['net']:>+8,} chips ({per:+.1f} per 100 coups)"
        )
    return "\n".join(lines)


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(prog="python -m games.play")
    parser.add_argument("game", choices=sorted(_MODULES))
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--seats", type=int, help="how many seats (default 4)")
    parser.add_argument("--bots", type=int, default=None, help="how many seats are bots")
    parser.add_argument("--coups", type=int, help="the session's max coups (baccarat games)")
    parser.add_argument("--json", action="store_true", help="print the record as JSON")
    parser.add_argument("--style", help="every seat's bot style (default: one per seat by seed)")
    parser.add_argument("--styles", type=int, metavar="COUPS", help="each style's result")
    parser.add_argument("--trace", action="store_true", help="add the state after each action")
    parser.add_argument("--mode", help="Russian Bank: enforce (default) or stop")
    parser.add_argument("--target", type=int, help="Russian Bank: the match's points (300)")
    args = parser.parse_args(argv)
    engine = get_engine(args.game)
    own = getattr(engine, "settings", None)
    if own:  # a game with its own settings (Russian Bank: always two seats)
        config = {key: getattr(args, key) for key in own if getattr(args, key) is not None}
        try:
            args.seats = engine.new_state(config, random.Random(0))["config"]["seats"]
        except RulesError as error:
            parser.error(str(error))
    else:
        args.seats = args.seats or 4
        config = {"seats": args.seats}
        if args.coups is not None:
            config["max_coups"] = args.coups
    if args.bots is not None and not 0 <= args.bots <= args.seats:
        parser.error("--bots must be between 0 and --seats")
    names = styles(engine)
    if args.style is not None and args.style not in names:
        parser.error(f"--style must be one of: {', '.join(names)}")
    if args.styles and not hasattr(get_engine(args.game), "chips_total"):
        parser.error("--styles compares chip results: baccarat games only")
    if args.styles:
        print(describe_styles(style_results(args.game, args.styles, args.seats)))
        return
    kinds = args.style and [args.style] * args.seats
    try:
        record = play(args.game, config, args.seed, args.bots, kinds, trace=args.trace)
    except RulesError as error:  # a setting the game does not take, e.g. --coups for Bunco
        parser.error(str(error))
    print(json.dumps(record, indent=1) if args.json else describe(record))


if __name__ == "__main__":
    main()
