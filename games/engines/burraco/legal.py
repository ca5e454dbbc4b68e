"""Every legal action of a seat, without enumerating subsets of the hand.

New melds and lay-offs are generated from the hand grouped by rank (sets: how many of each
suit, plus at most one wild) and by suit (sequences: a window of positions, at most one of
them left for a wild, plus at most one wild). That is polynomial in the hand: at most
14 x 14 windows x 14 wild spots x 5 kinds of wild per suit or meld. Each candidate is then
judged by melds.py, the same code `apply` uses, so the list and `apply` always agree.
"""

from collections import Counter
from itertools import product

from games.engines.base import RulesError
from games.engines.burraco.melds import (
    MAX_SET,
    arrange_lay_off,
    arrange_new,
    card_at,
    is_burraco,
    is_wild,
)
from games.engines.burraco.state import (
    can_take,
    has_burraco,
    side_of,
    took_pozzetto,
)

SET_RANKS = "A3456789TJQK"


def legal_actions(state: dict, seat: int) -> list[dict]:
    if seat not in state["to_act"]:
        return []
    phase = state["phase"]
    if phase == "draw":
        if seat in state["pending_pozzetto"]:
            return [{"type": "take_pozzetto"}]
        pile = state["discards"]
        if len(pile) == 1 and all(card == pile[0] for card in state["hands"][seat]):
            return [{"type": "draw"}]  # it could discard nothing else (FIBUR)
        return [{"type": "draw"}, {"type": "take_discards"}]
    hand = state["hands"][seat]
    if not hand:
        return [{"type": "take_pozzetto"}]
    return discards(state, seat) + new_melds(state, seat) + lay_offs(state, seat)


def discards(state: dict, seat: int) -> list[dict]:
    hand = state["hands"][seat]
    if len(hand) == 1 and not can_take(state, seat):  # the last card closes the hand
        side = side_of(state, seat)
        closable = took_pozzetto(state, side) and has_burraco(state["melds"][side])
        if not closable or is_wild(hand[0]):
            return []
    barred = state["no_discard"]
    return [{"type": "discard", "card": card} for card in sorted(set(hand)) if card != barred]


class _Left:
    """Whether a seat may be left with what a meld leaves it (state.check_left, fast)."""

    def __init__(self, state: dict, seat: int):
        self.size = len(state["hands"][seat])
        self.free = can_take(state, seat)
        side = side_of(state, seat)
        self.taken = took_pozzetto(state, side)
        self.burraco = has_burraco(state["melds"][side])
        self.hand = Counter(state["hands"][seat])
        self.barred = state["no_discard"]

    def ok(self, used: list[str], makes_burraco: bool) -> bool:
        left = self.size - len(used)
        if left and self.barred and (self.hand - Counter(used))[self.barred] == left:
            return False  # only the card it may not discard would be left
        if self.free or left > 1:
            return True
        if left == 0 or not self.taken or not (self.burraco or makes_burraco):
            return False
        last = self.hand - Counter(used)
        return not is_wild(next(iter(last)))


def _with_hints(options: list[dict], action: dict) -> list[dict]:
    if len(options) == 1:
        return [action]
    return [action | {"wild": "low"}, action | {"wild": "high"}]


def new_melds(state: dict, seat: int) -> list[dict]:
    hand = Counter(state["hands"][seat])
    left = _Left(state, seat)
    wilds = sorted(c for c in hand if is_wild(c))
    out = []
    for cards in _set_candidates(hand, wilds) + _seq_candidates(hand, wilds):
        try:
            options = arrange_new(cards)
        except RulesError:
            continue
        if left.ok(cards, len(cards) >= 7):
            out += _with_hints(options, {"type": "meld", "cards": cards})
    return out


def _set_candidates(hand: Counter, wilds: list[str]) -> list[list[str]]:
    found = []
    for rank in SET_RANKS:
        counts = [hand[rank + suit] for suit in "SHDC"]
        if sum(counts) + bool(wilds) < 3:
            continue
        for picks in product(*(range(n + 1) for n in counts)):
            naturals = [rank + s for s, n in zip("SHDC", picks, strict=True) for _ in range(n)]
            if len(naturals) >= 3:
                found.append(naturals)
            if len(naturals) >= 2 and len(naturals) < MAX_SET:
                found += [naturals + [w] for w in wilds]
    return found


def _available(hand: Counter, suit: str) -> list[bool]:
    """Position 0..15 of a sequence of `suit`: does the hand hold that natural card?"""
    return [0 < p < 15 and hand[card_at(p, suit)] > 0 for p in range(16)]


def _spare_wilds(hand: Counter, wilds: list[str], naturals: list[str]) -> list[str]:
    used = Counter(naturals)
    return [w for w in wilds if hand[w] > used[w]]


