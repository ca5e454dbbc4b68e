"""The baccarat core shared by Punto Banco, Chemin de Fer and Baccarat Banque.

Card values, the tableaux, `play_coup` (the fast Punto Banco coup on card values, used by the
engine and the bench), the shoe with its burn and cut card, and `BaccaratEngine`: the engine
interface, the view, and finishing a coup (totals, winner, settlement, record, reshuffle).
Subclasses add their phases as `_legal_<phase>`, `_on_<phase>`, `_default_<phase>`.

Ledger: every chip is on a seat (`chips`), in a bet (`bets`), in the bank (`bank`, the
banker's), with the house (`house`: its net result from banking Punto Banco, may go negative)
or in the house's `commission`. `chips_total(state)` never changes. Commission is a percentage
of the win rounded up to a whole chip: 5% of 50 is 3, so a banker win of 50 pays 47.

    python -m games.engines.baccarat edge --decks 8      # exact house edges (games/engines/odds.py)
"""

from games.engines.base import MAX_SEATS, RulesError, clone, configure, derived_rng
from games.engines.cards import RANKS, shuffled_shoe
from live.words import said

VALUE = {rank: i + 1 if i < 9 else 0 for i, rank in enumerate(RANKS)}
BURN = {rank: min(i + 1, 10) for i, rank in enumerate(RANKS)}  # court cards burn 10

# The banker's rule when the punter drew: row = banker total 0-7, column = the punter's third
# card value 0-9. T draws, S stands, C is the banker's choice.
PUNTO_BANCO_TABLEAU = ("TTTTTTTTTT",) * 3 + (
    "TTTTTTTTST",
    "SSTTTTTTSS",
    "SSSSTTTTSS",
    "SSSSSSTTSS",
    "SSSSSSSSSS",
)
CHEMIN_DE_FER_TABLEAU = ("TTTTTTTTTT",) * 3 + (
    "TTTTTTTTSC",
    "SSTTTTTTSS",
    "SSSSCTTTSS",
    "SSSSSSTTSS",
    "SSSSSSSSSS",
)
# What the seat may do in each phase, for an action the phase does not take.
PHASE_HINT = {
    "bet": said("Bet on the player, the banker or a tie, or sit out this coup."),
    "bank": said("Set the bank (or keep it), or give it up."),
    "stake": said("Call banco, stake some chips, or pass."),
    "choice": said("Draw a card or stand."),
}
BANKER_DRAWS = tuple(tuple(rule == "T" for rule in row) for row in PUNTO_BANCO_TABLEAU)


def hand_total(cards) -> int:
    return sum(VALUE[card[0]] for card in cards) % 10


def is_natural(cards) -> bool:
    return len(cards) == 2 and hand_total(cards) >= 8


