import pytest

from games import selectors
from games.services import emit, rooms
from tests import builders
from tests.helpers.frames import check_sent


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


@pytest.fixture(autouse=True)
def frames_checked(monkeypatch):
    """Every frame the rooms build in these tests is checked against its TypedDict
    (games/frames.py) as it is built: each event the services send a room's groups, each
    snapshot a socket sends. (Not at the socket's forward: some tests feed it frames of
    their own making.)"""
    send_after_commit, room_snapshot = emit.send_after_commit, selectors.room_snapshot

    def checked_send(groups, event):
        check_sent(event)
        send_after_commit(groups, event)

    def checked_snapshot(room, player):
        snapshot = room_snapshot(room, player)
        check_sent(snapshot)
        return snapshot

    monkeypatch.setattr(emit, "send_after_commit", checked_send)
    monkeypatch.setattr(selectors, "room_snapshot", checked_snapshot)
