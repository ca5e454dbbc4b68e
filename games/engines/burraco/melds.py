"""Burraco cards and melds: values, wild cards, and laying cards into sets and sequences.

A meld is a dict: `id`, `kind` ("set" or "seq"), `cards` in table order, `wild` (the index
in `cards` of the card acting as a wild card, or None), and for a set its `rank`, for a
sequence its `suit` and `low` (the position of `cards[0]`). Positions run 1 (ace low), 2, ...,
13 (king), 14 (ace high); a sequence never holds both aces (no K-A-2). Jokers and 2s are wild,
except a 2 of a sequence's own suit in its own place (position 2), which is natural.

`arrange_new` and `arrange_lay_off` are the only judges of a meld: they return every way the
cards can lie (more than one only when a wild card may go to either end), or raise
`RulesError` saying why not. `legal.py` enumerates candidates and asks them.

A laid wild stays where it is until the card it stands for replaces it (FIBUR, Codice di
Gara art. 10); then it goes to an end, or to a gap the same lay-off opens. A 2 laid as a
wild stays wild wherever it goes. Variant `end_swing`: a wild at an end may also swing to
the other end when cards are added.
"""

from games.engines.base import RulesError
from games.engines.cards import card_name
from live.words import Words, said

VALUE = {"JK": 30, "2": 20, "A": 15, **dict.fromkeys("KQJT98", 10), **dict.fromkeys("76543", 5)}
RANK_POS = {rank: i + 1 for i, rank in enumerate("A23456789TJQK")}
MAX_SET = 9
BURRACO = 7

WILD_COUNT_SET = said("A set may hold only one wild card.")
WILD_COUNT_SEQ = said("A sequence may hold only one wild card.")


def value(card: str) -> int:
    return VALUE["JK" if card == "JK" else card[0]]


def is_wild(card: str) -> bool:
    """Wild in a set, and in a sequence unless it is that suit's 2 in its own place."""
    return card == "JK" or card[0] == "2"


def card_at(pos: int, suit: str) -> str:
    """The natural card for a sequence position."""
    return ("A" if pos in (1, 14) else "A23456789TJQK"[pos - 1]) + suit


def is_burraco(meld: dict) -> bool:
    return len(meld["cards"]) >= BURRACO


def natural_run(meld: dict) -> int:
    """The longest run of natural cards not broken by the wild (semi-clean burraco)."""
    if meld["wild"] is None:
        return len(meld["cards"])
    if meld["kind"] == "set":
        return len(meld["cards"]) - 1
    return max(meld["wild"], len(meld["cards"]) - 1 - meld["wild"])


def wild_stands_for(meld: dict) -> str | None:
    """The card the meld's wild card replaces ("7H"; for a set, its rank: "K")."""
    if meld["wild"] is None:
        return None
    if meld["kind"] == "set":
        return meld["rank"]
    return card_at(meld["low"] + meld["wild"], meld["suit"])


# ---- sets -------------------------------------------------------------------------------


def _set(cards: list[str], rank: str | None) -> dict:
    wilds = [c for c in cards if is_wild(c)]
    naturals = [c for c in cards if not is_wild(c)]
    if not naturals:
        raise RulesError(said("A meld may not be made only of wild cards."))
    ranks = {c[0] for c in naturals} | ({rank} if rank else set())
    if len(ranks) > 1:
        raise RulesError(said("A set is made of cards of one rank."))
    if len(wilds) > 1:
        raise RulesError(WILD_COUNT_SET)
    if len(cards) > MAX_SET:
        raise RulesError(said("A set holds at most %(n)s cards.", n=MAX_SET))
    naturals.sort(key=lambda c: "SHDC".index(c[1]))
    return {
        "kind": "set",
        "rank": ranks.pop(),
        "cards": naturals + wilds,
        "wild": len(naturals) if wilds else None,
    }


# ---- sequences ----------------------------------------------------------------------------


def _seq_options(suit: str, fixed: dict, loose: list[str], old_wild) -> tuple[list, str]:
    """Every arrangement of a sequence of `suit`: `fixed` {position: card} stays put, the
    `loose` cards are placed, and `old_wild` is None or (card, position, rule) with rule
    "stay" (it keeps its place), "end" (variant: it may also move to the other end) or "free"
    (its card was replaced: it may go wherever it fits, as a wild). Returns ([(low, cards,
    wild index)], the reason when there is none)."""
    plain, twos, wilds = [], [], []
    for card in loose:
        if card == "JK" or (card[0] == "2" and card[1] != suit):
            wilds.append(card)
        elif card[1] != suit:
            raise RulesError(said("A sequence is made of cards of one suit."))
        elif card[0] == "2":
            twos.append(card)
        else:
            plain.append(card)
    taken = dict(fixed)
    aces = [c for c in plain if c[0] == "A"]
    for card in plain:
        if card[0] == "A":
            continue
        pos = RANK_POS[card[0]]
        if pos in taken:
            raise RulesError(said("That sequence already has the %(card)s.", card=card_name(card)))
        taken[pos] = card
    if len(aces) > 1 or (aces and (1 in taken or 14 in taken)):
        raise RulesError(said("A sequence may hold only one ace: low (A-2-3) or high (Q-K-A)."))
    ace_spots = [1, 14] if aces else [None]
    # Which loose 2 of the suit (if any) lies in its own place; a laid wild never does.
    two_spots = [None]
    if 2 not in taken:
        two_spots += [i for i in range(len(twos)) if twos.index(twos[i]) == i]
    found, reason = (
        [],
        said("The cards of a sequence must follow each other; one wild card may fill one gap."),
    )
    for ace in ace_spots:
        for two in two_spots:
            naturals = dict(taken)
            if ace:
                if ace in naturals:
                    continue
                naturals[ace] = aces[0]
            if two is not None:
                naturals[2] = twos[two]
            spare = [c for i, c in enumerate(twos) if i != two] + wilds
            keep = old_wild
            if len(spare) + (keep is not None) > 1:
                reason = WILD_COUNT_SEQ
                continue
            lo, hi = min(naturals), max(naturals)
            if 1 in naturals and 14 in naturals:
                reason = said("A sequence may not turn the corner (no K-A-2).")
                continue
            gaps = [p for p in range(lo, hi + 1) if p not in naturals]
            if keep is None and not spare:
                spots, wild_card = ([] if gaps else [None]), None
            else:
                wild_card = spare[0] if spare else keep[0]
                spots = _wild_spots(lo, hi, gaps, keep)
                if keep and keep[2] == "stay" and not spots:
                    reason = said(
                        "The wild card stands for the %(card)s "
                        "and stays there until that card replaces it.",
                        card=card_name(card_at(keep[1], suit)),
                    )
            for spot in spots:
                cells = dict(naturals)
                if spot is not None:
                    cells[spot] = wild_card
                low, high = min(cells), max(cells)
                if low < 1 or high > 14 or (low == 1 and high == 14):
                    continue
                cards = [cells[p] for p in range(low, high + 1)]
                found.append((low, cards, None if spot is None else spot - low))
    return found, reason