def commission(amount: int, percent: int) -> int:
    """The house's share of a win, rounded up to a whole chip."""
    return -(-amount * percent // 100)


def punter_rule(total: int, choice_on_five: bool) -> str:
    """Player/punter: 0-4 draw, 5 draws (Punto Banco) or chooses, 6-7 stand."""
    if total == 5 and choice_on_five:
        return "C"
    return "T" if total <= 5 else "S"


def banker_rule(tableau, banker_total: int, third: int | None) -> str:
    """The banker's rule; `third` is the punter's third card value, None if he stood."""
    if third is None:
        return "T" if banker_total <= 5 else "S"
    return tableau[banker_total][third]


def winner(hand: str, punter_total: int, banker_total: int) -> str:
    if punter_total == banker_total:
        return "tie"
    return hand if punter_total > banker_total else "banker"


def play_coup(values, pos: int) -> tuple[int, int, int]:
    """One Punto Banco coup dealt from values[pos:] (card values 0-9).

    Returns (player total, banker total, position after the coup).
    """
    player = (values[pos] + values[pos + 2]) % 10
    banker = (values[pos + 1] + values[pos + 3]) % 10
    pos += 4
    if player >= 8 or banker >= 8:
        return player, banker, pos
    if player <= 5:
        third = values[pos]
        player = (player + third) % 10
        pos += 1
        if BANKER_DRAWS[banker][third]:
            banker = (banker + values[pos]) % 10
            pos += 1
    elif banker <= 5:
        banker = (banker + values[pos]) % 10
        pos += 1
    return player, banker, pos


class BaccaratEngine:
    name = ""
    hands = ("player",)  # the punter hands, in dealing order; the banker's hand comes last
    default_decks = 8
    default_commission = 5
    min_seats = 1
    face_up = True  # False: a hand's first two cards are seen only by the seat playing it
    banked = False  # True: a seat holds the bank

    # -- the engine interface ------------------------------------------------------------
    def new_state(self, config: dict | None, rng) -> dict:
        defaults = {"seats": max(2, self.min_seats), "chips": 1000, "decks": self.default_decks}
        defaults |= {"max_coups": 30, "min_bet": 10, "cut_from_end": 16}
        cfg = configure(config, defaults | {"commission": self.default_commission})
        seats = cfg["seats"]
        if not self.min_seats <= seats <= MAX_SEATS:
            raise RulesError(
                said(
                    "This game needs %(low)s to %(high)s seats.", low=self.min_seats, high=MAX_SEATS
                )
            )
        if min(cfg["decks"], cfg["max_coups"], cfg["min_bet"]) < 1 or cfg["cut_from_end"] < 9:
            raise RulesError(said("Decks, coups and minimum bet start at 1, the cut card at 9."))
        if cfg["decks"] * 52 - 11 - cfg["cut_from_end"] < 9:
            raise RulesError(said("The cut card leaves no room to play: use more decks."))
        state = {
            "game": self.name,
            "config": cfg,
            "seed": rng.getrandbits(64),
            "shoe_no": 0,
            "phase": "",
            "to_act": [],
            "chips": [cfg["chips"]] * seats,
            "bets": [None] * seats,
            "banker": 0 if self.banked else None,
            "bank": 0,
            "house": 0,
            "commission": 0,
            "idle": 0,
            "coup_no": 0,
            "coup": None,
            "last_coup": None,
        }
        self._shuffle(state)
        self._start_round(state)
        return state

    def legal_actions(self, state: dict, seat: int) -> list[dict]:
        if seat not in state["to_act"]:
            return []
        return getattr(self, f"_legal_{state['phase']}")(state, seat)

    def apply(self, state: dict, seat: int, action: dict, rng=None) -> dict:
        """The state after `action`; `rng` is unused (shuffles derive from the state's seed)."""
        if self.is_over(state):
            raise RulesError(said("This session is over."))
        kinds = {legal["type"] for legal in self.legal_actions(state, seat)}
        if not kinds:
            raise RulesError(said("It is not your turn."))
        if not isinstance(action, dict) or action.get("type") not in kinds:
            raise RulesError(PHASE_HINT[state["phase"]])
        state = clone(state)
        getattr(self, f"_on_{state['phase']}")(state, seat, action)
        return state

    def default_action(self, state: dict, seat: int) -> dict | None:
        """What a bot or a seat that timed out does: the Punto Banco tableau, else sit out."""
        if seat not in state["to_act"]:
            return None
        return getattr(self, f"_default_{state['phase']}")(state, seat)

    def view(self, state: dict, seat: int | None) -> dict:
        """What `seat` may see (None: a spectator): never the shoe order or hidden cards."""
        coup = state["coup"]
        keys = ("game", "config", "phase", "to_act", "chips", "bets", "banker", "bank")
        return clone({key: state[key] for key in keys}) | {
            "seat": seat,
            "house": state["house"],
            "commission": state["commission"],
            "coup_no": state["coup_no"],
            "shoe": {"number": state["shoe_no"], "left": len(state["shoe"]), "burn": state["burn"]},
            "coup": coup and self._coup_view(coup, seat),
            "last_coup": clone(state["last_coup"]),
            "legal_actions": [] if seat is None else self.legal_actions(state, seat),
        }

    def is_over(self, state: dict) -> bool:
        return state["phase"] == "over"

    def result(self, state: dict) -> dict:
        *wealth, house, fee = self._wealth(state)
        start = state["config"]["chips"]
        return {
            "coups": state["coup_no"],
            "chips": wealth,
            "net": [chips - start for chips in wealth],
            "house": house,
            "commission": fee,
            "ranking": sorted(range(len(wealth)), key=lambda seat: (-wealth[seat], seat)),
        }

    def chips_total(self, state: dict) -> int:
        """Seats + bets + bank + house + commission: the same before and after every action."""
        return sum(self._wealth(state))

    # -- shared machinery ----------------------------------------------------------------
    def _wealth(self, state: dict) -> list[int]:
        """Each seat's chips counting its bet and (for the banker) the bank; house; commission."""
        seats = [
            chips
            + (bet["amount"] if bet else 0)
            + (state["bank"] if seat == state["banker"] else 0)
            for seat, (chips, bet) in enumerate(zip(state["chips"], state["bets"], strict=True))
        ]
        return seats + [state["house"], state["commission"]]

    def _shuffle(self, state: dict) -> None:
        """A new shoe from the seed; the first card is turned and that many cards burned."""
        rng = derived_rng(state["seed"], f"shoe {state['shoe_no']}")
        shoe = shuffled_shoe(state["config"]["decks"], rng)
        burn = BURN[shoe[0][0]]
        state["burn"] = {"card": shoe[0], "count": burn}
        state["discards"] = [shoe[0]]  # cards seen face up
        state["burned"] = shoe[1 : burn + 1]  # face down, never shown
        state["shoe"] = shoe[burn + 1 :]  # undealt, next card first

    def _draw(self, state: dict) -> str:
        return state["shoe"].pop(0)

    def _coup_view(self, coup: dict, seat: int | None) -> dict:
        hands = {}
        for hand, cards in coup["hands"].items():
            # A hand nobody plays (a Banque tableau without stakes) has no controller: its
            # cards stay hidden from spectators too (None is no seat, never a match).
            mine = seat is not None and seat == coup["controllers"].get(hand)
            seen = self.face_up or mine
            hands[hand] = [card if seen or i >= 2 else "??" for i, card in enumerate(cards)]
        return {"hands": hands, "controllers": coup["controllers"], "waiting": coup["waiting"]}

    def _finish(self, state: dict) -> None:
        """Settle the coup in state["coup"], record it, reshuffle if the cut card came out."""
        cards = state["coup"]["hands"]
        totals = {hand: hand_total(hand_cards) for hand, hand_cards in cards.items()}
        winners = {hand: winner(hand, totals[hand], totals["banker"]) for hand in self.hands}
        before = self._wealth(state)
        self._settle(state, winners)
        moved = [after - was for after, was in zip(self._wealth(state), before, strict=True)]
        state["coup_no"] += 1
        state["last_coup"] = {
            "coup": state["coup_no"],
            "shoe": state["shoe_no"],
            "cards": cards,
            "totals": totals,
            "winner": winners[self.hands[0]] if len(self.hands) == 1 else winners,
            "chips": {"seats": moved[:-2], "house": moved[-2], "commission": moved[-1]},
            "reshuffled": len(state["shoe"]) < state["config"]["cut_from_end"],
        }
        # In dealing order, never the dict's: PostgreSQL's jsonb reorders a stored coup's keys.
        order = (*self.hands, "banker")
        state["discards"] += [card for hand in order for card in cards[hand]]
        state["coup"] = None
        if state["last_coup"]["reshuffled"]:
            state["shoe_no"] += 1
            self._shuffle(state)
        self._start_round(state)

    def _end(self, state: dict) -> None:
        if state["bank"]:
            state["chips"][state["banker"]] += state["bank"]
            state["bank"] = 0
        state["phase"] = "over"
        state["to_act"] = []

    def _start_round(self, state: dict) -> None:
        raise NotImplementedError

    def _settle(self, state: dict, winners: dict) -> None:
        raise NotImplementedError


if __name__ == "__main__":
    from games.engines.odds import main

    main()
