"""Burraco state and actions: the deal, the turn, the pozzetti, closing, the end of a hand.

State (plain JSON; docs/game-record.md): `stock` and `discards` (top = last), `hands` per
seat, `pozzetti` (two piles; emptied when taken, `pozzetto_taker` says by whom), `sides`
(lists of seats; partners opposite) with their `melds`, the turn (`turn`, `phase` "draw" |
"play" | "stalemate" | "over", `to_act`), `pending_pozzetto` (the seats that went out by
discard: each takes its pozzetto at the start of its next turn; two can wait at once),
`last_round` (the stock is down to two cards: the hand ends with this discard), the match
`scores` per seat and the `history` of hands. Every hand is shuffled with
Random(f"{seed}/hand {n}"), so `apply` needs no rng and replaying the actions rebuilds the
state.
"""

import random

from games.engines.base import RulesError, clone, configure, derived_rng
from games.engines.burraco.melds import (
    arrange_lay_off,
    arrange_new,
    card_name,
    choose,
    is_burraco,
    is_wild,
)
from games.engines.burraco.scoring import match_winners, seat_points, side_score, took_pozzetto
from games.engines.cards import build_shoe

DEFAULTS = {
    "seats": 4,
    "target": 2005,  # variants: 2000, 1505
    "semi_clean": 0,  # variant: 150, a dirty burraco with 7 natural cards in a row
    "stalemate": 0,  # variant (1): a hand may end by agreement when nobody draws
    "max_hands": 0,  # 0: play to the target; else also stop after this many hands
}
HAND = 11
DRAW_ORDER = "34567891TJQKA2"  # for choosing the dealer: lowest deals; the joker is highest


def make_config(config: dict | None) -> dict:
    config = configure(config, DEFAULTS)
    if config["seats"] not in (2, 3, 4):
        raise RulesError("Burraco is played by 2, 3 or 4 players.")
    if config["target"] < 100:
        raise RulesError("The match target must be at least 100 points.")
    if config["stalemate"] not in (0, 1):
        raise RulesError("The stalemate setting is 0 (off) or 1 (on).")
    return config


def _draw_rank(card: str) -> tuple[int, int]:
    if card == "JK":
        return (99, 0)
    return (DRAW_ORDER.index("1" if card[0] == "T" else card[0]), "CDHS".index(card[1]))


def new_state(config: dict | None, rng: random.Random) -> dict:
    config = make_config(config)
    seats = config["seats"]
    seed = rng.getrandbits(64)
    # Each player draws a card; the lowest deals (ties broken by suit, spades highest).
    draw = derived_rng(seed, "dealer").sample(build_shoe(2, 2), seats)
    dealer = min(range(seats), key=lambda s: _draw_rank(draw[s]))
    state = {
        "game": "burraco",
        "config": config,
        "seed": seed,
        "dealer_draw": draw,
        "scores": [0] * seats,
        "history": [],
        "winners": None,
        "hand_no": 0,
        "dealer": (dealer - 1) % seats,  # _deal moves the deal on by one
    }
    _deal(state)
    return state


def _deal(state: dict) -> None:
    seats = state["config"]["seats"]
    state["hand_no"] += 1
    state["dealer"] = (state["dealer"] + 1) % seats
    cards = build_shoe(2, 2)
    derived_rng(state["seed"], f"hand {state['hand_no']}").shuffle(cards)
    hands = [cards[i * HAND : (i + 1) * HAND] for i in range(seats)]
    rest = cards[seats * HAND :]
    sizes = (18, 11) if seats == 3 else (11, 11)
    pozzetti = [rest[: sizes[0]], rest[sizes[0] : sum(sizes)]]
    rest = rest[sum(sizes) :]
    first = (state["dealer"] + 1) % seats
    sides = [[0, 2], [1, 3]] if seats == 4 else [[s] for s in range(seats)]
    state.update(
        hands=hands,
        pozzetti=pozzetti,
        pozzetto_taker=[None, None],
        discards=[rest[-1]],
        stock=rest[:-1],
        sides=sides,
        melds=[[] for _ in sides],
        next_id=1,
        turn=first,
        turn_no=1,
        phase="draw",
        to_act=[first],
        pending_pozzetto=[],
        last_round=False,
        quiet_turns=0,
        stalemate=None,
        closed_by=None,
    )


# ---- who owns what ------------------------------------------------------------------------


def side_of(state: dict, seat: int) -> int:
    return next(i for i, seats in enumerate(state["sides"]) if seat in seats)


def pozzetto_for(state: dict, side: int) -> int | None:
    """The pozzetto this side has still to take, or None. In the 3-player form the first
    player to get there claims the big one (18 cards) and plays alone; the other two become
    partners for the 11 (`_claim`)."""
    if len(state["sides"]) == 3:
        return 0
    return side if state["pozzetto_taker"][side] is None else None


