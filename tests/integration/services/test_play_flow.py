"""A night played through the services, roll by roll, as phones would."""

import random

from partynight.models import Event, Night
from partynight.rules.record import validate_record
from partynight.services import finish, nights, selectors
from tests.helpers.play import play_round


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
    assert Event.objects.filter(night=night, kind="roll_scored").count() > 24 * 3
