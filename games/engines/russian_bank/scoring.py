"""The end of a game and of the match: 30 + 2 per card in the loser's reserve + 1 per card in
their hand and waste; the match goes on, game after game, until a seat reaches the target
(300). A game where `QUIET_TURNS` turns in a row put no card on a foundation is drawn (nobody
can make progress: the rules are silent, see docs/game-record.md) and a new one is dealt."""

from games.engines import tables
from games.engines.russian_bank.layout import deal, other
from games.engines.russian_bank.notation import table

QUIET_TURNS = 60


def game_points(board: dict, loser: int) -> int:
    turned = 1 if board["turned"][loser] else 0
    hand_and_waste = len(board["hand"][loser]) + len(board["waste"][loser]) + turned
    return 30 + 2 * len(board["reserve"][loser]) + hand_and_waste


def finish_game(state: dict, winner: int | None) -> None:
    """Score the game just ended (`winner` None: drawn), then deal the next or end the match."""
    board = state["board"]
    entry = {"game": state["game_no"], "winner": winner, "points": 0, "moves": state["moves"]}
    if winner is not None:
        loser = other(winner)
        entry["points"] = game_points(board, loser)
        entry["loser_left"] = {
            "reserve": len(board["reserve"][loser]),
            "hand": len(board["hand"][loser]) + (1 if board["turned"][loser] else 0),
            "waste": len(board["waste"][loser]),
        }
        state["scores"][winner] += entry["points"]
    state["games"].append(entry)
    state["window"] = None
    over = max(state["scores"]) >= state["config"]["target"]
    if over:
        state["phase"] = "over"
    tables.closed(lambda: table(state))
    if over:
        return
    state["game_no"] += 1
    state["board"] = deal(state["seed"], state["game_no"])
    state["last"] = None


def describe_games(result: dict) -> list[str]:
    lines = []
    for game in result["games"]:
        moves = f"after {game['moves']} moves"
        if game["winner"] is None:
            lines.append(
                f"game {game['game']:>2}: drawn, no card to a foundation in a while, {moves}"
            )
            continue
        left = game["loser_left"]
        lines.append(
            f"game {game['game']:>2}: seat {game['winner']} wins {game['points']} points (loser "
            f"keeps reserve {left['reserve']}, hand {left['hand']}, waste {left['waste']}), {moves}"
        )
    lines.append(f"scores {result['scores']}, winner seat {result['winner']}")
    return lines
