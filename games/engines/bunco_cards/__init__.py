"""Bunco, the card game (rules/bunco-cards.md; the sheet is seeds/000): 2 to 14 players race
to empty their Bunco piles onto shared table piles built 1 to 10.

Modules: `cards` (the pack, what fits), `deal` (dealing, drawing, the new deck, scoring),
`turn` (the compulsory order and the actions), `view` (what a seat sees), `bot` (the bot).
State (plain JSON, per-seat lists): `bunco` piles and `hands` (last card = top), `surplus`
(per seat a list of piles), `table` (the piles being built), `deck` (ready hands of five),
`removed` (full piles, the next deck), `aside` (Stop cards played), `turn`, `phase`
("play" | "stop" | "over"), `scores`, `deals`.

Config: `seats` (2-14; two packs above 7), and our completions, each on by default:
`one_surplus`, `wild_bunco`, `stop_cards`, `scoring` (with `target`, 200).
"""

import random

from games.engines.base import MAX_SEATS, RulesError, clone, configure
from games.engines.bunco_cards import bot, notation, turn, view
from games.engines.bunco_cards.deal import deal
from live.words import Words, said

DEFAULTS = {
    "seats": 4,
    "one_surplus": True,
    "wild_bunco": True,
    "stop_cards": True,
    "scoring": True,
    "target": 200,
}


class BuncoCards:
    name = "bunco_cards"
    bot_styles = ("steady",)  # games/bots.py: one policy (bot.py)
    # Every key an action may carry: a refused move then gets the rules' own words, not just
    # "You can: play" (games/services/playing.py checks keys against the legal actions and these).
    action_keys = frozenset({"type", "from", "card", "to", "slot"})

    def new_state(self, config: dict | None, rng: random.Random) -> dict:
        cfg = configure(config, DEFAULTS)
        if not 2 <= cfg["seats"] <= MAX_SEATS:
            raise RulesError(said("Bunco takes 2 to %(most)s players.", most=MAX_SEATS))
        if not 25 <= cfg["target"] <= 10_000:
            raise RulesError(said("The match target must be between 25 and 10,000 points."))
        state = {
            "game": self.name,
            "seed": rng.getrandbits(64),
            "config": cfg,
            "deal_no": 1,
            "dealer": cfg["seats"] - 1,  # so seat 0, on the dealer's left, starts
            "scores": [0] * cfg["seats"],
            "deals": [],
            "last_deal": None,
            "winner": None,
        }
        deal(state)
        return state

    def legal_actions(self, state: dict, seat: int) -> list[dict]:
        return turn.legal_actions(state, seat)

    def apply(self, state: dict, seat: int, action: dict, rng=None) -> dict:
        if not isinstance(action, dict):
            raise RulesError(said("Play a card to a table pile, or lay one on your surplus."))
        state = clone(state)
        turn.apply_action(state, seat, action)
        return state

    def view(self, state: dict, seat: int | None) -> dict:
        return view.view(state, seat)

    def is_over(self, state: dict) -> bool:
        return state["phase"] == "over"

    def result(self, state: dict) -> dict:
        return view.result(state)

    def default_action(self, state: dict, seat: int) -> dict | None:
        """A seat that timed out plays as the bot would (deterministically)."""
        return bot.bot_action(state, seat, random.Random(0))

    def bot_action(self, state: dict, seat: int, rng: random.Random, style=None) -> dict | None:
        return bot.bot_action(state, seat, rng, style)

    def rules_note(self, config: dict | None) -> Words:
        """The room page's line on which rules are the sheet's and which are ours."""
        return view.rules_note(configure(config, DEFAULTS))

    def describe(self, record: dict) -> str:
        return view.describe(record)

    def trace(self, state: dict) -> dict:
        """The whole table in the trace notation (games.play --trace)."""
        return notation.table(state)


ENGINE = BuncoCards()
