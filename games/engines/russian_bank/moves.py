"""Moves on the board: which cards are available, where they fit, the compulsory order.

An action is `{"type": "move", "from": pile, "to": pile}` (pile names: layout.py),
`{"type": "turn"}` (turn the top hand card; an empty hand first takes the waste turned over)
or `{"type": "pass"}` (only when hand and waste are both empty: nothing is left to turn).
Moving the turned card to one's own waste ends the turn.

Three kinds of wrong move: `RulesError` for what no table allows (a card that is not
available, a pile nobody builds on); a *building* fault (the card does not fit there) and a
*priority* fault (a compulsory move comes first). Faults are refused in enforce mode and stand
in Stop! mode, where the opponent may call Stop (engine.py).
"""

from games.engines.base import RulesError
from games.engines.cards import card_name
from games.engines.russian_bank.layout import (
    HOUSES_EACH,
    RANK,
    face,
    is_red,
    other,
    top,
)
from live.words import Words, said

PILES = 2 * HOUSES_EACH
MOVE_KEYS = frozenset({"type", "from", "to", "move"})

NOT_AVAILABLE = said(
    "You can move only your reserve's top card, the card you turned from your hand, "
    "or the top card of a house."
)


def parse_pile(name: object) -> tuple[str, int]:
    """("h", 3) for "h3"; RulesError for anything else."""
    if isinstance(name, str) and len(name) == 2 and name[0] in "rkwthf" and name[1].isdigit():
        index = int(name[1])
        if index < (PILES if name[0] in "hf" else 2):
            return name[0], index
    raise RulesError(said("There is no pile called %(name)s.", name=repr(str(name)[:10])))


def pile(board: dict, kind: str, index: int) -> list:
    key = {"r": "reserve", "k": "hand", "w": "waste", "h": "houses", "f": "foundations"}[kind]
    return board[key][index]


def available(board: dict, seat: int) -> list[tuple[str, str]]:
    """(source, card) for every card `seat` may move: reserve top, turned card, house tops."""
    sources = []
    if board["reserve"][seat]:
        sources.append((f"r{seat}", board["reserve"][seat][-1]))
    if board["turned"][seat]:
        sources.append((f"t{seat}", board["turned"][seat]))
    sources += [(f"h{i}", house[-1]) for i, house in enumerate(board["houses"]) if house]
    return sources


def source_card(board: dict, seat: int, source: str) -> str:
    kind, index = parse_pile(source)
    if kind == "t" and index == seat and board["turned"][seat]:
        return board["turned"][seat]
    if (kind == "r" and index == seat) or kind == "h":
        cards = pile(board, kind, index)
        if not cards:
            raise RulesError(said("That pile is empty: there is no card to move."))
        return cards[-1]
    raise RulesError(NOT_AVAILABLE)


# -- building rules: the fast tests, then the reason in words when one fails --------------
def fits_foundation(card: str, cards: list) -> bool:
    if not cards:
        return card[0] == "A"
    last = cards[-1]
    return card[1] == last[1] and RANK[card[0]] == RANK[last[0]] + 1


def fits_house(card: str, cards: list) -> bool:
    if not cards:
        return True
    last = cards[-1]
    return (card[1] in "HD") != (last[1] in "HD") and RANK[card[0]] == RANK[last[0]] - 1


def fits_load(card: str, cards: list) -> bool:
    if not cards:
        return False
    last = cards[-1]
    return card[1] == last[1] and abs(RANK[card[0]] - RANK[last[0]]) == 1


def foundation_fault(card: str, cards: list) -> Words | None:
    if fits_foundation(card, cards):
        return None
    if not cards:
        return said("Only an ace can start a foundation.")
    if cards[-1][0] == "K":
        return said("That foundation is complete.")
    return said(
        "The %(card)s cannot go on the %(on)s: foundations build up in suit, one rank at a time.",
        card=card_name(card),
        on=card_name(cards[-1]),
    )


def house_fault(card: str, cards: list) -> Words | None:
    if fits_house(card, cards):
        return None
    names = {"card": card_name(card), "on": card_name(cards[-1])}
    if is_red(card) == is_red(cards[-1]):
        if is_red(card):
            return said(
                "The %(card)s cannot go on the %(on)s: two red cards. "
                "Houses build down in alternating colours.",
                **names,
            )
        return said(
            "The %(card)s cannot go on the %(on)s: two black cards. "
            "Houses build down in alternating colours.",
            **names,
        )
    return said(
        "The %(card)s cannot go on the %(on)s: houses build down one rank at a time, "
        "in alternating colours.",
        **names,
    )


