import pytest

from games.services import rooms
from tests import builders


@pytest.fixture
def night(host):
    return builders.night(host, ["Ann", "Bea", "Cy"], seed=3, paid=False, name="Card night")


@pytest.fixture
def players(night):
    return list(night.players.order_by("id"))


@pytest.fixture
def open_room(night):
    def make(game="punto_banco", seed=1, timeout=60, **config):
        return rooms.room_open(
            night_id=night.pk, game=game, config=config, actor="host", timeout=timeout, seed=seed
        )

    return make
