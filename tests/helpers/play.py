"""Nights played through the services with random dice, roll by roll, as phones would."""

import random

from partynight.models import Round
from partynight.rules.config import Rules
from partynight.rules.dice import roll_dice
from partynight.services import finish, nights, play


def play_round(night, rng, number):
    play.round_start(night_id=night.pk, number=number, actor="host")
    while True:
        round_ = night.rounds.get(number=number)
        if round_.state == Round.State.DONE:
            return round_
        for table in round_.tables.all():
            table.refresh_from_db()  # an earlier roll may have rung the bell here
            if table.state["phase"] == "done":
                continue
            play.roll_record(
                night_id=night.pk,
                table_number=table.number,
                dice=roll_dice(rng),
                client_id=f"c{random.random()}",
                actor="test",
                seen_version=table.version,
            )


def play_night(night, seed=3):
    """Draw the seats, play every round with random dice, award the prizes."""
    nights.seats_draw(night_id=night.pk, actor="host")
    rng = random.Random(seed)
    rules = Rules.from_dict(night.rules)
    for number in range(1, rules.sets * rules.rounds_per_set + 1):
        play_round(night, rng, number)
    finish.night_finish(night_id=night.pk, actor="host")
    night.refresh_from_db()
    return night