def load_fault(card: str, cards: list) -> Words | None:
    if fits_load(card, cards):
        return None
    if not cards:
        return said("An empty pile cannot be loaded.")
    return said(
        "The %(card)s cannot load the %(on)s: loading takes the same suit, one rank up or down.",
        card=card_name(card),
        on=card_name(cards[-1]),
    )


def building_fault(board: dict, seat: int, source: str, target: str, card: str) -> Words | None:
    """The building rule `card` breaks on `target` (None if it fits); RulesError for a
    target nobody builds on."""
    kind, index = parse_pile(target)
    if kind == "f":
        return foundation_fault(card, board["foundations"][index])
    if kind == "h":
        if target == source:
            raise RulesError(said("The card is already there."))
        return house_fault(card, board["houses"][index])
    if kind in "rw" and index == other(seat):
        return load_fault(card, pile(board, kind, index))
    if kind == "w" and source == f"t{seat}":
        return None  # the turned card to one's own waste: the end of the turn
    if kind == "r":
        raise RulesError(said("You cannot put cards on your own reserve."))
    if kind == "w":
        raise RulesError(said("Only the card you turned from your hand goes to your waste."))
    raise RulesError(said("Cards never go to a hand or onto a turned card."))


# -- priorities ---------------------------------------------------------------------------
def foundation_moves(board: dict, seat: int) -> list[dict]:
    """Every move of an available card to a foundation (one per distinct foundation top)."""
    moves = []
    for source, card in available(board, seat):
        seen = set()
        for i, cards in enumerate(board["foundations"]):
            key = face(top(cards))  # an equal top of the other pack is the same move
            if key not in seen and fits_foundation(card, cards):
                seen.add(key)
                moves.append({"type": "move", "from": source, "to": f"f{i}"})
    return moves


def first_to_foundation(source: str, card: str) -> Words:
    """The priority rule in words, naming where the card that must move first lies."""
    name = card_name(card)
    if source[0] == "h":
        return said(
            "House %(house)s's %(card)s can go to a foundation: that move comes first.",
            house=int(source[1:]) + 1,
            card=name,
        )
    if source[0] == "r":
        return said(
            "Your reserve's %(card)s can go to a foundation: that move comes first.", card=name
        )
    return said("Your turned %(card)s can go to a foundation: that move comes first.", card=name)


def compulsory(board: dict, seat: int) -> tuple[list[dict], Words | None]:
    """The moves that must come first, and the rule in words ([] and None if free)."""
    to_foundation = foundation_moves(board, seat)
    from_reserve = [move for move in to_foundation if move["from"][0] == "r"]
    first = from_reserve or to_foundation
    if first:
        card = source_card(board, seat, first[0]["from"])
        return first, first_to_foundation(first[0]["from"], card)
    return [], None


def empty_house_fault(board: dict, seat: int) -> Words | None:
    """Rule 3: while the reserve has cards, empty houses are filled from it before turning."""
    if board["reserve"][seat] and any(not house for house in board["houses"]):
        return said("Fill the empty house from your reserve before you turn a card from your hand.")
    return None


def priority_fault(board: dict, seat: int, action: dict) -> Words | None:
    first, why = compulsory(board, seat)
    if first:  # a move to a foundation has passed the building rules before this
        to_foundation = action["type"] == "move" and action["to"][0] == "f"
        reserve_first = first[0]["from"][0] == "r"
        if not to_foundation or (reserve_first and action["from"][0] != "r"):
            return why
    if action["type"] in ("turn", "pass"):
        return empty_house_fault(board, seat)
    return None


# -- what a seat may do -------------------------------------------------------------------
def legal_moves(board: dict, seat: int) -> list[dict]:
    """The rule-abiding actions of the seat to play. Equivalent moves are listed once (the
    first empty house, one foundation per top); `apply` accepts any of them."""
    first, _ = compulsory(board, seat)
    return first or free_moves(board, seat)


