"""Play a whole session with bots and print its record (format: docs/game-record.md).

    python -m games.play punto_banco --seed 7 --seats 4 --bots 4 --json

`--bots` only marks which seats (the first ones) the record calls bots: the CLI has nobody to
ask, so every seat is played by the bots of games/bots.py, each in its style (`style_for`, as
in a room; `--style NAME` gives every seat that style). The engine's deal comes from
Random(seed); the bots draw from their own Random("bots <seed>"), so `replay(game, config,
seed, actions)` rebuilds the final state from the record alone.

    python -m games.play punto_banco --styles 1000    # each style's result over 1,000 coups
    python -m games.play russian_bank --styles 200   # each pair of styles over 200 games
    python -m games.play russian_bank --seed 3 --bots 2 --json --trace   # every pile, every move

A game with its own settings (`engine.settings`: Russian Bank's `--mode` and `--target`,
always two seats) takes only those. `--trace` records every table the session passes
through: the first deal's, the one after each action, and at the end of each hand (game,
deal) its closing table and the next deal's, each in the game's own notation
(`engine.trace(state)`) where it has one, else the whole state.
"""

import argparse
import json
import random

from games.bots import bot_action, style_for, styles
from games.engines import _MODULES, RulesError, get_engine
from games.engines.tables import recording


def play(
    game: str,
    config: dict | None,
    seed: int,
    bots: int | None = None,
    kinds=None,
    trace: bool = False,
    cap: int | None = None,
) -> dict:
    """The record of a session played to the end by bots; `kinds` (a style per seat)
    defaults to each seat's `style_for`, as in a room. With `trace`, also every table the
    session passes through (`tables` below). With `cap`, the session stops after that many
    actions even if it has not ended (`"unfinished": true`)."""
    engine = get_engine(game)
    state = engine.new_state(config, random.Random(seed))
    seats = state["config"]["seats"]
    kinds = list(kinds or [style_for(engine, seed, seat) for seat in range(seats)])
    rng = random.Random(f"bots {seed}")
    actions, coups = [], []
    with recording() as closed:
        entries = [table(engine, state, "deal", 0)] if trace else []
        while not engine.is_over(state) and (cap is None or len(actions) < cap):
            seat = state["to_act"][0]
            action = bot_action(engine, state, seat, rng, kinds[seat])
            state = engine.apply(state, seat, action)
            actions.append({"seat": seat, "action": action})
            if trace:
                entries += tables(engine, state, len(actions), closed)
            closed.clear()
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
    if not engine.is_over(state):
        record["unfinished"] = True
    if "net" in result:  # chip games: each style's net chips
        record["by_style"] = by_style(kinds, result["net"])
    return record | ({"trace": entries} if trace else {})


def table(engine, state: dict, entry: str, after: int) -> dict:
    """One trace entry: what it is, how many actions came before it, and the table in the
    game's own notation (`engine.trace`), else the whole state."""
    own = engine.trace(state) if hasattr(engine, "trace") else state
    return {"entry": entry, "after": after} | own


def tables(engine, state: dict, after: int, closed: list[dict]) -> list[dict]:
    """The entries after action number `after`: the table it left ("action"), or, when it
    ended a hand, game or deal, that table ("end", from the engine's `tables.closed`) and
    the next deal's opening table ("deal"; none once the session is over)."""
    if not closed:
        return [table(engine, state, "action", after)]
    ends = [{"entry": "end", "after": after} | own for own in closed]
    return ends + ([] if engine.is_over(state) else [table(engine, state, "deal", after)])


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


# A game decided by one hand, game or deal (Burraco: the match, hands to 2005), so that
# --styles compares whole games; and the actions after which a session counts as unfinished.
ONE_GAME = {"russian_bank": {"target": 1}, "bunco_cards": {"scoring": False}}
CAP = 10_000


def winners(result: dict) -> list[int]:
    if "winners" in result:
        return list(result["winners"])
    return [] if result.get("winner") is None else [result["winner"]]


def pair_results(game: str, games: int = 100, config: dict | None = None) -> list[dict]:
    """Every pair of `game`'s styles (random-legal included), each style against itself too,
    over `games` seeded games each (`config`: the game's settings, two seats by default).
    The seats alternate between the pair's two sides; which style sits at seat 0 alternates
    by seed (against itself: side 0 is always the even seats, to show the seat's own edge).
    Per pair: each side's wins, drawn and unfinished games (no end within CAP actions), and
    the actions a finished game took on average."""
    names = styles(get_engine(game))
    config = ONE_GAME.get(game, {}) | {"seats": 2} | (config or {})
    rows = []
    for i, first in enumerate(names):
        for second in names[i:]:
            rows.append(pair_row(game, games, config, [first, second]))
    return rows


def pair_row(game: str, games: int, config: dict, pair: list[str]) -> dict:
    row = {"styles": pair, "games": games, "wins": [0, 0], "drawn": 0, "unfinished": 0}
    row["actions"] = 0
    for seed in range(games):
        swap = seed % 2 if pair[0] != pair[1] else 0
        sides = [(seat + swap) % 2 for seat in range(config["seats"])]
        record = play(game, config, seed, kinds=[pair[side] for side in sides], cap=CAP)
        if record.get("unfinished"):
            row["unfinished"] += 1
            continue
        won = {sides[seat] for seat in winners(record["result"])}
        row["actions"] += len(record["actions"])
        row["drawn"] += not won
        for side in won:
            row["wins"][side] += 1
    return row


def describe_pairs(game: str, rows: list[dict]) -> str:
    lines = []
    for row in rows:
        (a, b), (wa, wb), n = row["styles"], row["wins"], row["games"]
        if a == b:
            a, b = f"{a} (even seats)", f"{b} (odd seats)"
        done = n - row["unfinished"]
        length = f"{row['actions'] / done:,.0f} actions a game" if done else "no game ended"
        lines.append(
            f"{game} {a} vs {b}: {a} won {wa} of {n} ({100 * wa / n:.1f}%), {b} {wb} "
            f"({100 * wb / n:.1f}%), drawn {row['drawn']}, unfinished {row['unfinished']}; "
            f"{length}"
        )
    return "\n".join(lines)


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
    parser.add_argument(
        "--styles",
        type=int,
        metavar="N",
        help="each style's result: over N coups (baccarat games), else N games a pair of styles",
    )
    parser.add_argument("--trace", action="store_true", help="add every table, action by action")
    parser.add_argument("--mode", help="Russian Bank: enforce (default) or stop")
    parser.add_argument("--target", type=int, help="Russian Bank: the match's points (300)")
    args = parser.parse_args(argv)
    engine = get_engine(args.game)
    own = getattr(engine, "settings", None)
    asked = args.seats
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
    if args.styles and hasattr(engine, "chips_total"):
        print(describe_styles(style_results(args.game, args.styles, args.seats)))
        return
    if args.styles:
        config["seats"] = asked or (args.seats if own else 2)  # default: one seat each
        try:
            print(describe_pairs(args.game, pair_results(args.game, args.styles, config)))
        except RulesError as error:
            parser.error(str(error))
        return
    kinds = args.style and [args.style] * args.seats
    try:
        record = play(args.game, config, args.seed, args.bots, kinds, trace=args.trace)
    except RulesError as error:  # a setting the game does not take, e.g. --coups for Bunco
        parser.error(str(error))
    print(json.dumps(record, indent=1) if args.json else describe(record))


if __name__ == "__main__":
    main()
