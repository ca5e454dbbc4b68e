"""Chemin de Fer: a seat banks, the others cover the bank; choices on 5 and in the C cases.

Phases of a coup (`to_act` lists who may act; the banker is `state["banker"]`):
- "bank": the banker sets a new bank `{"type": "bank", "amount": n}` or, after a win, keeps the
  whole bank `{"type": "bank"}`; `{"type": "pass_bank"}` gives the bank back and passes the
  shoe to the next seat (also: declining a new bank).
- "stake": every other seat at once: `{"type": "banco"}` (covers the whole bank: the first banco
  from the banker's left takes it alone), `{"type": "stake", "amount": n}` (taken from the
  banker's left until the bank is covered; the excess is returned) or `{"type": "pass"}`.
  If nobody covers, the shoe passes. The biggest stake plays the punter hand ("player").
- "choice": the coup waits for `{"type": "draw"}` / `{"type": "stand"}` from the punter on 5 or
  the banker in a C case of the tableau; otherwise draws follow the rules by themselves.
The banker keeps the shoe while winning (and on a void coup), passes it on losing. The session
ends after `max_coups` coups, when nobody is left to play, or when every seat in turn passed.
Default (bot and timeout) actions: the Punto Banco tableau for choices, else pass.
"""

from games.engines.baccarat import (
    CHEMIN_DE_FER_TABLEAU,
    PUNTO_BANCO_TABLEAU,
    VALUE,
    BaccaratEngine,
    banker_rule,
    commission,
    hand_total,
    is_natural,
    punter_rule,
)
from games.engines.baccarat_bots import BaccaratBots
from games.engines.base import RulesError, amount_choices, read_amount, seats_from
from live.words import said, said_n

CHOICES = ("draw", "stand")


