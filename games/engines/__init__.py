"""Card-game engines, pure Python (no Django). See games/engines/base.py for the interface.

`ENGINES` maps a game's name to its engine; adding a game (burraco, russian_bank, bunco_cards)
is one more line in `_MODULES` and a module that defines `ENGINE`. The dict is built on first
use so that `python -m games.engines.baccarat` does not import that module twice.
"""

import importlib
import random

from games.engines.base import RulesError
from live.words import said

_MODULES = {
    "punto_banco": "games.engines.punto_banco",
    "chemin_de_fer": "games.engines.chemin_de_fer",
    "baccarat_banque": "games.engines.baccarat_banque",
    "bunco_cards": "games.engines.bunco_cards",
    "russian_bank": "games.engines.russian_bank",
    "burraco": "games.engines.burraco",
}


def __getattr__(name: str):
    if name != "ENGINES":
        raise AttributeError(name)
    engines = {game: importlib.import_module(path).ENGINE for game, path in _MODULES.items()}
    globals()["ENGINES"] = engines
    return engines


def get_engine(game: str):
    if game not in _MODULES:
        raise RulesError(said("Unknown game: %(game)s.", game=game))
    return importlib.import_module(_MODULES[game]).ENGINE


def replay(game: str, config: dict | None, seed: int, actions: list[dict]) -> dict:
    """Rebuild a session: `new_state(config, Random(seed))`, then each {"seat", "action"}."""
    engine = get_engine(game)
    state = engine.new_state(config, random.Random(seed))
    for step in actions:
        state = engine.apply(state, step["seat"], step["action"])
    return state