def free_moves(board: dict, seat: int, fill_first: bool = True) -> list[dict]:
    """The moves other than to a foundation, as if no foundation move were compulsory (with
    `fill_first` False, turning a hand card even while the reserve must fill a house)."""
    moves = []
    houses = board["houses"]
    empty = next((i for i, house in enumerate(houses) if not house), None)
    loads = [(f"{kind}{other(seat)}", pile(board, kind, other(seat))) for kind in "rw"]
    for source, card in available(board, seat):
        for i, house in enumerate(houses):
            if house and f"h{i}" != source and fits_house(card, house):
                moves.append({"type": "move", "from": source, "to": f"h{i}"})
        single = source[0] == "h" and len(houses[int(source[1])]) == 1
        if empty is not None and not single:
            moves.append({"type": "move", "from": source, "to": f"h{empty}"})
        for target, cards in loads:
            if fits_load(card, cards):
                moves.append({"type": "move", "from": source, "to": target})
    if board["turned"][seat]:
        moves.append({"type": "move", "from": f"t{seat}", "to": f"w{seat}"})
    elif not fill_first or empty_house_fault(board, seat) is None:
        can_turn = board["hand"][seat] or board["waste"][seat]
        moves.append({"type": "turn" if can_turn else "pass"})
    return moves


def check(board: dict, seat: int, action: dict) -> Words | None:
    """The fault of `action` (building first, then priority), None if it is fine; RulesError
    for an action no table allows."""
    kind = action.get("type")
    if kind == "move":
        if set(action) != {"type", "from", "to"}:
            raise RulesError(
                said('A move names its card\'s pile and the target: {"from": "h2", "to": "f0"}.')
            )
        card = source_card(board, seat, action["from"])
        fault = building_fault(board, seat, action["from"], action["to"], card)
    elif kind == "turn":
        if board["turned"][seat]:
            turned = card_name(board["turned"][seat])
            raise RulesError(
                said("Play your turned %(card)s or put it on your waste first.", card=turned)
            )
        if not board["hand"][seat] and not board["waste"][seat]:
            raise RulesError(said("Your hand and waste are empty: there is nothing to turn."))
        fault = None
    elif kind == "pass":
        if board["turned"][seat] or board["hand"][seat] or board["waste"][seat]:
            raise RulesError(said("You can pass only when your hand and waste are empty."))
        fault = None
    else:
        raise RulesError(said("Move a card, turn a card from your hand, or pass."))
    return fault or priority_fault(board, seat, action)


def perform(board: dict, seat: int, action: dict) -> dict:
    """Carry out a checked action in place; what happened, for the record."""
    kind = action["type"]
    if kind == "turn":
        flipped = not board["hand"][seat]
        if flipped:  # the waste turned over: its bottom card becomes the hand's top
            board["hand"][seat] = board["waste"][seat][::-1]
            board["waste"][seat] = []
        board["turned"][seat] = board["hand"][seat].pop()
        return {"card": board["turned"][seat], "flipped": flipped}
    if kind == "pass":
        end_turn(board)
        return {}
    source, target = action["from"], action["to"]
    if source[0] == "t":
        card, board["turned"][seat] = board["turned"][seat], None
    else:
        card = pile(board, *parse_pile(source)).pop()
    kind, index = parse_pile(target)
    pile(board, kind, index).append(card)
    if kind == "f":
        board["quiet"], board["progress"] = 0, True
    if target == f"w{seat}":
        end_turn(board)
    return {"card": card}


def end_turn(board: dict) -> None:
    """The turn passes; it was quiet unless it put a card on a foundation."""
    board["turn"] = other(board["turn"])
    if not board.get("progress"):
        board["quiet"] += 1
    board["progress"] = False


def omitted(board: dict, seat: int, action: dict) -> dict | None:
    """The compulsory move `action` was made instead of, None if it skipped none: a card to a
    foundation (the reserve's first), or, for a hand card turned (or a pass) while the
    reserve could fill an empty house, that house from the reserve."""
    first, _ = compulsory(board, seat)
    if first:
        return first[0]
    if action.get("type") in ("turn", "pass") and empty_house_fault(board, seat):
        empty = next(i for i, house in enumerate(board["houses"]) if not house)
        return {"type": "move", "from": f"r{seat}", "to": f"h{empty}"}
    return None