class ChemDeFer(BaccaratBots, BaccaratEngine):
    name = "chemin_de_fer"
    default_decks = 6
    min_seats = 2
    face_up = False
    banked = True
    release = "pass_bank"  # the action that gives up the bank
    pass_on_loss = True

    # -- bank ----------------------------------------------------------------------------
    def _start_round(self, state: dict) -> None:
        cfg, chips = state["config"], state["chips"]
        banker = state["banker"]
        punters = [seat for seat, c in enumerate(chips) if seat != banker and c >= cfg["min_bet"]]
        over = state["coup_no"] >= cfg["max_coups"] or state["idle"] >= len(chips)
        if over or banker is None or not punters:
            self._end(state)
        else:
            state["phase"] = "bank"
            state["to_act"] = [banker]

    def _legal_bank(self, state: dict, seat: int) -> list[dict]:
        if state["bank"]:
            keep = [{"type": "bank"}]
        else:
            amounts = amount_choices(state["config"]["min_bet"], state["chips"][seat])
            keep = [{"type": "bank", "amount": amount} for amount in amounts]
        return keep + [{"type": self.release}]

    def _default_bank(self, state: dict, seat: int) -> dict:
        return {"type": self.release}

    def _on_bank(self, state: dict, seat: int, action: dict) -> None:
        if action["type"] == self.release:
            self._release(state)
            state["idle"] += 1
            self._start_round(state)
            return
        if not state["bank"]:
            amount = read_amount(action, state["config"]["min_bet"], state["chips"][seat])
            state["chips"][seat] -= amount
            state["bank"] = amount
        state["phase"] = "stake"
        state["to_act"] = [
            other
            for other in seats_from(seat + 1, len(state["chips"]))[:-1]
            if state["chips"][other] >= state["config"]["min_bet"]
        ]

    def _release(self, state: dict) -> None:
        """The banker takes the bank back; the shoe goes to the next seat that can play."""
        banker, chips = state["banker"], state["chips"]
        chips[banker] += state["bank"]
        state["bank"] = 0
        following = seats_from(banker + 1, len(chips))
        able = [seat for seat in following if chips[seat] >= state["config"]["min_bet"]]
        state["banker"] = able[0] if able else None

    # -- stakes --------------------------------------------------------------------------
    def _legal_stake(self, state: dict, seat: int) -> list[dict]:
        chips, bank = state["chips"][seat], state["bank"]
        amounts = amount_choices(state["config"]["min_bet"], min(chips, bank))
        actions = []
        for hand in self.hands:
            on = {"on": hand} if len(self.hands) > 1 else {}
            if chips >= bank:
                actions.append({"type": "banco"} | on)
            actions += [{"type": "stake"} | on | {"amount": amount} for amount in amounts]
        return actions + [{"type": "pass"}]

    def _default_stake(self, state: dict, seat: int) -> dict:
        return {"type": "pass"}

    def _on_stake(self, state: dict, seat: int, action: dict) -> None:
        kind, bank = action["type"], state["bank"]
        if kind != "pass":
            hand = action.get("on", self.hands[0] if len(self.hands) == 1 else None)
            if hand not in self.hands:
                raise RulesError(
                    said("Choose a tableau: the right or the left.")
                    if len(self.hands) > 1
                    else said("Stake on the punter's hand.")
                )
            if kind == "banco":
                amount = bank
                if state["chips"][seat] < bank:
                    raise RulesError(
                        said_n("Banco needs %(n)s chip.", "Banco needs %(n)s chips.", bank)
                    )
            else:
                high = min(state["chips"][seat], bank)
                amount = read_amount(action, state["config"]["min_bet"], high)
            state["chips"][seat] -= amount
            state["bets"][seat] = {"on": hand, "amount": amount, "banco": kind == "banco"}
        state["to_act"].remove(seat)
        if not state["to_act"]:
            self._cover(state)

    def _cover(self, state: dict) -> None:
        """Accept stakes from the banker's left (a banco alone) until the bank is covered."""
        bets, chips = state["bets"], state["chips"]
        order = [seat for seat in seats_from(state["banker"] + 1, len(chips)) if bets[seat]]
        bancos = [seat for seat in order if bets[seat]["banco"]]
        room = state["bank"]
        for seat in order:
            stake = bets[seat]["amount"]
            taken = 0 if bancos and seat != bancos[0] else min(stake, room)
            chips[seat] += stake - taken
            room -= taken
            bets[seat] = bets[seat] | {"amount": taken} if taken else None
        accepted = [seat for seat in order if bets[seat]]
        if not accepted:
            self._release(state)
            state["idle"] += 1
            self._start_round(state)
            return
        state["idle"] = 0
        controllers = {"banker": state["banker"]}
        for hand in self.hands:
            on_hand = [seat for seat in accepted if bets[seat]["on"] == hand]
            if on_hand:
                controllers[hand] = max(on_hand, key=lambda seat: bets[seat]["amount"])
        self._deal(state, controllers)

    # -- the coup ------------------------------------------------------------------------
    def _deal(self, state: dict, controllers: dict) -> None:
        order = (*self.hands, "banker")
        hands = {hand: [] for hand in order}
        for _ in range(2):
            for hand in order:
                hands[hand].append(self._draw(state))
        # A natural anywhere stops all drawing: every hand is shown and settled as dealt.
        done = list(order) if any(is_natural(hands[hand]) for hand in order) else []
        state["coup"] = {"hands": hands, "controllers": controllers, "waiting": None, "done": done}
        self._play_on(state)

    def _play_on(self, state: dict) -> None:
        """Play the hands in order; stop at a choice whose hand has a seat to answer it."""
        coup = state["coup"]
        for hand in (*self.hands, "banker"):
            if hand in coup["done"]:
                continue
            rule = self._rule(state, hand)
            if rule == "C" and coup["controllers"].get(hand) is not None:
                coup["waiting"] = hand
                state["phase"] = "choice"
                state["to_act"] = [coup["controllers"][hand]]
                return
            if rule == "C":
                rule = self._tableau(state, hand)
            self._decide(state, hand, rule == "T")
        self._finish(state)

    def _decide(self, state: dict, hand: str, draw: bool) -> None:
        if draw:
            state["coup"]["hands"][hand].append(self._draw(state))
        state["coup"]["done"].append(hand)

    def _third(self, state: dict, hand: str) -> int | None:
        cards = state["coup"]["hands"][hand]
        return VALUE[cards[2][0]] if len(cards) > 2 else None

    def _rule(self, state: dict, hand: str) -> str:
        """T, S or C (a choice) for `hand` under this game's rules."""
        total = hand_total(state["coup"]["hands"][hand])
        if hand != "banker":
            return punter_rule(total, choice_on_five=True)
        return banker_rule(CHEMIN_DE_FER_TABLEAU, total, self._third(state, self.hands[0]))

    def _tableau(self, state: dict, hand: str) -> str:
        """T or S for `hand` by the Punto Banco tableau (against the main punter hand)."""
        total = hand_total(state["coup"]["hands"][hand])
        if hand != "banker":
            return punter_rule(total, choice_on_five=False)
        third = self._third(state, self._main_hand(state))
        return banker_rule(PUNTO_BANCO_TABLEAU, total, third)

    def _main_hand(self, state: dict) -> str:
        return self.hands[0]

    def _legal_choice(self, state: dict, seat: int) -> list[dict]:
        return [{"type": choice} for choice in CHOICES]

    def _default_choice(self, state: dict, seat: int) -> dict:
        return {"type": CHOICES[self._tableau(state, state["coup"]["waiting"]) == "S"]}

    def _on_choice(self, state: dict, seat: int, action: dict) -> None:
        hand = state["coup"]["waiting"]
        state["coup"]["waiting"] = None
        self._decide(state, hand, action["type"] == "draw")
        self._play_on(state)

    def _settle(self, state: dict, winners: dict) -> None:
        """Winning stakes are paid from the bank; the bank's net win pays commission."""
        won = lost = 0
        for seat, bet in enumerate(state["bets"]):
            if bet is None:
                continue
            outcome = winners[bet["on"]]
            if outcome == "banker":
                won += bet["amount"]
            else:
                paid = 0 if outcome == "tie" else bet["amount"]
                state["chips"][seat] += bet["amount"] + paid
                lost += paid
            state["bets"][seat] = None
        fee = commission(max(0, won - lost), state["config"]["commission"])
        state["bank"] += won - lost - fee
        state["commission"] += fee
        if (self.pass_on_loss and lost > won) or state["bank"] < state["config"]["min_bet"]:
            self._release(state)


ENGINE = ChemDeFer()
