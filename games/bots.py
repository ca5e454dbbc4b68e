"""Bots: pure functions that pick a seat's action; all randomness comes from the given rng."""

import random

GUIDED = {"draw", "stand"}


def bot_action(engine, state: dict, seat: int, rng: random.Random) -> dict | None:
    """A legal action for `seat`, None if it has none to take.

    A draw-or-stand decision follows `engine.default_action` (in baccarat, the Punto Banco
    tableau); any other decision (bets, stakes, the bank) is picked uniformly from
    `engine.legal_actions`.
    """
    actions = engine.legal_actions(state, seat)
    if not actions:
        return None
    if {action["type"] for action in actions} <= GUIDED:
        return engine.default_action(state, seat)
    return rng.choice(actions)
