"""Bots: pure functions that pick a seat's action; all randomness comes from the given rng.

Every game plugs in its own policy. An engine (a module or an object) may define

    bot_styles: tuple[str, ...]                   # its styles of play, e.g. ("steady", ...)
    bot_action(state, seat, rng, style) -> dict   # a legal action for `seat` in that style

and `bot_action` below dispatches to it. An engine without a policy, and the style named
"random" in every game, picks uniformly among `legal_actions`. A room gives each bot seat one
style for the whole session, chosen from the engine's styles by the room's seed and the seat
(`style_for`), so a session replays and its bots keep their character.
"""

import random

RANDOM = "random"  # uniform among the legal actions, in every game


def styles(engine) -> tuple[str, ...]:
    """The engine's own styles, then "random"."""
    return (*getattr(engine, "bot_styles", ()), RANDOM)


def style_for(engine, seed: int, seat: int) -> str:
    """The style of the bot at `seat` of a session seeded `seed`: one of the engine's own
    styles (random-legal only for a game without a policy)."""
    own = getattr(engine, "bot_styles", ()) or (RANDOM,)
    return random.Random(f"style {seed} {seat}").choice(own)


def bot_action(engine, state: dict, seat: int, rng: random.Random, style: str = RANDOM):
    """A legal action for `seat` in `style`, None if it has none to take."""
    actions = engine.legal_actions(state, seat)
    if not actions:
        return None
    policy = getattr(engine, "bot_action", None)
    if style == RANDOM or policy is None:
        return rng.choice(actions)
    if style not in engine.bot_styles:
        raise ValueError(f"{engine.name} bots have no style {style!r}")
    return policy(state, seat, rng, style)
