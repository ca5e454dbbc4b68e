import datetime

import pytest
from django.contrib.auth import get_user_model

from games import services
from partynight.services import nights


@pytest.fixture
def host(db):
    return get_user_model().objects.create_user("hostess", password="pw-for-tests-1")


@pytest.fixture
def night(host):
    night = nights.night_create(
        host=host, name="Card night", date=datetime.date(2026, 12, 4), seed=3
    )
    for name in ("Ann", "Bea", "Cy"):
        nights.player_add(night_id=night.pk, name=name, actor="host")
    return night


@pytest.fixture
def players(night):
    return list(night.players.order_by("id"))


@pytest.fixture
def open_room(night):
    def make(game="punto_banco", seed=1, timeout=60, **config):
        return services.room_open(
            night_id=night.pk, game=game, config=config, actor="host", timeout=timeout, seed=seed
        )

    return make
