"""A roll the rules refuse is `invalid_roll`, the code docs/protocol.md gives, whether the
entry is a wipeout on a night without the variant or one while 1 is up."""

import pytest

from live.errors import ServiceError
from live.words import english
from partynight.models import Event
from partynight.rules.config import Rules
from partynight.services import play
from tests import builders

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("wipeout", [False, True])
def test_a_refused_wipeout_entry_is_an_invalid_roll(host, wipeout):
    night = builders.night(host, 12, started=True, rules=Rules(wipeout=wipeout))
    with pytest.raises(ServiceError) as refused:  # round 1: 1 is up
        play.roll_record(night_id=night.pk, table_number=1, entry="wipeout", actor="host",
                         client_id="w")  # fmt: skip
    assert refused.value.code == "invalid_roll"
    words = "without wipeouts" if not wipeout else "is a Bunco, not a wipeout"
    assert words in english(refused.value.message)
    assert not Event.objects.filter(kind="roll_scored").exists()
