"""No two-player Burraco match loops for ever (issue 24): seed 8 used to, the bots taking
the one-card discard pile and throwing the same card straight back, turn after turn."""

import random

import pytest

from games.engines.burraco import ENGINE
from tests.helpers.examples import examples

pytestmark = pytest.mark.once  # pure engine: no stack in it, so CI plays it once

# Measured (bench/burraco.py --two-player, 500 seeded matches a pair): the longest match
# took about 1,100 actions; a loop would run past any cap.
CAP = 4000


def match_actions(seed: int, styles: tuple[str, str], seats: int = 2, **rules) -> int | None:
    """How many actions the seeded match took to end, or None if it ran past CAP. Seats
    take the styles in playing order (which style plays first alternates with the seed)."""
    state = ENGINE.new_state({"seats": seats, **rules}, random.Random(seed))
    order = state["order"][1:] + state["order"][:1]  # the first hand's first player first
    kinds = {seat: styles[(i + seed) % 2] for i, seat in enumerate(order)}
    rng = random.Random(f"bots {seed}")
    for actions in range(CAP):
        if ENGINE.is_over(state):
            return actions
        seat = state["to_act"][0]
        state = ENGINE.apply(state, seat, ENGINE.bot_action(state, seat, rng, kinds[seat]))
    return None


def test_seed_8_ends():
    """Seed 002: "walang pag-unlad sa laro. Maaaring magtapos ang paglalaro dito" (no
    progress in the game: play ends here); FIBUR: a one-card pile may not be taken and
    discarded again at once. `python -m games.play burraco --seed 8 --seats 2` looped."""
    for seed in (8, 9, 16, 31, 34):
        assert match_actions(seed, ("sensible", "sensible")) is not None, seed


SEEDS = range(examples(500))  # about 10 (sensible) and 20 (random) CPU minutes in full
CHUNKS = 10  # spread over the workers of `pytest -n`


@pytest.mark.parametrize("chunk", range(CHUNKS))
@pytest.mark.parametrize("styles", [("sensible", "sensible"), ("random", "sensible")])
def test_every_two_player_match_of_each_style_ends(styles, chunk):
    """Each style (the engine's own and random-legal, the other seat sensible; which plays
    first alternates with the seed) over 500 seeded matches, each under an action cap."""
    for seed in SEEDS[chunk::CHUNKS]:
        assert match_actions(seed, styles) is not None, seed


def test_two_random_players_end_a_tournament_match():
    """Two random-legal players lose points hand after hand and never reach the seed's 2000,
    as two people who never close would not: every hand ends, the match does not. Tournament
    play bounds the match instead ("5 turni di due smazzate", "4 turni di tre smazzate", "3
    turni di quattro smazzate": a round of 2, 3 or 4 hands; specchiolla.it's tournament rules),
    which is `max_hands`: such matches end, every hand of them under the cap."""
    for seed in SEEDS:
        assert match_actions(seed, ("random", "random"), max_hands=4) is not None, seed


@pytest.mark.parametrize("seats", [3, 4])
def test_three_and_four_player_matches_end(seats):
    """The same for the other seat counts (sensible bots; 4 players: seat draws that make
    partners of seats 0 and 1 used to play on past 2000 for ever)."""
    for seed in range(examples(100)):
        assert match_actions(seed, ("sensible", "sensible"), seats) is not None, seed
