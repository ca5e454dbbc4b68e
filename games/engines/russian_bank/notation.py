"""The trace notation of `python -m games.play russian_bank --trace` (docs/game-record.md):
the whole table, hidden cards and each card's pack included, for records and tests only."""

from games.engines.russian_bank.layout import HOUSES_EACH
from live.words import english


def piles(board: dict) -> dict:
    """Every pile in order, bottom to top: a string of cards separated by spaces."""
    named = {}
    for seat in (0, 1):
        named[f"r{seat}"] = " ".join(board["reserve"][seat])
        named[f"k{seat}"] = " ".join(board["hand"][seat])
        named[f"w{seat}"] = " ".join(board["waste"][seat])
        named[f"t{seat}"] = board["turned"][seat] or ""
    for i in range(2 * HOUSES_EACH):
        named[f"h{i}"] = " ".join(board["houses"][i])
    for i in range(2 * HOUSES_EACH):
        named[f"f{i}"] = " ".join(board["foundations"][i])
    return named


def board_table(board: dict) -> dict:
    """The seat to play, the quiet-turn count and every pile."""
    return {
        "turn": board["turn"],
        "quiet": board["quiet"],
        "progress": bool(board.get("progress")),
        "piles": piles(board),
    }


def window_table(window: dict | None) -> dict | None:
    """An open Stop window: who may call, whose move, its fault and the board a Stop restores."""
    if window is None:
        return None
    keys = ("move", "seat", "mover")
    return {key: window[key] for key in keys} | {
        "fault": window["fault"] and english(window["fault"]),  # the record keeps the English
        "before": board_table(window["before"]),
    }


def table(state: dict) -> dict:
    head = {"game": state["game_no"], "phase": state["phase"], "scores": list(state["scores"])}
    return head | board_table(state["board"]) | {"window": window_table(state["window"])}
