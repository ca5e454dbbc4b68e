"""Nights played through the services with random dice, roll by roll, as phones would."""

import random

from live.errors import ServiceError
from partynight.models import Round
from partynight.rules.config import Rules
from partynight.services import finish, nights, play

# what a roll answers at a table an earlier roll finished (the bell reached it, or the round
# ended)
STALE = ("already_recorded", "table_done", "wrong_state")


def lively_dice(rng: random.Random, up: int) -> tuple[int, int, int]:
    """Three dice that each show the round's number a third of the time (twice a fair die's
    odds): a round takes half the rolls and still sees misses, Buncos and mini-Buncos."""
    return tuple(up if rng.random() < 1 / 3 else rng.randint(1, 6) for _ in range(3))


def play_round(night, rng, number):
    play.round_start(night_id=night.pk, number=number, actor="host")
    return play_to_the_end(night, rng, number)


def play_to_the_end(night, rng, number):
    """Roll at every table of round `number` (already started) until the round is done."""
    round_ = night.rounds.get(number=number)
    while not Round.objects.filter(pk=round_.pk, state=Round.State.DONE).exists():
        for table in round_.tables.all():
            if table.state["phase"] == "done":
                continue
            try:
                play.roll_record(
                    night_id=night.pk,
                    table_number=table.number,
                    dice=lively_dice(rng, round_.up),
                    client_id=f"c{random.random()}",
                    actor="test",
                    seen_version=table.version,
                )
            except ServiceError as error:
                if error.code not in STALE:
                    raise
                break  # an earlier roll rang the bell here, as a phone would hear: look again
    return round_


def finish_every_table(night, number: int) -> None:
    """Every table of round `number` plays out its turn and any roll-off (the bell has rung):
    misses end turns, points end roll-offs."""
    entries = iter(["0", "1", "2", "0", "2"] * 100)
    while True:
        rows = Round.objects.get(night=night, number=number).tables.all()
        open_tables = [t for t in rows if t.state["phase"] != "done"]
        if not open_tables:
            return
        play.roll_record(
            night_id=night.pk,
            table_number=open_tables[0].number,
            entry=next(entries),
            client_id=None,
            actor="t",
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
