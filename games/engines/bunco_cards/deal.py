"""Dealing, drawing and the end of a deal (rules/bunco-cards.md: Deal, Object, Scoring).

Deal k of the match is shuffled with `derived_rng(seed, "deal k")`; the j-th new deck made
from the removed table piles with `derived_rng(seed, "deal k deck j")`, so `apply` needs no
rng and replaying the actions rebuilds every shuffle.
"""

from games.engines import tables
from games.engines.base import derived_rng, seats_from
from games.engines.bunco_cards.cards import BUNCO_PILE, HAND, STOP, pack, packs_for
from games.engines.bunco_cards.notation import table

FLINCH_RESERVES = 5  # without our one-surplus completion: Flinch's five reserve piles
WIN_BONUS, PER_CARD = 25, 5


def ready_hands(cards: list[str]) -> list[list[str]]:
    """The deck as face-down piles of five (sheet); the last is drawn first."""
    return [cards[i : i + HAND] for i in range(0, len(cards), HAND)][::-1]


def deal(state: dict) -> None:
    """A fresh deal: Bunco piles of 10 one card at a time from the dealer's left, then hands of
    5, the rest as ready hands; the player left of the dealer starts. A Stop card that would
    be set aside at once (on top of a Bunco pile; in a hand without our Stop completion) is
    replaced by the next card, in the same order, so every player starts with the same
    number of cards (issue 24: a dealer once started with 9)."""
    cfg = state["config"]
    seats = cfg["seats"]
    cards = pack(cfg["wild_bunco"]) * packs_for(seats, cfg["wild_bunco"])
    derived_rng(state["seed"], f"deal {state['deal_no']}").shuffle(cards)
    order = seats_from(state["dealer"] + 1, seats)
    bunco = [[] for _ in range(seats)]
    hands = [[] for _ in range(seats)]
    for _ in range(BUNCO_PILE):
        for seat in order:
            bunco[seat].append(cards.pop())
    for _ in range(HAND):
        for seat in order:
            hands[seat].append(cards.pop())
    aside = []
    for seat in order:  # (ours) a Stop card set aside at the deal is replaced from the deck:
        while bunco[seat][-1] == STOP:  # everyone starts with 10 Bunco cards and 5 in hand
            aside.append(bunco[seat].pop())
            bunco[seat].append(cards.pop())
        while not cfg["stop_cards"] and STOP in hands[seat]:
            hands[seat].remove(STOP)
            aside.append(STOP)
            hands[seat].append(cards.pop())
    slots = 1 if cfg["one_surplus"] else FLINCH_RESERVES
    state.update(
        deck=ready_hands(cards),
        decks_made=0,
        bunco=bunco,
        hands=hands,
        surplus=[[[] for _ in range(slots)] for _ in range(seats)],
        table=[],
        removed=[],
        aside=aside,
        idle=0,
        turns=0,
        turn=order[0],
        phase="play",
        to_act=[order[0]],
    )


def draw(state: dict, seat: int) -> list[str]:
    """`seat` takes the next ready hand; when the deck is used up the removed table piles are
    shuffled into a new one first (sheet). Returns the cards drawn (none if nothing is left)."""
    if not state["deck"] and state["removed"]:
        state["decks_made"] += 1
        cards = state["removed"]
        label = f"deal {state['deal_no']} deck {state['decks_made']}"
        derived_rng(state["seed"], label).shuffle(cards)
        state["deck"], state["removed"] = ready_hands(cards), []
    drawn = state["deck"].pop() if state["deck"] else []
    state["hands"][seat].extend(drawn)
    return drawn


def set_stops_aside(state: dict, seat: int) -> None:
    """Without our Stop completion a Stop card counts only in the sheet's case; anywhere else
    it is set aside as soon as it is in a hand."""
    hand = state["hands"][seat]
    stops = hand.count(STOP)
    if stops:
        hand[:] = [card for card in hand if card != STOP]
        state["aside"].extend([STOP] * stops)


def clear_bunco_stop(state: dict, seat: int) -> None:
    """(ours) A Stop card can never be played from a Bunco pile, so one that comes to the top
    is set aside at once, showing the card below."""
    pile = state["bunco"][seat]
    while pile and pile[-1] == STOP:
        state["aside"].append(pile.pop())


def end_deal(state: dict, winner: int, stalled: bool = False) -> None:
    """`winner` emptied their Bunco pile (or the deal stalled: the fewest cards left). With
    our scoring they score 25 + 5 a card left in the others' Bunco piles, and deals go on
    until someone reaches the target; without it one deal decides."""
    cfg = state["config"]
    left = [len(pile) for pile in state["bunco"]]
    points = WIN_BONUS + PER_CARD * (sum(left) - left[winner]) if cfg["scoring"] else 0
    state["scores"][winner] += points
    record = {"deal": state["deal_no"], "winner": winner, "points": points, "bunco_left": left}
    if stalled:
        record["stalled"] = True
    state["deals"].append(record)
    state["last_deal"] = record
    again = cfg["scoring"] and max(state["scores"]) < cfg["target"]
    if not again:
        state.update(phase="over", to_act=[], winner=winner)  # only the deal's winner scored
    tables.closed(lambda: table(state))
    if again:
        state["deal_no"] += 1
        state["dealer"] = (state["dealer"] + 1) % cfg["seats"]
        deal(state)
