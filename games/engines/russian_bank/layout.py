"""Russian Bank's cards, piles and deal (rules: /work/shared/rules/russian-bank.md).

The board is plain JSON. Per seat (lists indexed by seat): `reserve` (13 at the deal, the top
face up), `hand` (face down), `waste` (face up, only its top seen) and `turned` (the hand card
turned this turn, or None). Shared: eight `houses` (seat 0 is dealt 0-3, seat 1 4-7) and eight
`foundations`. Every pile lists its cards bottom to top. `turn` is the seat to play; `quiet`
counts the turns in a row that put no card on a foundation, and `progress` says whether the
turn being played has put one there (that turn is not quiet).

A card is rank, suit and the seat whose pack it comes from: `AS1` is the ace of spades of
seat 1's pack (the packs' backs differ). The rules never tell the packs apart, so everything
reads only the first two characters; views show only those (boards stored before the pack
was recorded hold two-character cards and play on).

Piles are named in actions and traces: `r0 r1` reserves, `k0 k1` hands, `w0 w1` wastes,
`t0 t1` turned cards, `h0`-`h7` houses, `f0`-`f7` foundations.
"""

from games.engines.base import derived_rng
from games.engines.cards import RANKS, deck

RESERVE_SIZE = 13
HOUSES_EACH = 4
RANK = {r: i + 1 for i, r in enumerate(RANKS)}  # ace 1 ... king 13


def rank(card: str) -> int:
    return RANK[card[0]]


def is_red(card: str) -> bool:
    return card[1] in "HD"


def face(card: str | None) -> str | None:
    """The card as a player sees it, without its pack."""
    return card and card[:2]


def top(pile: list) -> str | None:
    return pile[-1] if pile else None


def other(seat: int) -> int:
    return 1 - seat


def own_houses(seat: int) -> range:
    return range(HOUSES_EACH * seat, HOUSES_EACH * (seat + 1))


def deal(seed: int, game_no: int) -> dict:
    """Game `game_no` of the match: each seat's own pack shuffled from the state's seed."""
    board = {
        "reserve": [],
        "hand": [],
        "waste": [[], []],
        "turned": [None, None],
        "houses": [[] for _ in range(2 * HOUSES_EACH)],
        "foundations": [[] for _ in range(2 * HOUSES_EACH)],
        "turn": 0,
        "quiet": 0,
        "progress": False,
    }
    for seat in (0, 1):
        pack = [card + str(seat) for card in deck()]
        derived_rng(seed, f"game {game_no} pack {seat}").shuffle(pack)
        board["reserve"].append(pack[:RESERVE_SIZE])
        for i, house in enumerate(own_houses(seat)):
            board["houses"][house] = [pack[RESERVE_SIZE + i]]
        board["hand"].append(pack[RESERVE_SIZE + HOUSES_EACH :])
    board["turn"] = first_player(board, game_no)
    return board


def first_player(board: dict, game_no: int) -> int:
    """The lower reserve top starts; on a tie the lower house card, house by house; on a
    complete tie the seats take turns starting (game 1: seat 0)."""
    keys = []
    for seat in (0, 1):
        cards = [board["reserve"][seat][-1]] + [board["houses"][h][0] for h in own_houses(seat)]
        keys.append([rank(card) for card in cards])
    if keys[0] == keys[1]:
        return (game_no - 1) % 2
    return 0 if keys[0] < keys[1] else 1


def all_cards(board: dict) -> list[str]:
    """Every card on the board (for the conservation checks)."""
    cards = [c for pile in board["houses"] + board["foundations"] for c in pile]
    for seat in (0, 1):
        cards += board["reserve"][seat] + board["hand"][seat] + board["waste"][seat]
        cards += [board["turned"][seat]] if board["turned"][seat] else []
    return cards


def cards_left(board: dict, seat: int) -> int:
    """What `seat` still has to get rid of: reserve, hand (and a turned card) and waste."""
    turned = 1 if board["turned"][seat] else 0
    return (
        len(board["reserve"][seat]) + len(board["hand"][seat]) + len(board["waste"][seat]) + turned
    )
