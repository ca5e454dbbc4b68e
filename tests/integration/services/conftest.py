import datetime

import pytest
from django.contrib.auth import get_user_model

from partynight.services import nights


@pytest.fixture
def host(db):
    return get_user_model().objects.create_user("hostess", password="pw-for-tests-1")


@pytest.fixture
def make_night(host):
    def make(players=12, seed=7, rules=None, paid=True):
        night = nights.night_create(
            host=host,
            name="Friday Bunco",
            date=datetime.date(2026, 12, 4),
            seed=seed,
            rules=rules,
        )
        for i in range(players):
            nights.player_add(night_id=night.pk, name=f"Player {i + 1}", actor="host", paid=paid)
        return night

    return make
