"""A night played through the services, roll by roll, as phones would."""

import random

from partynight.models import Event, Night, Round
from partynight.rules.dice import roll_dice
from partynight.rules.record import validate_record
from partynight.services import finish, nights, play, selectors


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


def test_a_whole_night_plays_to_prizes_and_exports_a_valid_record(make_night):
    night = make_night(players=10)
    nights.seats_draw(night_id=night.pk, actor="host")
    rng = random.Random(1)
    for number in range(1, 25):
        play_round(night, rng, number)
        night.refresh_from_db()
        if number == 12:
            assert night.state == Night.State.BREAK
    finish.night_finish(night_id=night.pk, actor="host")
    night.refresh_from_db()
    record = selectors.night_record(night)
    assert len(record["rounds"]) == 24
    assert sum(p["amount"] for p in record["prizes"]) == record["pot"] == 50
    assert validate_record(record) == []
    assert Event.objects.filter(night=night, kind="roll").count() > 24 * 3
