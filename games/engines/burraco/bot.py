"""Burraco bots: `sensible` and `random` (uniform over `legal_actions`).

The sensible bot, one action at a time:
- draw phase: takes a pozzetto it is owed; takes the discard pile when its cards build
  melds (a card that fits one of its side's melds, makes a set with two of the hand, or a
  run with two of its suit); otherwise draws;
- play phase: lays off natural cards and makes clean melds first, longest first, pushing
  melds towards 7 cards; keeps its wild cards for a burraco (the 7th card of a meld), or to
  go out to the pozzetto or close; closes only when its side is ahead (or the stock is
  nearly gone); otherwise keeps two cards;
- discards the card least useful to itself and least useful to the next opponent: never a
  wild, never a card that fits the next opponent's side's melds if it can help it, rather a
  high loose card.
Every move it picks is tried with the engine's own `apply` first, so it is always legal.
"""

import random

from games.engines.base import RulesError
from games.engines.burraco import legal
from games.engines.burraco.melds import RANK_POS, arrange_lay_off, card_at, is_wild, value
from games.engines.burraco.state import (
    apply,
    can_take,
    has_burraco,
    next_seat,
    side_of,
    took_pozzetto,
)


def choose(state: dict, seat: int, rng: random.Random, style: str = "sensible") -> dict | None:
    if seat not in state["to_act"]:
        return None
    if style == "random":
        return rng.choice(legal.legal_actions(state, seat))
    phase = state["phase"]
    if phase == "draw":
        if seat in state["pending_pozzetto"]:
            return {"type": "take_pozzetto"}
        take = {"type": "take_discards"}
        if _pile_builds(state, seat) and take in legal.legal_actions(state, seat):
            return take
        return {"type": "draw"}
    if not state["hands"][seat]:
        return {"type": "take_pozzetto"}
    return _best_meld(state, seat) or _discard(state, seat)


# ---- reading the table ------------------------------------------------------------------


def _ahead(state: dict, seat: int) -> int:
    """Our side's visible score minus the best other side's, counting hands as -8 a card."""
    totals = []
    for side, seats in enumerate(state["sides"]):
        melded = sum(value(c) for m in state["melds"][side] for c in m["cards"])
        bonus = sum(
            200 if m["wild"] is None else 100 for m in state["melds"][side] if len(m["cards"]) >= 7
        )
        cards = sum(len(state["hands"][s]) for s in seats)
        totals.append(melded + bonus - 8 * cards + (0 if took_pozzetto(state, side) else -100))
    mine = side_of(state, seat)
    return totals[mine] - max(t for i, t in enumerate(totals) if i != mine)


def _fits(meld: dict, card: str) -> bool:
    try:
        arrange_lay_off(meld, [card])
    except RulesError:
        return False
    return True


def _useful(card: str, hand: list[str], melds: list[dict]) -> bool:
    """Would `card` build something with this hand or these melds?"""
    if is_wild(card):
        return True
    if any(_fits(m, card) for m in melds):
        return True
    if sum(c[0] == card[0] for c in hand if c != "JK") >= 2:
        return True
    pos = RANK_POS[card[0]]
    spots = (pos - 2, pos - 1, pos + 1, pos + 2) if pos > 1 else (12, 13, 2, 3)
    near = {c for c in hand if c != "JK" and c[1] == card[1]}
    return sum(1 <= p <= 14 and card_at(p, card[1]) in near for p in spots) >= 2


def _pile_builds(state: dict, seat: int) -> bool:
    hand, melds = state["hands"][seat], state["melds"][side_of(state, seat)]
    pile = state["discards"]
    useful = sum(_useful(c, hand, melds) for c in pile)
    return useful >= 1 and (useful * 3 >= len(pile) or len(pile) <= 4)


# ---- melding ------------------------------------------------------------------------------