def _wild_spots(lo: int, hi: int, gaps: list[int], keep) -> list:
    """Where the one wild card may lie around naturals spanning lo..hi with `gaps`."""
    if keep and keep[2] != "free":
        pos = keep[1]
        spots = []
        others = [g for g in gaps if g != pos]
        if not others and (pos in gaps or not lo <= pos <= hi) and lo - 1 <= pos <= hi + 1:
            spots.append(pos)
        if keep[2] == "end" and not gaps:  # a wild at an end may move to the other end
            spots.append(lo - 1 if pos > hi else hi + 1)
        return spots
    if len(gaps) > 1:
        return []
    if gaps:
        return gaps
    return [lo - 1, hi + 1]


def _pick(found: list, reason: Words) -> list:
    """The arrangements with the fewest wild cards, each once, wild lowest first."""
    if not found:
        raise RulesError(reason)
    fewest = min(w is not None for _, _, w in found)
    unique = {}
    for low, cards, wild in found:
        if (wild is not None) == fewest:
            unique.setdefault((low, tuple(cards)), (low, cards, wild))
    return sorted(unique.values(), key=lambda o: (o[0] + (o[2] or 0), o[0]))


def _seq_meld(suit: str, option) -> dict:
    low, cards, wild = option
    return {"kind": "seq", "suit": suit, "low": low, "cards": cards, "wild": wild}


def choose(options: list[dict], hint: str | None) -> dict:
    """One arrangement: the wild at the "low" or "high" end when both are possible."""
    if hint not in (None, "low", "high"):
        raise RulesError(said("Say which end the wild card goes to: the low end or the high end."))
    return options[0] if hint == "low" else options[-1]


# ---- the two judges -----------------------------------------------------------------------


def arrange_new(cards: list[str]) -> list[dict]:
    """Every way `cards` make one new meld (two only when a wild may go to either end)."""
    if len(cards) < 3:
        raise RulesError(said("A meld needs at least 3 cards."))
    naturals = [c for c in cards if not is_wild(c)]
    if not naturals:  # no 2 can be natural without another card of its suit
        raise RulesError(said("A meld may not be made only of wild cards."))
    if len(naturals) >= 2 and len({c[0] for c in naturals}) == 1:
        return [_set(list(cards), None)]
    suits = {c[1] for c in naturals}
    if len(suits) > 1:
        raise RulesError(said("A meld is a set (one rank) or a sequence (one suit)."))
    suit = suits.pop()
    found, reason = _seq_options(suit, {}, list(cards), None)
    return [_seq_meld(suit, o) for o in _pick(found, reason)]


def arrange_lay_off(meld: dict, cards: list[str], end_swing: bool = False) -> list[dict]:
    """Every way `meld` can take `cards`; melds are never merged or split. `end_swing`: the
    variant where a wild at an end may swing to the other end."""
    if not cards:
        raise RulesError(said("Pick the cards to add."))
    if meld["kind"] == "set":
        merged = _set(meld["cards"] + list(cards), meld["rank"])
        return [merged]
    suit, low, old = meld["suit"], meld["low"], meld["cards"]
    fixed = {low + i: c for i, c in enumerate(old) if i != meld["wild"]}
    old_wild = None
    if meld["wild"] is not None:
        pos = low + meld["wild"]
        natural = card_at(pos, suit)
        loose = list(cards)
        if natural in loose:  # the card the wild stands for replaces it
            rule = "free"
        elif end_swing and meld["wild"] in (0, len(old) - 1):
            rule = "end"
        else:
            rule = "stay"
        old_wild = (old[meld["wild"]], pos, rule)
        if any(is_wild(c) and not (c[0] == "2" and c[1] == suit) for c in cards):
            raise RulesError(WILD_COUNT_SEQ)
    found, reason = _seq_options(suit, fixed, list(cards), old_wild)
    return [_seq_meld(suit, o) for o in _pick(found, reason)]
