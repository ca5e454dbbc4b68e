"""The chips ledger through the services: bots-only rooms played to the end, thousands of
coups in all; after every logged action the chips add up (seats, bets, bank, house,
commission), and each room's log replays to its stored state."""

import itertools
import random

from games import services
from games.engines import get_engine
from games.models import Room

GAMES = ("chemin_de_fer", "baccarat_banque", "punto_banco")


def bots_only_room(night, game, seed):
    room = services.room_open(
        night_id=night.pk, game=game, config={"seats": 14, "max_coups": 2000}, actor="t", seed=seed
    )
    for _ in range(14):
        services.seat_add_bot(room_id=room.pk, actor="t")
    services.room_start(room_id=room.pk, actor="t")
    return Room.objects.get(pk=room.pk)


def test_thousands_of_bot_coups_keep_every_chip(night):
    coups = 0
    for seed, game in enumerate(itertools.cycle(GAMES)):
        if coups >= 2000:
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
    assert coups >= 2000
