"""Burraco, the Italian rummy for 2, 3 and 4 players (rules/burraco.md; docs/game-record.md).

melds.py    cards, wild cards, sets and sequences (the judge of every meld)
state.py    the deal, the turn, the pozzetti, closing, the end of a hand and the match
scoring.py  a hand's score per side and the match
legal.py    every legal action, grouped by rank and suit (no power sets)
views.py    what each seat and the screen may see
bot.py      the sensible bot and the random-legal one
notation.py the text notation of `python -m games.play burraco --trace`
"""

from games.engines.burraco import bot, legal, notation, state, views
from games.engines.burraco.melds import is_wild, value


class Burraco:
    name = "burraco"
    bot_styles = ("sensible",)  # games/bots.py adds "random" (uniform over legal_actions)
    # Every key its actions use: a phone composes melds from the cards it picked and the
    # engine says why it refuses one, so the room must not refuse these keys first.
    action_keys = ("type", "cards", "card", "meld", "wild")

    def new_state(self, config, rng):
        return state.new_state(config, rng)

    def legal_actions(self, s, seat):
        return legal.legal_actions(s, seat)

    def apply(self, s, seat, action, rng=None):
        return state.apply(s, seat, action)

    def view(self, s, seat):
        return views.view(s, seat)

    def is_over(self, s):
        return s["phase"] == "over"

    def result(self, s):
        """Match scores per seat, the winners, and every hand's score breakdown."""
        return {"scores": list(s["scores"]), "winners": s["winners"], "hands": s["history"]}

    def trace(self, s):
        """The whole table in the trace notation (games.play --trace)."""
        return notation.notation(s)

    def describe(self, record):
        return notation.describe(record)

    def default_action(self, s, seat):
        """A seat whose time ran out: draws, takes its pozzetto, or discards its highest card
        (a wild last)."""
        if seat not in s["to_act"]:
            return None
        if s["phase"] == "draw":
            return legal.legal_actions(s, seat)[0]
        options = legal.discards(s, seat)
        if not s["hands"][seat] or not options:
            return {"type": "take_pozzetto"}
        return max(options, key=lambda a: (not is_wild(a["card"]), value(a["card"])))

    def bot_action(self, s, seat, rng, style="sensible"):
        return bot.choose(s, seat, rng, style)


ENGINE = Burraco()
