"""The chips ledger through the services: bots-only rooms played to the end, thousands of
coups in all (`make check` caps each room and the total at COUPS, hundreds); after every
logged action the chips add up (seats, bets, bank, house, commission), and each room's log
replays to its stored state."""

import itertools
import random
import time

from games import selectors
from games.bots import bot_action, style_for
from games.engines import get_engine
from games.models import Room
from games.services import playing, rooms, seating
from tests.helpers.examples import examples

GAMES = ("chemin_de_fer", "baccarat_banque", "punto_banco")
COUPS = examples(2000, quick=200)  # thousands under `make test`, hundreds under `make check`


def bots_only_room(night, game, seed):
    room = rooms.room_open(
        night_id=night.pk, game=game, config={"seats": 14, "max_coups": COUPS}, actor="t", seed=seed
    )
    for _ in range(14):
        seating.seat_add_bot(room_id=room.pk, actor="t")
    rooms.room_start(room_id=room.pk, actor="t")
    room = Room.objects.get(pk=room.pk)
    while room.status == "playing":  # the room's timer plays each next step
        assert selectors.room_info(room, selectors.seat_names(room))["deadline"] <= time.time()
        playing.seat_timeout(room_id=room.pk, actor="timer", seen_version=room.version)
        room = Room.objects.get(pk=room.pk)
    return room


def test_thousands_of_bot_coups_keep_every_chip(night):
    coups = 0
    for seed, game in enumerate(itertools.cycle(GAMES)):
        if coups >= COUPS:
            break
        room = bots_only_room(night, game, seed)
        assert room.status == "finished"
        engine = get_engine(game)
        state = engine.new_state(room.config, random.Random(room.seed))
        total = engine.chips_total(state)
        assert total == 14 * 1000
        for logged in room.actions.all():
            state = engine.apply(state, logged.seat, logged.action)
            assert engine.chips_total(state) == total
            last = state["last_coup"]
            if last:
                moved = last["chips"]
                assert sum(moved["seats"]) + moved["house"] + moved["commission"] == 0
        assert state == room.state
        coups += state["coup_no"]
    assert coups >= COUPS


def test_room_bots_play_in_their_seats_styles(night):
    """A bots-only Punto Banco room: each seat's bets follow the style the room's seed dealt
    it (the log is exactly what `bot_action` in that style plays), and bets look casual."""
    room = bots_only_room(night, "punto_banco", seed=21)
    engine = get_engine("punto_banco")
    kinds = [style_for(engine, room.seed, seat) for seat in range(14)]
    assert len(set(kinds)) > 1
    state, bets = engine.new_state(room.config, random.Random(room.seed)), []
    version = None
    for logged in room.actions.all():
        if logged.version != version:  # each step draws from its own rng
            version, rng = logged.version, random.Random(f"bots {room.seed} {logged.seq - 1}")
        assert logged.action == bot_action(engine, state, logged.seat, rng, kinds[logged.seat])
        if logged.action["type"] == "bet":
            bets.append(logged.action)
            # a small share of the stack (up to 12% in the boldest style), or the minimum
            assert logged.action["amount"] <= max(10, 0.12 * state["chips"][logged.seat])
        state = engine.apply(state, logged.seat, logged.action)
    assert len(bets) > 14 * 20
    assert sum(bet["on"] == "tie" for bet in bets) < 0.1 * len(bets)