def can_take(state: dict, seat: int) -> bool:
    """This seat may go to the pozzetto: its side's is still there and no partner has gone
    out by discard and is waiting to take it."""
    side = side_of(state, seat)
    partners = [s for s in state["sides"][side] if s != seat]
    waiting = any(s in state["pending_pozzetto"] for s in partners)
    return pozzetto_for(state, side) is not None and not waiting


def has_burraco(melds: list[dict]) -> bool:
    return any(is_burraco(m) for m in melds)


def remove_cards(hand: list[str], cards: list[str]) -> list[str]:
    """`hand` without `cards` (as a multiset), or a RulesError naming a missing card."""
    left = list(hand)
    for card in cards:
        if card not in left:
            raise RulesError(f"You do not hold the {card_name(card)}.")
        left.remove(card)
    return left


def check_left(state: dict, seat: int, left: list[str], melds_after: list[dict]) -> None:
    """A player may meld their last card only to take the pozzetto on the fly, and may keep
    one card only if discarding it would be a legal close (or a discard to the pozzetto)."""
    if can_take(state, seat) or len(left) > 1:
        return
    if not left:
        raise RulesError("Keep one card to discard: you cannot take a pozzetto now.")
    if not took_pozzetto(state, side_of(state, seat)):
        raise RulesError("You could not close with your last card: your side has no pozzetto yet.")
    if not has_burraco(melds_after):
        raise RulesError("You could not close with your last card: your side needs a burraco.")
    if is_wild(left[0]):
        raise RulesError("You could not close: the last discard may not be a wild card.")


# ---- actions ------------------------------------------------------------------------------


def apply(state: dict, seat: int, action: dict) -> dict:
    if not isinstance(action, dict) or action.get("type") not in HANDLERS:
        raise RulesError("Unknown action.")
    if seat not in state["to_act"]:
        raise RulesError(
            "It is not your turn." if state["phase"] != "over" else "The match is over."
        )
    phase, kind = state["phase"], action["type"]
    if kind not in PHASES[phase]:
        raise RulesError(PHASE_HINT[phase])
    state = clone(state)
    HANDLERS[kind](state, seat, action)
    return state


def _draw(state, seat, action):
    _no_pending(state, seat)
    state["hands"][seat].append(state["stock"].pop())
    state["quiet_turns"] = 0
    if len(state["stock"]) <= 2:
        state["last_round"] = True
    state["phase"] = "play"


def _take_discards(state, seat, action):
    _no_pending(state, seat)
    state["hands"][seat].extend(state["discards"])
    state["discards"] = []
    state["quiet_turns"] += 1
    state["phase"] = "play"


def _no_pending(state, seat):
    if seat in state["pending_pozzetto"]:
        raise RulesError("First take your pozzetto.")


def _take_pozzetto(state, seat, action):
    pending = seat in state["pending_pozzetto"]
    if not can_take(state, seat) or not (
        pending or (state["phase"] == "play" and not state["hands"][seat])
    ):
        raise RulesError("You take your pozzetto when you have played every card in your hand.")
    _claim(state, seat)
    index = pozzetto_for(state, side_of(state, seat))
    state["hands"][seat] = state["pozzetti"][index]
    state["pozzetti"][index] = []
    state["pozzetto_taker"][index] = seat
    if pending:  # only this seat's wait ends (another may be waiting for its own)
        state["pending_pozzetto"].remove(seat)


def _claim(state, seat):
    """3 players: the first to reach a pozzetto plays alone, the other two together."""
    if len(state["sides"]) == 3:
        others = [s for s in range(3) if s != seat]
        melds = state["melds"]
        state["melds"] = [melds[seat], melds[others[0]] + melds[others[1]]]
        state["sides"] = [[seat], others]


def _cards(action, key="cards") -> list[str]:
    cards = action.get(key)
    if not isinstance(cards, list) or not cards or not all(isinstance(c, str) for c in cards):
        raise RulesError("Pick the cards first.")
    return cards


def _meld(state, seat, action):
    _hand_not_empty(state, seat)
    cards = _cards(action)
    left = remove_cards(state["hands"][seat], cards)
    meld = choose(arrange_new(cards), action.get("wild"))
    meld["id"] = state["next_id"]
    melds = state["melds"][side_of(state, seat)]
    check_left(state, seat, left, [*melds, meld])
    state["next_id"] += 1
    melds.append(meld)
    state["hands"][seat] = left


def _lay_off(state, seat, action):
    _hand_not_empty(state, seat)
    cards = _cards(action)
    melds = state["melds"][side_of(state, seat)]
    target = action.get("meld")
    index = next((i for i, m in enumerate(melds) if m["id"] == target), None)
    if index is None:
        mine = any(m["id"] == target for side in state["melds"] for m in side)
        raise RulesError(
            "You may add only to your own side's melds."
            if mine
            else "Tap one of your side's melds."
        )
    left = remove_cards(state["hands"][seat], cards)
    meld = choose(arrange_lay_off(melds[index], cards), action.get("wild"))
    meld["id"] = target
    after = melds[:index] + [meld] + melds[index + 1 :]
    check_left(state, seat, left, after)
    melds[index] = meld
    state["hands"][seat] = left


