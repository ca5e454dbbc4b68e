"""Russian Bank (Crapette): two players, two packs, compulsory moves and "Stop!".

layout.py (cards, piles, the deal), moves.py (availability, building rules, the compulsory
order), scoring.py (game end, match), views.py (what each seat sees), bot.py (the bot),
engine.py (the engine interface of games/engines/base.py, both modes). Spec:
rules/russian-bank.md; actions and notation: docs/game-record.md.
"""

from games.engines.russian_bank.engine import ENGINE, RussianBank

__all__ = ["ENGINE", "RussianBank"]
