"""The roll's reads written as SQL (live/sql.py) give what the ORM gives: every field of the
night, round, tables and player, with JSON, dates, booleans and keys read back alike; the
roll's one query reads the player and a repeated client id as their own queries do."""

import pytest

from live import sql
from live.errors import ServiceError
from partynight import links
from partynight.models import Night, Player, Table
from partynight.services import store
from partynight.services.common import event_record, log_event

pytestmark = pytest.mark.django_db


def fields_of(instance) -> dict:
    return {f.attname: getattr(instance, f.attname) for f in type(instance)._meta.concrete_fields}


def test_lock_and_load_reads_every_field_as_the_orm_does(make_night):
    night = make_night(started=True)
    loaded = store.lock_and_load(night.pk)
    orm = {t.number: t for t in Table.objects.filter(round__night=night, round__number=1)}
    assert fields_of(loaded.night) == fields_of(Night.objects.get(pk=night.pk))
    assert fields_of(loaded.round) == fields_of(orm[1].round)
    assert {n: fields_of(t) for n, t in loaded.tables.items()} == {
        n: fields_of(t) for n, t in orm.items()
    }
    assert list(loaded.tables) == [1, 2, 3]  # in table order
    assert loaded.state == store.load(Night.objects.get(pk=night.pk)).state


def test_the_player_now_is_the_orm_row_and_a_removed_player_is_refused(make_night):
    night = make_night(started=True)
    player = night.players.first()
    assert fields_of(links.player_now(player)) == fields_of(Player.objects.get(pk=player.pk))
    Player.objects.filter(pk=player.pk).update(active=False)
    with pytest.raises(ServiceError, match="no longer") as refused:
        links.player_now(player)
    assert refused.value.code == "removed"


@pytest.mark.parametrize("started", [True, False], ids=["in a round", "before the first"])
def test_lock_and_load_reads_the_player_and_the_client_id_as_their_own_queries_do(
    make_night, started
):
    night = make_night(started=started)
    player, other = night.players.filter(is_ghost=False)[:2]
    log_event(night, "roll", "host:1", {"request": {"table": 1}}, {"ok": True}, "c1")
    loaded = store.lock_and_load(night.pk, player, "c1")
    assert fields_of(loaded.player) == fields_of(links.player_now(player))
    assert loaded.recorded == event_record(night.pk, "c1")
    assert loaded.recorded == (["host:1", "roll", {"table": 1}], {"ok": True})
    assert bool(loaded.tables) == started  # the one-query path, or the fallback's
    Player.objects.filter(pk=other.pk).update(is_ghost=True)
    loaded = store.lock_and_load(night.pk, other, "c2")
    assert loaded.player is None and loaded.recorded is None
    assert store.lock_and_load(night.pk).player is None


def test_a_logged_client_id_reads_back_with_its_json(make_night):
    night = make_night()
    data = {"request": {"table": 2, "dice": [1, 2, 3]}, "note": "ünïcode"}
    log_event(night, "roll", "host:1", data, {"ok": True, "roll": {"points": 1}}, "c1")
    assert event_record(night.pk, "c1") == (
        ["host:1", "roll", {"table": 2, "dice": [1, 2, 3]}],
        {"ok": True, "roll": {"points": 1}},
    )
    assert event_record(night.pk, "c2") is None


def test_columns_follow_the_models_fields():
    listed = sql.columns(Night, "n").split(", ")
    assert len(listed) == len(Night._meta.concrete_fields)
    assert all(column.startswith("n.") for column in listed)