def _hand_not_empty(state, seat):
    if not state["hands"][seat]:
        raise RulesError("Take your pozzetto first.")


def _discard(state, seat, action):
    card = action.get("card")
    if not isinstance(card, str):
        raise RulesError("Pick the card to discard.")
    hand = state["hands"][seat]
    if not hand:
        raise RulesError("Take your pozzetto first.")
    left = remove_cards(hand, [card])
    side = side_of(state, seat)
    closing = not left and not can_take(state, seat)
    if closing:
        if not took_pozzetto(state, side):
            raise RulesError("You cannot close before your side has taken its pozzetto.")
        if not has_burraco(state["melds"][side]):
            raise RulesError("You cannot close yet: your side needs a burraco.")
        if is_wild(card):
            raise RulesError("You cannot close with a wild card: discard another card.")
    state["hands"][seat] = left
    state["discards"].append(card)
    if not left and not closing:
        state["pending_pozzetto"].append(seat)  # out by discard: the pozzetto next turn
        _claim(state, seat)
    if closing:
        state["closed_by"] = seat
        return _end_hand(state)
    if state["last_round"]:
        return _end_hand(state)
    _next_turn(state)


def _next_turn(state):
    seats = state["config"]["seats"]
    state["turn"] = (state["turn"] + 1) % seats
    state["turn_no"] += 1
    state["phase"] = "draw"
    state["to_act"] = [state["turn"]]
    state["stalemate"] = None


def _offer_stalemate(state, seat, action):
    if not state["config"]["stalemate"]:
        raise RulesError("This room does not play the stalemate rule.")
    if state["quiet_turns"] < state["config"]["seats"]:
        raise RulesError("A stalemate needs a full round in which nobody drew from the stock.")
    if state["stalemate"] is not None:
        raise RulesError("The others have already said no this turn.")
    others = [(seat + i) % state["config"]["seats"] for i in range(1, state["config"]["seats"])]
    state["stalemate"] = {"by": seat, "asked": others}
    state["phase"] = "stalemate"
    state["to_act"] = [others[0]]


def _answer_stalemate(state, seat, action):
    offer = state["stalemate"]
    if action["type"] == "refuse_stalemate":
        offer["refused_by"] = seat
        state["phase"], state["to_act"] = "draw", [offer["by"]]
        return
    rest = offer["asked"][offer["asked"].index(seat) + 1 :]
    if rest:
        state["to_act"] = [rest[0]]
        return
    _end_hand(state)


HANDLERS = {
    "draw": _draw,
    "take_discards": _take_discards,
    "take_pozzetto": _take_pozzetto,
    "meld": _meld,
    "lay_off": _lay_off,
    "discard": _discard,
    "offer_stalemate": _offer_stalemate,
    "agree_stalemate": _answer_stalemate,
    "refuse_stalemate": _answer_stalemate,
}
PHASES = {
    "draw": {"draw", "take_discards", "take_pozzetto", "offer_stalemate"},
    "play": {"meld", "lay_off", "discard", "take_pozzetto"},
    "stalemate": {"agree_stalemate", "refuse_stalemate"},
    "over": set(),
}
PHASE_HINT = {
    "draw": "First draw a card from the stock or take the discard pile.",
    "play": "You have drawn: meld, add to a meld, or discard.",
    "stalemate": "Answer the stalemate offer first.",
    "over": "The match is over.",
}


# ---- the end of a hand and of the match -------------------------------------------------


def _end_hand(state: dict) -> None:
    closer = state["closed_by"]
    rows = [
        side_score(state, side, closer in seats, final=True)
        for side, seats in enumerate(state["sides"])
    ]
    points = seat_points(state, rows)
    state["scores"] = [a + b for a, b in zip(state["scores"], points, strict=True)]
    how = (
        "closed"
        if closer is not None
        else "stalemate"
        if state["phase"] == "stalemate"
        else "stock"
    )
    state["history"].append(
        {
            "hand": state["hand_no"],
            "dealer": state["dealer"],
            "ended": how,
            "closed_by": closer,
            "sides": rows,
            "points": points,
            "scores": list(state["scores"]),
        }
    )
    config = state["config"]
    winners = match_winners(state["scores"], config["target"])
    if winners is None and config["max_hands"] and state["hand_no"] >= config["max_hands"]:
        best = max(state["scores"])
        winners = [s for s, score in enumerate(state["scores"]) if score == best]
    if winners is not None:
        state.update(winners=winners, phase="over", to_act=[])
        return
    _deal(state)


def all_cards(state: dict) -> list[str]:
    """Every card of the hand in play (the conservation check: always the 108)."""
    melded = [c for side in state["melds"] for m in side for c in m["cards"]]
    piles = [c for pile in state["pozzetti"] for c in pile]
    hands = [c for hand in state["hands"] for c in hand]
    return state["stock"] + state["discards"] + hands + piles + melded
