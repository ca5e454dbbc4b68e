"""Burraco state and actions: the seat draw, the deal, the turn, the pozzetti, closing, the
end of a hand.

State (plain JSON; docs/game-record.md): `seat_draw` (each seat's card) and `order` (the
seats clockwise, from the first dealer), `stock` and `discards` (top = last), `hands` per
seat, `pozzetti` (two piles; emptied when taken, `pozzetto_taker` says by whom), `sides`
(lists of seats; partners opposite) with their `melds`, the turn (`turn`, `phase` "draw" |
"play" | "over", `to_act`), `pending_pozzetto` (the seats that went out by discard: each
takes its pozzetto at the start of its next turn; two can wait at once), `no_discard` (the
card of a one-card pile taken this turn), `quiet_turns`, `last_round` (variant `play_out`:
the stock is down to two cards, the hand ends with this discard), the match `scores` per
seat, the `history` of hands and `moves` (actions so far). Every hand is shuffled with
Random(f"{seed}/hand {n}"), so `apply` needs no rng and replaying the actions rebuilds the
state.

The stalemate (seed 002: the one-card pile goes round, nobody draws, the game makes no
progress, the hand ends and is scored): a hand ends when a whole round of the table, one
turn per seat in a row, each took a one-card discard pile and laid nothing on the table.
FIBUR's rule that a one-card pile may not be discarded again at once comes with it, so
every hand ends: stock draws, melded cards and pile takes are finite, and a round of
anything else is the stalemate.
"""

import random

from games.engines import tables
from games.engines.base import RulesError, clone, configure, derived_rng
from games.engines.burraco import notation
from games.engines.burraco.melds import (
    arrange_lay_off,
    arrange_new,
    choose,
    is_burraco,
    is_wild,
)
from games.engines.burraco.scoring import match_winners, seat_points, side_score, took_pozzetto
from games.engines.cards import build_shoe, card_name
from live.words import said

DEFAULTS = {
    "seats": 4,
    "target": 2000,  # seed; variants: 2005 (FIBUR tournaments), 1505
    "semi_clean": 0,  # variant: 150, a dirty burraco with 7 natural cards in a row
    "max_hands": 0,  # 0: play to the target; else also stop after this many hands
    # Variants, off by default (the seed's way is the default):
    "partners_by_seat": False,  # 0+2 against 1+3 as they sit, play from the dealer's left
    "end_swing": False,  # a wild at an end may swing to the other end when a card is added
    "play_out": False,  # FIBUR: who draws the stock down to two plays the turn out
}
HAND = 11
DRAW_ORDER = "34567891TJQKA2"  # for choosing the dealer: lowest deals; the joker is highest


def make_config(config: dict | None) -> dict:
    config = configure(config, DEFAULTS)
    if config["seats"] not in (2, 3, 4):
        raise RulesError(said("Burraco is played by 2, 3 or 4 players."))
    if config["target"] < 100:
        raise RulesError(said("The match target must be at least 100 points."))
    return config


def _draw_rank(card: str) -> tuple[int, int]:
    if card == "JK":
        return (99, 0)
    return (DRAW_ORDER.index("1" if card[0] == "T" else card[0]), "CDHS".index(card[1]))


def seat_draw(seed: int, seats: int) -> list[str]:
    """Each seat's card for choosing seats and the dealer; two identical cards draw again."""
    rng = derived_rng(seed, "dealer")
    while True:
        draw = rng.sample(build_shoe(2, 2), seats)
        if len({_draw_rank(card) for card in draw}) == seats:
            return draw


def seating(draw: list[str], by_seat: bool) -> tuple[list[int], list[list[int]]]:
    """(the seats clockwise from the first dealer, the sides). Seed: the lowest card deals,
    the highest sits at the dealer's left and plays first, the two high cards play the two
    low ones (partners opposite). Variant `partners_by_seat`: the lowest card deals, the
    seats play in their numbers' order, 0+2 against 1+3."""
    seats = len(draw)
    ranked = sorted(range(seats), key=lambda s: _draw_rank(draw[s]), reverse=True)
    if by_seat:
        dealer = ranked[-1]
        order = [(dealer + i) % seats for i in range(seats)]
        sides = [[0, 2], [1, 3]] if seats == 4 else [[s] for s in range(seats)]
        return order, sides
    if seats == 4:
        high, second, third, low = ranked
        return [low, high, third, second], [sorted([high, second]), sorted([third, low])]
    return [ranked[-1], *ranked[:-1]], [[s] for s in range(seats)]