def _tries(state: dict, seat: int):
    """(score, action) candidates: natural lay-offs and clean melds, then wild moves."""
    hand = state["hands"][seat]
    melds = state["melds"][side_of(state, seat)]
    naturals = sorted({c for c in hand if not is_wild(c)})
    wilds = sorted({c for c in hand if is_wild(c)})
    for meld in melds:
        size = len(meld["cards"])
        for card in naturals:
            yield (
                30 + size + (40 if size == 6 else 0),
                {
                    "type": "lay_off",
                    "meld": meld["id"],
                    "cards": [card],
                },
            )
        if meld["wild"] is None and size == 6:
            for card in wilds:
                yield 45, {"type": "lay_off", "meld": meld["id"], "cards": [card]}
    for cards in _clean_melds(hand):
        yield 20 + len(cards), {"type": "meld", "cards": cards}
    few = len(hand) <= 4 or (len(hand) <= 6 and can_take(state, seat))
    if wilds and few:  # use a wild to get rid of the last cards
        for cards in _dirty_melds(naturals, wilds[0]):
            yield 10, {"type": "meld", "cards": cards}
        for meld in melds:
            if meld["wild"] is None:
                yield 5, {"type": "lay_off", "meld": meld["id"], "cards": [wilds[0]]}


def _clean_melds(hand: list[str]) -> list[list[str]]:
    found = []
    for rank in "A3456789TJQK":
        same = [c for c in hand if c[0] == rank and c != "JK"]
        if len(same) >= 3:
            found.append(same[:9])
    for suit in "SHDC":
        have = {p for p in range(1, 15) if card_at(p, suit) in hand}
        run = []
        for p in range(1, 16):
            if p in have and not (p == 14 and run and run[0] == 1):
                run.append(p)
                continue
            if len(run) >= 3:
                found.append([card_at(q, suit) for q in run])
            run = [p] if p in have else []
    return found


def _dirty_melds(naturals: list[str], wild: str) -> list[list[str]]:
    found = []
    for i, a in enumerate(naturals):
        for b in naturals[i + 1 :]:
            if a[0] == b[0] or (a[1] == b[1] and abs(RANK_POS[a[0]] - RANK_POS[b[0]]) <= 2):
                found.append([a, b, wild])
    return found


def _best_meld(state: dict, seat: int) -> dict | None:
    side = side_of(state, seat)
    closing_side = took_pozzetto(state, side) and not can_take(state, seat)
    hold = closing_side and _ahead(state, seat) < 0 and len(state["stock"]) > 8
    melds = {m["id"]: m for m in state["melds"][side]}
    swing = state["config"]["end_swing"]
    table = {k: v for k, v in state.items() if k != "history"}
    best = None
    for score, action in sorted(_tries(state, seat), key=lambda t: -t[0]):
        if best and score < best[0]:
            break
        try:  # the meld alone first (cheap), then the whole move on the table
            if action["type"] == "lay_off":
                arrange_lay_off(melds[action["meld"]], action["cards"], swing)
            after = apply(table, seat, action)
        except RulesError:
            continue
        left = len(after["hands"][seat])
        if hold and left < 2:
            continue  # behind: do not close yet
        if closing_side and left == 1 and not has_burraco(after["melds"][side]):
            continue
        best = (score, action)
        break
    return best[1] if best else None


# ---- discarding ---------------------------------------------------------------------------


def _discard(state: dict, seat: int) -> dict:
    options = legal.discards(state, seat)
    hand = state["hands"][seat]
    nxt = next_seat(state, seat)
    theirs = (
        state["melds"][side_of(state, nxt)] if side_of(state, nxt) != side_of(state, seat) else []
    )

    def keep(action):
        card = action["card"]
        rest = list(hand)
        rest.remove(card)
        score = 0
        if is_wild(card):
            score += 1000
        if any(_fits(m, card) for m in theirs):
            score += 200
        if _useful(card, rest, []):
            score += 60
        return score - value(card)

    return min(options, key=lambda a: (keep(a), a["card"]))
