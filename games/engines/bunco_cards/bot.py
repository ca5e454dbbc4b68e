"""The Bunco bot: it sees only what its seat sees (its hand, the public piles).

Each call picks one action; the turn is the sequence of calls. In order of preference:
1. the compulsory play (1s, then the Bunco pile's top), on the pile that helps the next
   player least;
2. a card that brings a table pile closer to its Bunco pile's top, when the gap can be
   bridged this turn with its hand, its surplus tops and, only for this, its wild cards;
3. any other number, from the hand first, then a surplus top, unless it leaves a pile
   needing the next player's Bunco top (the last card of the hand still goes: a new hand
   is worth more);
4. end the turn: lay a Stop card (dead weight), else the number needed latest by the table
   piles, a wild only when nothing else is left.
A drawn Stop card after the surplus is always played.
"""

import random

from games.engines.bunco_cards.cards import BUNCO, STOP
from games.engines.bunco_cards.turn import compulsory, legal_actions


def _danger(state: dict, seat: int, action: dict) -> int:
    """1 if `action` sets up the next player: the pile it builds then needs their Bunco top.
    (Guarding against every opponent too cost more games than it saved, measured.)"""
    shows = len(state["table"][action["to"]]) + 1 if action["to"] != "new" else 1
    pile = state["bunco"][(seat + 1) % state["config"]["seats"]]
    return int(shows < 10 and bool(pile) and pile[-1] == str(shows + 1))


def _bridge(state: dict, seat: int) -> dict | None:
    """The first card toward the cheapest table pile that can reach the Bunco top this turn."""
    pile = state["bunco"][seat]
    if not pile or pile[-1] in (BUNCO, STOP):
        return None
    top, hand = int(pile[-1]), state["hands"][seat]
    tops = {p[-1]: slot for slot, p in enumerate(state["surplus"][seat]) if p}
    wilds = hand.count(BUNCO) + (BUNCO in tops)
    best = None
    for to, shows in [*((i, len(p)) for i, p in enumerate(state["table"])), ("new", 0)]:
        if shows >= top - 1:
            continue
        needed = [str(v) for v in range(shows + 1, top)]
        missing = sum(1 for v in needed if v not in hand and v not in tops)
        if missing <= wilds and (best is None or (missing, len(needed)) < best[0]):
            best = ((missing, len(needed)), to, needed[0])
    if best is None:
        return None
    _, to, card = best
    if card in tops:
        return {"type": "play", "from": "surplus", "slot": tops[card], "card": card, "to": to}
    if card in hand:
        return {"type": "play", "from": "hand", "card": card, "to": to}
    if BUNCO in tops:
        return {"type": "play", "from": "surplus", "slot": tops[BUNCO], "card": BUNCO, "to": to}
    return {"type": "play", "from": "hand", "card": BUNCO, "to": to}


def _lay(state: dict, seat: int, lays: list[dict]) -> dict:
    """The card needed latest: the farthest above what every table pile needs next."""
    needs = [len(pile) + 1 for pile in state["table"]] or [1]

    def cost(action):
        card = action["card"]
        if card in (STOP, BUNCO):
            return (0 if card == STOP else 2, 0)  # a Stop card is dead weight; keep wilds
        return (1, -min((int(card) - need) % 11 for need in needs))

    return min(lays, key=cost)


def bot_action(state: dict, seat: int, rng: random.Random, style=None) -> dict | None:
    actions = legal_actions(state, seat)
    if not actions:
        return None
    if state["phase"] == "stop":
        return {"type": "stop"}
    if compulsory(state, seat):
        return min(actions, key=lambda a: (_danger(state, seat, a), -_height(state, a)))
    bridge = _bridge(state, seat)
    if bridge is not None:
        return bridge
    hand = state["hands"][seat]
    plays = [
        a for a in actions
        if a["type"] == "play" and a["card"] != BUNCO
        and (_danger(state, seat, a) == 0 or (a["from"] == "hand" and len(hand) == 1))
    ]  # fmt: skip
    if plays:
        return max(plays, key=lambda a: (a["from"] == "hand", _height(state, a), rng.random()))
    lays = [a for a in actions if a["type"] == "lay"]
    return _lay(state, seat, lays) if lays else actions[-1]


def _height(state: dict, action: dict) -> int:
    """How far built the target pile is (a new pile is 0): fuller piles are removed sooner."""
    return len(state["table"][action["to"]]) if action["to"] != "new" else 0