def next_seat(state: dict, seat: int) -> int:
    """The seat at `seat`'s left (the next to play)."""
    order = state["order"]
    return order[(order.index(seat) + 1) % len(order)]


def new_state(config: dict | None, rng: random.Random) -> dict:
    return start(config, rng.getrandbits(64))


def start(config: dict | None, seed: int) -> dict:
    """The match's first state: the seat draw and the first deal, all from `seed`."""
    config = make_config(config)
    seats = config["seats"]
    draw = seat_draw(seed, seats)
    order, sides = seating(draw, config["partners_by_seat"])
    state = {
        "game": "burraco",
        "config": config,
        "seed": seed,
        "seat_draw": draw,
        "order": order,
        "partners": sides,
        "scores": [0] * seats,
        "history": [],
        "winners": None,
        "hand_no": 0,
        "dealer": order[-1],  # _deal moves the deal on by one: the first dealer is order[0]
        "moves": 0,
    }
    _deal(state)
    return state


def _deal(state: dict) -> None:
    seats = state["config"]["seats"]
    state["hand_no"] += 1
    state["dealer"] = next_seat(state, state["dealer"])
    cards = build_shoe(2, 2)
    derived_rng(state["seed"], f"hand {state['hand_no']}").shuffle(cards)
    hands = [cards[i * HAND : (i + 1) * HAND] for i in range(seats)]
    rest = cards[seats * HAND :]
    sizes = (18, 11) if seats == 3 else (11, 11)
    pozzetti = [rest[: sizes[0]], rest[sizes[0] : sum(sizes)]]
    rest = rest[sum(sizes) :]
    first = next_seat(state, state["dealer"])
    sides = [list(seats) for seats in state["partners"]]
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
        no_discard=None,
        last_round=False,
        quiet_turns=0,
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
            raise RulesError(said("You do not hold the %(card)s.", card=card_name(card)))
        left.remove(card)
    return left


def check_left(state: dict, seat: int, left: list[str], melds_after: list[dict]) -> None:
    """A player may meld their last card only to take the pozzetto on the fly, must keep a
    card they may discard (not the one-card pile just taken), and may keep one card only if
    discarding it would be a legal close (or a discard to the pozzetto)."""
    if left and all(card == state["no_discard"] for card in left):
        raise RulesError(NO_DISCARD)
    if can_take(state, seat) or len(left) > 1:
        return
    if not left:
        raise RulesError(said("Keep one card to discard: you cannot take a pozzetto now."))
    if not took_pozzetto(state, side_of(state, seat)):
        raise RulesError(
            said("You could not close with your last card: your side has no pozzetto yet.")
        )
    if not has_burraco(melds_after):
        raise RulesError(
            said("You could not close with your last card: your side needs a burraco.")
        )
    if is_wild(left[0]):
        raise RulesError(said("You could not close: the last discard may not be a wild card."))


# ---- actions ------------------------------------------------------------------------------


def apply(state: dict, seat: int, action: dict) -> dict:
    if not isinstance(action, dict) or action.get("type") not in HANDLERS:
        raise RulesError(said("Unknown action."))
    if seat not in state["to_act"]:
        raise RulesError(
            said("It is not your turn.") if state["phase"] != "over" else said("The match is over.")
        )
    phase, kind = state["phase"], action["type"]
    if kind not in PHASES[phase]:
        raise RulesError(PHASE_HINT[phase])
    state = clone(state)
    state["moves"] += 1
    HANDLERS[kind](state, seat, action)
    return state


NO_DISCARD = said(
    "You took the discard pile's only card: you may not discard it again this turn "
    "(keep another card to discard)."
)


def _draw(state, seat, action):
    _no_pending(state, seat)
    state["hands"][seat].append(state["stock"].pop())
    state["quiet_turns"] = 0
    state["phase"] = "play"
    if len(state["stock"]) <= 2:
        if not state["config"]["play_out"]:
            return _end_hand(state, "stock")  # seed: play stops at once
        state["last_round"] = True


def _take_discards(state, seat, action):
    _no_pending(state, seat)
    pile = state["discards"]
    if len(pile) == 1:  # FIBUR: not to be discarded again this turn
        if all(card == pile[0] for card in state["hands"][seat]):
            raise RulesError(said("You could discard nothing but that card: draw from the stock."))
        state["no_discard"] = pile[0]
        state["quiet_turns"] += 1
    else:
        state["quiet_turns"] = 0
    state["hands"][seat].extend(pile)
    state["discards"] = []
    state["phase"] = "play"


def _no_pending(state, seat):
    if seat in state["pending_pozzetto"]:
        raise RulesError(said("First take your pozzetto."))


