"""What each seat may see (and the big screen: seat None).

Public: every meld (with its wild card's place and burraco status), the whole discard pile,
how many cards are in the stock, in each hand and in each pozzetto (and who took it), the
scores. Private: a seat's own hand. Never: the stock's or the pozzetti's cards, another
seat's hand (partners included), the seed.
"""

from games.engines.burraco.legal import legal_actions
from games.engines.burraco.melds import VALUE, value, wild_stands_for
from games.engines.burraco.scoring import burraco_bonus, side_score
from games.engines.burraco.state import side_of

SUIT_ORDER = {"S": 0, "H": 1, "D": 2, "C": 3}
RANK_ORDER = {rank: i for i, rank in enumerate("3456789TJQKA2")}


def sort_key(card: str) -> tuple:
    """Suit, then rank (ace high, 2s after); jokers last."""
    if card == "JK":
        return (9, 99)
    return (SUIT_ORDER[card[1]], RANK_ORDER[card[0]])


def public_meld(meld: dict, config: dict) -> dict:
    bonus = burraco_bonus(meld, config)
    return {
        "id": meld["id"],
        "kind": meld["kind"],
        "cards": list(meld["cards"]),
        "wild": meld["wild"],
        "stands_for": wild_stands_for(meld),
        "burraco": bonus[0] if bonus else None,
        "points": sum(value(c) for c in meld["cards"]) + (bonus[1] if bonus else 0),
    }


def can(state: dict, seat: int | None) -> list[str]:
    """The kinds of action the seat may send now (the phone composes the cards)."""
    if seat is None or seat not in state["to_act"]:
        return []
    phase = state["phase"]
    if phase == "draw":
        return [a["type"] for a in legal_actions(state, seat)]
    if not state["hands"][seat]:
        return ["take_pozzetto"]
    return ["meld", "lay_off", "discard"]


def view(state: dict, seat: int | None) -> dict:
    config = state["config"]
    over = state["phase"] == "over"
    return {
        "game": "burraco",
        "config": config,
        "hand_no": state["hand_no"],
        "dealer": state["dealer"],
        "order": list(state["order"]),
        "turn": state["turn"],
        "phase": state["phase"],
        "to_act": list(state["to_act"]),
        "can": can(state, seat),
        "seat": seat,
        "side": None if seat is None else side_of(state, seat),
        "sides": [list(s) for s in state["sides"]],
        "hand": sorted(state["hands"][seat], key=sort_key) if seat is not None else None,
        "hand_sizes": [len(h) for h in state["hands"]],
        "melds": [[public_meld(m, config) for m in side] for side in state["melds"]],
        "running": [
            side_score(state, side, False, final=False)["total"]
            for side in range(len(state["sides"]))
        ],
        "discards": list(state["discards"]),
        "stock": len(state["stock"]),
        "pozzetti": [
            {"size": len(pile), "taken_by": taker}
            for pile, taker in zip(state["pozzetti"], state["pozzetto_taker"], strict=True)
        ],
        "pending_pozzetto": list(state["pending_pozzetto"]),
        "last_round": state["last_round"],
        "no_discard": state["no_discard"],
        "scores": list(state["scores"]),
        "target": config["target"],
        "last_hand": state["history"][-1] if state["history"] else None,
        "hands_played": len(state["history"]),
        "winners": state["winners"] if over else None,
        "values": VALUE,
    }
