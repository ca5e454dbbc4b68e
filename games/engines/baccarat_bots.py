"""How baccarat bots play: like casual players, in one of a few styles (games/bots.py).

- Bets (Punto Banco): mostly Banker or Player, a tie now and then; a small share of the stack.
- Stakes (Chemin de Fer, Banque): join most coups with a small stake; "banco" only when ahead
  of the starting chips and the bank is a modest share of the stack.
- The bank: a small share of the stack; kept after wins until it has grown by the style's
  factor, then passed (stopped, in Banque).
- Choices: a punter on 5 by the style's habit; the banker (Chemin de Fer's C cases, Banque's
  free choice) draws when drawing wins more of the staked chips than standing, judged only
  from what the banker's seat sees (`view`): the banker's own cards, each tableau's stake,
  and whether it drew and its face-up third card.
"""

from dataclasses import dataclass

from games.engines.baccarat import VALUE, hand_total


@dataclass(frozen=True)
class Style:
    share: float  # a bet or stake: this share of the stack (roughly)
    sit_out: float  # chance to sit a coup out (a bet) or pass (a stake)
    tie: float  # chance of a tie bet
    banker: float  # chance of Banker (else Player) when not on the tie
    follow: bool  # bet on the last coup's winner instead
    bank_share: float  # a new bank: this share of the stack
    keep: float  # keep the bank until it has grown to this many times a new bank
    banco_ahead: float  # banco only with more than this times the starting chips...
    banco_share: float  # ...and a bank of at most this share of the stack
    on_five: str  # a punter on 5: "draw", "stand" or "either"


STYLES = {
    "cautious": Style(0.02, 0.15, 0.0, 0.7, False, 0.05, 2, 1.5, 0.1, "stand"),
    "steady": Style(0.04, 0.05, 0.05, 0.55, False, 0.1, 4, 1.0, 0.2, "draw"),
    "hunch": Style(0.08, 0.0, 0.1, 0.5, True, 0.2, 8, 1.0, 0.4, "either"),
}

# The chance of each card value 0-9 (tens and court cards are 0), and of each two-card total.
CARD = [4 / 13] + [1 / 13] * 9
TWO_CARDS = [sum(CARD[a] * CARD[(t - a) % 10] for a in range(10)) for t in range(10)]


class BaccaratBots:
    """The policy hook of the baccarat engines: `bot_styles` and `bot_action`."""

    bot_styles = tuple(STYLES)

    def bot_action(self, state: dict, seat: int, rng, style: str) -> dict:
        legal = self.legal_actions(state, seat)
        return getattr(self, f"_bot_{state['phase']}")(state, seat, rng, STYLES[style], legal)

    def _bot_bet(self, state, seat, rng, style, legal):
        if rng.random() < style.sit_out:
            return {"type": "sit_out"}
        last = state["last_coup"]
        if rng.random() < style.tie:
            on = "tie"
        elif style.follow and last and last["winner"] != "tie":
            on = last["winner"]
        else:
            on = "banker" if rng.random() < style.banker else "player"
        return _sized(legal, "bet", on, style.share * state["chips"][seat], rng)

    def _bot_bank(self, state, seat, rng, style, legal):
        chips, bank = state["chips"][seat], state["bank"]
        if bank:  # carry on with the bank after a win (Banque: after any coup)
            fresh = style.bank_share * (chips + bank)
            keep = bank < style.keep * fresh
            return {"type": "bank"} if keep else {"type": self.release}
        return _sized(legal, "bank", None, style.bank_share * chips, rng)

    def _bot_stake(self, state, seat, rng, style, legal):
        if rng.random() < style.sit_out * 2:
            return {"type": "pass"}
        on = rng.choice(self.hands) if len(self.hands) > 1 else None
        chips, bank = state["chips"][seat], state["bank"]
        ahead = chips > style.banco_ahead * state["config"]["chips"]
        if ahead and bank <= style.banco_share * chips:
            for action in legal:
                if action["type"] == "banco" and action.get("on") == on:
                    return action
        return _sized(legal, "stake", on, style.share * chips, rng)

    def _bot_choice(self, state, seat, rng, style, legal):
        coup = self.view(state, seat)["coup"]  # only what this seat may see
        if coup["waiting"] == "banker":
            gain = banker_draw_gain(coup, state["bets"], self.hands)
            if gain:
                return {"type": "draw" if gain > 0 else "stand"}
            return self.default_action(state, seat)
        on_five = style.on_five if style.on_five != "either" else rng.choice(("draw", "stand"))
        return {"type": on_five}


def _sized(legal: list[dict], kind: str, on: str | None, target: float, rng) -> dict:
    """The legal `kind` action on `on` whose amount is nearest below `target` give or take
    half (people do not bet exact percentages); the smallest if none is that low."""
    options = [a for a in legal if a["type"] == kind and a.get("on") == on and "amount" in a]
    target *= rng.uniform(0.5, 1.5)
    low = [a for a in options if a["amount"] <= target]
    return max(low, key=lambda a: a["amount"]) if low else options[0]


def punter_totals(cards: list[str], controlled: bool) -> list[float]:
    """The chance of each final total of a punter hand with no natural, seen from outside:
    its first two cards hidden, its third card (if it drew) face up. A hand that stood had
    6 or 7, or a 5 its player chose to stand on; one that drew had 0-4, or such a 5."""
    third = VALUE[cards[2][0]] if len(cards) > 2 else None
    totals = [0.0] * 10
    for two in range(8):
        if two == 5:
            weight = 0.5 if controlled else float(third is not None)
        else:
            weight = 1.0 if (two <= 4) == (third is not None) else 0.0
        totals[(two + (third or 0)) % 10] += weight * TWO_CARDS[two]
    scale = sum(totals)
    return [p / scale for p in totals]


def banker_draw_gain(coup: dict, bets: list, hands: tuple[str, ...]) -> float:
    """Expected chips the banker wins by drawing, less those won by standing, against every
    tableau weighted by the chips staked on it. `coup` is the banker's own view."""
    staked = dict.fromkeys(hands, 0)
    for bet in bets:
        if bet:
            staked[bet["on"]] += bet["amount"]
    banker = hand_total(coup["hands"]["banker"])

    def value(total: int) -> float:
        won = 0.0
        for hand in hands:
            if staked[hand]:
                controlled = coup["controllers"].get(hand) is not None
                chances = punter_totals(coup["hands"][hand], controlled)
                edge = sum(p * ((total > t) - (total < t)) for t, p in enumerate(chances))
                won += staked[hand] * edge
        return won

    drawn = sum(CARD[card] * value((banker + card) % 10) for card in range(10))
    return drawn - value(banker)
