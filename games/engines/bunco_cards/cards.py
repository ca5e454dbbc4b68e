"""The Bunco pack and what fits where (rules/bunco-cards.md).

A card is a string: "1" to "10" for the numbered series, "B" for a Bunco card (wild, ours),
"S" for a Stop card. A table pile is the list of cards played on it; since piles are built
1, 2, 3 ... in sequence (a Bunco card standing for the number it covers), a pile of n cards
shows n and needs n + 1 next. A pile that reaches 10 is removed.
"""

from collections import Counter

from live.words import Text, said

BUNCO = "B"
STOP = "S"
NUMBERS = tuple(str(n) for n in range(1, 11))
FULL_PILE = 10
PACK_SIZE = 115
MAX_SEATS_ONE_PACK = 7  # (sheet) 2 to 7 players with one pack, up to 14 with two
STOPS = 5  # Stop cards in a pack
HAND = 5
BUNCO_PILE = 10


def pack(wild_bunco: bool = True) -> list[str]:
    """One pack in a fixed order: 10 series 1-10, 10 Bunco cards, 5 Stop cards (115). Without
    the wild completion the Bunco cards stay in the box: the sheet never says how they play."""
    return [*NUMBERS * 10, *[BUNCO] * (10 if wild_bunco else 0), *[STOP] * STOPS]


def packs_for(seats: int, wild_bunco: bool = True) -> int:
    """The sheet's packs for `seats`, and one more while the deal would leave fewer cards than
    it may need to replace Stop cards dealt where they are set aside (deal.py): without the
    wild Bunco cards a pack is 105 cards, exactly what 7 players are dealt."""
    packs = 1 if seats <= MAX_SEATS_ONE_PACK else 2
    while packs * len(pack(wild_bunco)) - seats * (BUNCO_PILE + HAND) < packs * STOPS:
        packs += 1
    return packs


def full_count(packs: int, wild_bunco: bool = True) -> Counter:
    """How many of each card the game holds: conservation checks compare against this."""
    return Counter(pack(wild_bunco) * packs)


def targets(card: str, table: list[list[str]]) -> list[int | str]:
    """The table piles `card` may go on (their indexes), and "new" if it may start a pile."""
    if card == STOP:
        return []
    if card == BUNCO:
        return [*range(len(table)), "new"]
    need = int(card)
    found = [i for i, pile in enumerate(table) if len(pile) + 1 == need]
    return [*found, "new"] if need == 1 else found


def name(card: str) -> Text:
    """A card as a person says it (a number as printed)."""
    if card == BUNCO:
        return said("Bunco card")
    if card == STOP:
        return said("Stop card")
    return card