def _take_pozzetto(state, seat, action):
    pending = seat in state["pending_pozzetto"]
    if not can_take(state, seat) or not (
        pending or (state["phase"] == "play" and not state["hands"][seat])
    ):
        raise RulesError(
            said("You take your pozzetto when you have played every card in your hand.")
        )
    _claim(state, seat)
    index = pozzetto_for(state, side_of(state, seat))
    state["hands"][seat] = state["pozzetti"][index]
    state["pozzetti"][index] = []
    state["pozzetto_taker"][index] = seat
    state["quiet_turns"] = 0
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
        raise RulesError(said("Pick the cards first."))
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
    state["quiet_turns"] = 0


def _lay_off(state, seat, action):
    _hand_not_empty(state, seat)
    cards = _cards(action)
    melds = state["melds"][side_of(state, seat)]
    target = action.get("meld")
    index = next((i for i, m in enumerate(melds) if m["id"] == target), None)
    if index is None:
        mine = any(m["id"] == target for side in state["melds"] for m in side)
        raise RulesError(
            said("You may add only to your own side's melds.")
            if mine
            else said("Tap one of your side's melds.")
        )
    left = remove_cards(state["hands"][seat], cards)
    options = arrange_lay_off(melds[index], cards, state["config"]["end_swing"])
    meld = choose(options, action.get("wild"))
    meld["id"] = target
    after = melds[:index] + [meld] + melds[index + 1 :]
    check_left(state, seat, left, after)
    melds[index] = meld
    state["hands"][seat] = left
    state["quiet_turns"] = 0


def _hand_not_empty(state, seat):
    if not state["hands"][seat]:
        raise RulesError(said("Take your pozzetto first."))


def _discard(state, seat, action):
    card = action.get("card")
    if not isinstance(card, str):
        raise RulesError(said("Pick the card to discard."))
    hand = state["hands"][seat]
    if not hand:
        raise RulesError(said("Take your pozzetto first."))
    if card == state["no_discard"]:
        raise RulesError(NO_DISCARD)
    left = remove_cards(hand, [card])
    side = side_of(state, seat)
    closing = not left and not can_take(state, seat)
    if closing:
        if not took_pozzetto(state, side):
            raise RulesError(said("You cannot close before your side has taken its pozzetto."))
        if not has_burraco(state["melds"][side]):
            raise RulesError(said("You cannot close yet: your side needs a burraco."))
        if is_wild(card):
            raise RulesError(said("You cannot close with a wild card: discard another card."))
    state["hands"][seat] = left
    state["discards"].append(card)
    if not left and not closing:
        state["pending_pozzetto"].append(seat)  # out by discard: the pozzetto next turn
        _claim(state, seat)
    if closing:
        state["closed_by"] = seat
        return _end_hand(state, "closed")
    if state["last_round"]:
        return _end_hand(state, "stock")
    if state["quiet_turns"] >= state["config"]["seats"]:
        return _end_hand(state, "stalemate")
    _next_turn(state)


def _next_turn(state):
    state["turn"] = next_seat(state, state["turn"])
    state["turn_no"] += 1
    state["phase"] = "draw"
    state["to_act"] = [state["turn"]]
    state["no_discard"] = None


HANDLERS = {
    "draw": _draw,
    "take_discards": _take_discards,
    "take_pozzetto": _take_pozzetto,
    "meld": _meld,
    "lay_off": _lay_off,
    "discard": _discard,
}
PHASES = {
    "draw": {"draw", "take_discards", "take_pozzetto"},
    "play": {"meld", "lay_off", "discard", "take_pozzetto"},
    "over": set(),
}
PHASE_HINT = {
    "draw": said("First draw a card from the stock or take the discard pile."),
    "play": said("You have drawn: meld, add to a meld, or discard."),
    "over": said("The match is over."),
}


# ---- the end of a hand and of the match -------------------------------------------------


def _end_hand(state: dict, how: str) -> None:
    """Score the hand that ended `how` ("closed", "stock", "stalemate"), give its table to
    a recording trace (games.engines.tables), and deal the next one unless the match is over."""
    closer = state["closed_by"]
    rows = [
        side_score(state, side, closer in seats, final=True)
        for side, seats in enumerate(state["sides"])
    ]
    points = seat_points(state, rows)
    state["scores"] = [a + b for a, b in zip(state["scores"], points, strict=True)]
    tables.closed(lambda: notation.notation(state))  # the trace's "end" entry
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
    winners = match_winners(state["scores"], config["target"], state["partners"])
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