def _seq_candidates(hand: Counter, wilds: list[str]) -> list[list[str]]:
    found = []
    for suit in "SHDC":
        have = _available(hand, suit)
        for lo in range(1, 15):
            for hi in range(lo + 1, 15):
                if lo == 1 and hi == 14:
                    break
                missing = [p for p in range(lo, hi + 1) if not have[p]]
                if len(missing) > 1:
                    break
                window = [card_at(p, suit) for p in range(lo, hi + 1)]
                found += _fill(hand, wilds, window, missing, hi - lo + 1, suit, lo)
    return found


def _fill(hand, wilds, window, missing, length, suit, lo) -> list[list[str]]:
    """Candidates from a window of naturals: all of them (with or without a wild at an end),
    or all but one interior position, where a wild goes."""
    found = []
    if not missing:
        if length >= 3:
            found.append(window)
        found += [window + [w] for w in _spare_wilds(hand, wilds, window)]
        gaps = range(1, length - 1)
    else:
        gaps = [missing[0] - lo] if 0 < missing[0] - lo < length - 1 else []
    for gap in gaps:
        naturals = window[:gap] + window[gap + 1 :]
        found += [naturals + [w] for w in _spare_wilds(hand, wilds, naturals)]
    return found


def lay_offs(state: dict, seat: int) -> list[dict]:
    hand = Counter(state["hands"][seat])
    left = _Left(state, seat)
    wilds = sorted(c for c in hand if is_wild(c))
    out = []
    for meld in state["melds"][side_of(state, seat)]:
        if meld["kind"] == "set":
            candidates = _set_additions(hand, wilds, meld)
        else:
            candidates = _seq_additions(hand, wilds, meld)
        seen = set()
        for cards in candidates:
            key = tuple(sorted(cards))
            if key in seen:
                continue
            seen.add(key)
            try:
                options = arrange_lay_off(meld, cards, state["config"]["end_swing"])
            except RulesError:
                continue
            if left.ok(cards, len(meld["cards"]) + len(cards) >= 7 and not is_burraco(meld)):
                action = {"type": "lay_off", "meld": meld["id"], "cards": cards}
                out += _with_hints(options, action)
    return out


def _set_additions(hand: Counter, wilds: list[str], meld: dict) -> list[list[str]]:
    rank, room = meld["rank"], MAX_SET - len(meld["cards"])
    counts = [hand[rank + suit] for suit in "SHDC"]
    found = []
    for picks in product(*(range(n + 1) for n in counts)):
        naturals = [rank + s for s, n in zip("SHDC", picks, strict=True) for _ in range(n)]
        if naturals and len(naturals) <= room:
            found.append(naturals)
        if meld["wild"] is None and len(naturals) < room:
            found += [naturals + [w] for w in wilds]
    return found


def _seq_additions(hand: Counter, wilds: list[str], meld: dict) -> list[list[str]]:
    """Extend the sequence down to `a` and up to `b`, maybe replacing its wild; at most one
    new position is left for a wild (the meld's freed wild, or a new one if it has none)."""
    suit, lo = meld["suit"], meld["low"]
    hi = lo + len(meld["cards"]) - 1
    have = _available(hand, suit)
    old = meld["wild"]
    replace = [False]
    if old is not None and have[lo + old]:
        replace.append(True)
    lows = _reach(have, lo, -1)
    highs = _reach(have, hi, +1)
    found = []
    for a in lows:
        for b in highs:
            ext = list(range(a, lo)) + list(range(hi + 1, b + 1))
            unavailable = [p for p in ext if not have[p]]
            if len(unavailable) > 1:
                continue
            for swap in replace:
                extra = [card_at(lo + old, suit)] if swap else []
                gaps = unavailable or [None, *ext]
                for gap in gaps:
                    naturals = [card_at(p, suit) for p in ext if p != gap] + extra
                    if gap is None:
                        if naturals:
                            found.append(naturals)
                        if old is None:
                            found += [naturals + [w] for w in _spare_wilds(hand, wilds, naturals)]
                    elif old is None:
                        found += [naturals + [w] for w in _spare_wilds(hand, wilds, naturals)]
                    elif swap:
                        found.append(naturals)  # the freed wild fills the gap
    return found


def _reach(have: list[bool], end: int, step: int) -> list[int]:
    """How far a sequence ending at `end` may grow in direction `step` with at most one
    missing natural: every reachable new end (the first is `end` itself, no growth)."""
    ends, missing, pos = [end], 0, end + step
    while 1 <= pos <= 14:
        missing += not have[pos]
        if missing > 1:
            break
        ends.append(pos)
        pos += step
    return ends
