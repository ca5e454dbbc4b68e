"""What a seat sees: every face-up card (as a player reads it: rank and suit, not its pack),
and only the sizes of hands and reserves. Never the order of a hand, the reserve below its
top, the seed, or what a Stop window would undo."""

from games.engines.russian_bank.layout import cards_left, face, top
from games.engines.russian_bank.moves import compulsory, empty_house_fault

STOP_SECONDS = 10


def side(board: dict, seat: int) -> dict:
    return {
        "reserve_top": face(top(board["reserve"][seat])),
        "reserve": len(board["reserve"][seat]),
        "hand": len(board["hand"][seat]),
        "waste_top": face(top(board["waste"][seat])),
        "waste": len(board["waste"][seat]),
        "turned": face(board["turned"][seat]),
        "left": cards_left(board, seat),
    }


def window_view(window: dict | None) -> dict | None:
    if window is None:
        return None
    keys = ("seat", "mover", "move")
    return {key: window[key] for key in keys} | {"seconds": STOP_SECONDS}


def guidance(state: dict, seat: int | None) -> dict | None:
    """Enforce mode, the seat to play: the move that must come first (highlighted), or the
    empty-house rule that holds back the next hand card."""
    board = state["board"]
    if state["config"]["mode"] != "enforce" or seat is None or seat not in state["to_act"]:
        return None
    moves, why = compulsory(board, seat)
    if moves:
        return {"moves": moves, "why": why}
    fill = empty_house_fault(board, seat)
    if fill:
        empty = [f"h{i}" for i, house in enumerate(board["houses"]) if not house]
        return {
            "moves": [{"type": "move", "from": f"r{seat}", "to": h} for h in empty],
            "why": fill,
        }
    return None


def faces(piles: list[list[str]]) -> list[list[str]]:
    return [[face(card) for card in pile] for pile in piles]


def last_view(last: dict | None) -> dict | None:
    return last and last | ({"card": face(last["card"])} if "card" in last else {})


def view(state: dict, seat: int | None, legal: list[dict]) -> dict:
    board = state["board"]
    return {
        "game": "russian_bank",
        "mode": state["config"]["mode"],
        "target": state["config"]["target"],
        "phase": state["phase"],
        "game_no": state["game_no"],
        "scores": list(state["scores"]),
        "games": state["games"],
        "to_act": list(state["to_act"]),
        "turn": board["turn"],
        "sides": [side(board, s) for s in (0, 1)],
        "houses": faces(board["houses"]),
        "foundations": faces(board["foundations"]),
        "quiet": board["quiet"],
        "last": last_view(state["last"]),
        "window": window_view(state["window"]),
        "stops": state["stops"][-5:],
        "legal_actions": legal,
        "compulsory": guidance(state, seat),
    }
