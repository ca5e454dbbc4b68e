"""Punto Banco: every seat bets on player, banker or tie; the house banks; no choices.

A coup: phase "bet" with every seat that can cover the minimum in `to_act`; each seat sends
one `{"type": "bet", "on": "player"|"banker"|"tie", "amount": n}` or `{"type": "sit_out"}`, in
any order (bets are simultaneous). When the last seat has acted the coup is dealt at once by
`play_coup` and settled: player 1:1, banker 1:1 less commission, tie 8:1, player and banker bets
push on a tie. A seat that does not answer in time gets `default_action`: sit out.
"""

from games.engines.baccarat import VALUE, BaccaratEngine, commission, hand_total, play_coup
from games.engines.baccarat_bots import BaccaratBots
from games.engines.base import RulesError, amount_choices, read_amount
from games.engines.odds import edges, full_counts, value_counts
from live.words import said

SPOTS = ("player", "banker", "tie")


class PuntoBanco(BaccaratBots, BaccaratEngine):
    name = "punto_banco"
    default_decks = 8

    def view(self, state: dict, seat: int | None) -> dict:
        """Adds the exact house edges for the cards nobody has seen (burned cards count as
        unseen, as they are for the players)."""
        full, seen = full_counts(state["config"]["decks"]), value_counts(state["discards"])
        unseen = [count - gone for count, gone in zip(full, seen, strict=True)]
        edge = edges(unseen, state["config"]["commission"])
        return super().view(state, seat) | {"edges": edge}

    def _start_round(self, state: dict) -> None:
        cfg = state["config"]
        seats = [seat for seat, chips in enumerate(state["chips"]) if chips >= cfg["min_bet"]]
        if state["coup_no"] >= cfg["max_coups"] or not seats:
            self._end(state)
        else:
            state["phase"] = "bet"
            state["to_act"] = seats

    def _legal_bet(self, state: dict, seat: int) -> list[dict]:
        amounts = amount_choices(state["config"]["min_bet"], state["chips"][seat])
        bets = [{"type": "bet", "on": on, "amount": amount} for on in SPOTS for amount in amounts]
        return bets + [{"type": "sit_out"}]

    def _default_bet(self, state: dict, seat: int) -> dict:
        return {"type": "sit_out"}

    def _on_bet(self, state: dict, seat: int, action: dict) -> None:
        if action["type"] == "bet":
            on = action.get("on")
            if on not in SPOTS:
                raise RulesError(said("Bet on the player, the banker or a tie."))
            amount = read_amount(action, state["config"]["min_bet"], state["chips"][seat])
            state["chips"][seat] -= amount
            state["bets"][seat] = {"on": on, "amount": amount}
        state["to_act"].remove(seat)
        if not state["to_act"]:
            self._deal(state)

    def _deal(self, state: dict) -> None:
        shoe = state["shoe"]
        *_, used = play_coup([VALUE[card[0]] for card in shoe[:6]], 0)
        dealt = [self._draw(state) for _ in range(used)]
        player, banker, extra = dealt[0:4:2], dealt[1:4:2], dealt[4:]
        if extra and hand_total(player) <= 5:
            player.append(extra.pop(0))
        hands = {"player": player, "banker": banker + extra}
        state["coup"] = {"hands": hands, "controllers": {}, "waiting": None}
        self._finish(state)

    def _settle(self, state: dict, winners: dict) -> None:
        won = winners["player"]
        for seat, bet in enumerate(state["bets"]):
            if bet is None:
                continue
            on, amount = bet["on"], bet["amount"]
            if on == won:
                prize = 8 * amount if on == "tie" else amount
                fee = commission(amount, state["config"]["commission"]) if on == "banker" else 0
                state["chips"][seat] += amount + prize - fee
                state["house"] -= prize
                state["commission"] += fee
            elif won == "tie" and on != "tie":
                state["chips"][seat] += amount
            else:
                state["house"] += amount
            state["bets"][seat] = None


ENGINE = PuntoBanco()
