"""The Russian Bank bots: every compulsory move, then what frees its reserve, then loads on
the opponent, and houses kept open; it turns a hand card only when nothing better is left.
Every step either empties a pile of its own or moves a card towards a foundation or the
opponent, so a turn always ends. Two styles (games/bots.py gives each bot seat one):

- "steady" makes every move worth making and, in Stop! mode, stops every fault;
- "casual" plays like a person in a hurry: it overlooks some of the fine moves (baring a
  card for a foundation, a turned card into an empty house), and in Stop! mode it now and
  then misses a compulsory move (one in twenty: a card that must go to a foundation, or the
  empty house its reserve must fill before it turns a hand card) and calls Stop on most of
  the faults it sees (four in five).
  It still beats random-legal play; steady beats it about two games in three.

A missed compulsory move is a fault: not among `legal_actions`, but a Stop! table lets it
stand until the opponent calls Stop (engine.py). In enforce mode the bots never fault.
"""

from games.engines.russian_bank import moves
from games.engines.russian_bank.layout import other

# Per style: the share of the fine moves (worth less than FINE) it overlooks, of the
# compulsory moves it misses in Stop! mode, and of the faults it stops.
STYLES = {
    "steady": {"misses": 0.0, "slips": 0.0, "stops": 1.0},
    "casual": {"misses": 0.15, "slips": 0.05, "stops": 0.8},
}
FINE = 40


def chance(rng, share: float) -> bool:
    """True with probability `share`; a certain outcome draws nothing from `rng` (so the
    steady bot's choices are what they always were for a seed)."""
    return share >= 1 or (share > 0 and rng.random() < share)


def bot_action(state: dict, seat: int, rng, style: str | None = None) -> dict | None:
    habits = STYLES[style or "steady"]
    window = state["window"]
    if window and window["seat"] == seat:
        stop = window["fault"] and chance(rng, habits["stops"])
        return {"type": "stop" if stop else "no_stop", "move": window["move"]}
    board = state["board"]
    if state["config"]["mode"] == "stop" and habits["slips"]:
        slip = slipped(board, seat, rng, habits)
        if slip:
            return slip
    legal = moves.legal_moves(board, seat)
    if not legal or legal[0]["type"] != "move" or legal[0]["to"][0] == "f":
        return rng.choice(legal) if len(legal) > 1 else (legal[0] if legal else None)
    return best(board, seat, legal, rng, habits["misses"])


def slipped(board: dict, seat: int, rng, habits: dict) -> dict | None:
    """Now and then (`slips`), the move it makes while blind to a compulsory one: the best
    of the others; None when nothing is compulsory or it sees it."""
    must, _ = moves.compulsory(board, seat)
    fill = not must and moves.empty_house_fault(board, seat)
    if not (must or fill) or not chance(rng, habits["slips"]):
        return None
    others = moves.free_moves(board, seat, fill_first=False)
    if fill:  # it turns a hand card (or plays on) without filling the empty house
        others = [m for m in others if m.get("from") != f"r{seat}"]
    return best(board, seat, others, rng, habits["misses"]) if others else None


def score(board: dict, seat: int, move: dict) -> int:
    """How much the move helps (0: not worth making now)."""
    source, target = move["from"], move["to"]
    houses, reserve = board["houses"], board["reserve"][seat]
    loading = target[0] in "rw" and target[1] == str(other(seat))
    if source[0] == "r":
        return 100 if loading else 90 if houses[int(target[1])] else 80
    if source[0] == "t":
        if target[0] == "w":
            return 0
        if loading:
            return 70
        return 60 if houses[int(target[1])] else (5 if not reserve else 0)
    below = houses[int(source[1])][:-1]  # a house card
    if loading:
        return 50
    if target[0] == "h" and not houses[int(target[1])]:
        return 0  # a house card to an empty house only shuffles
    if not below:  # the move empties a house: worth it when the reserve can fill it
        return 40 if reserve or board["turned"][seat] else 0
    if exposes_foundation(board, below[-1]):
        return 30
    return 0


def exposes_foundation(board: dict, card: str) -> bool:
    return any(moves.fits_foundation(card, f) for f in board["foundations"])


def best(board: dict, seat: int, legal: list[dict], rng, misses: float = 0.0) -> dict:
    end = [m for m in legal if m["type"] in ("turn", "pass") or m.get("to") == f"w{seat}"]
    ranked = [(score(board, seat, m), rng.random(), m) for m in legal if m not in end]
    ranked = [e for e in ranked if e[0] >= FINE or (e[0] > 0 and not chance(rng, misses))]
    if ranked:
        return max(ranked, key=lambda entry: entry[:2])[2]
    return end[0] if end else rng.choice(legal)
