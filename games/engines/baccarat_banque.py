"""Baccarat Banque (a deux tableaux): Chemin de Fer's bank and stakes, with two punter hands.

Stakes name a tableau: `{"type": "stake", "on": "right"|"left", "amount": n}`,
`{"type": "banco", "on": ...}`; together they cover at most the bank. The banker deals right,
left, himself; each tableau is played by its biggest stake with the punter rules (a tableau
nobody staked on follows the Punto Banco tableau). The banker then chooses freely, once, to
draw or stand against both hands (phase "choice"), and is compared with each tableau
separately. A natural in any of the three hands stops all drawing (rules/baccarat.md; seed
004: "all three hands are exposed, and the banker settles up separately with each side"),
so the coup is settled as dealt. The bank stays after a loss: the
banker keeps it until `{"type": "stop_bank"}` or until it falls below the minimum bet.
The default commission is 0 (the rules name none).
"""

from games.engines.chemin_de_fer import ChemDeFer


class BaccaratBanque(ChemDeFer):
    name = "baccarat_banque"
    hands = ("right", "left")
    default_decks = 3
    default_commission = 0
    release = "stop_bank"
    pass_on_loss = False

    def _rule(self, state: dict, hand: str) -> str:
        return "C" if hand == "banker" else super()._rule(state, hand)

    def _main_hand(self, state: dict) -> str:
        """The tableau with the most chips on it (the right one on equal stakes)."""
        staked = dict.fromkeys(self.hands, 0)
        for bet in state["bets"]:
            if bet and bet["on"] in staked:
                staked[bet["on"]] += bet["amount"]
        return max(staked, key=staked.get)


ENGINE = BaccaratBanque()
