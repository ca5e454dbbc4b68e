"""Russian Bank positions built by hand for the tests."""

import random

from games.engines.russian_bank import ENGINE


def position(turn=0, mode="enforce", target=300, **piles):
    """A state with only the given piles (names as in the trace: r0 k0 w0 t0 h0-h7 f0-f7;
    cards bottom to top)."""
    state = ENGINE.new_state({"mode": mode, "target": target}, random.Random(0))
    board = {
        "reserve": [[], []], "hand": [[], []], "waste": [[], []], "turned": [None, None],
        "houses": [[] for _ in range(8)], "foundations": [[] for _ in range(8)],
        "turn": turn, "quiet": 0, "progress": False,
    }  # fmt: skip
    keys = {"r": "reserve", "k": "hand", "w": "waste", "h": "houses", "f": "foundations"}
    for name, text in piles.items():
        if name[0] == "t":
            board["turned"][int(name[1])] = text
        else:
            board[keys[name[0]]][int(name[1:])] = text.split()
    state["board"] = board
    state["to_act"] = ENGINE._to_act(state)
    return state
