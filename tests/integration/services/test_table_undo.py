"""A phone takes back its table's last roll (corrections.roll_take_back): until the next
roll, once, only at its own table; older mistakes stay the host's."""

import pytest

from live.errors import ServiceError
from live.words import english
from partynight.models import Event, Player, Seat
from partynight.services import corrections, play, snapshots
from partynight.services.selectors import undo_offers


def at_table(night, number):
    seats = Seat.objects.filter(table__round__night=night, table__number=number)
    return [row.player for row in seats.order_by("position")]


def version(night, number):
    return night.rounds.get(number=1).tables.get(number=number).version


def roll(night, player, entry, cid):
    return play.roll_record(
        night_id=night.pk,
        player=player,
        entry=entry,
        seen_version=version(night, 1),
        client_id=cid,
        actor=f"player:{player.pk}",
    )


def undo_offer(player):
    return snapshots.player_snapshot(Player.objects.get(pk=player.pk))["undo"]


def test_a_phone_takes_back_the_last_roll_once_until_the_next(make_night):
    night = make_night(players=8, started=True)
    eve, bo, cy, _ = at_table(night, 1)
    roll(night, bo, "2", "r1")  # Bo's phone enters the roller's 2
    offer = undo_offer(cy)
    assert english(offer["label"]) == f"Undo {eve.name}'s roll (2 points)"
    assert offer["v"] == version(night, 1)
    take = {"night_id": night.pk, "player": cy, "seen_version": offer["v"]}
    assert corrections.roll_take_back(**take, client_id="u1")["undone"] == 1
    assert corrections.roll_take_back(**take, client_id="u1")["replayed"]  # a double tap
    table = night.rounds.get().tables.get(number=1).state
    assert table["points"] == [0, 0]
    logged = Event.objects.get(night=night, kind="roll_undone")
    assert logged.actor == f"player:{cy.pk}"
    assert undo_offer(cy) is None  # older mistakes stay the host's
    with pytest.raises(ServiceError) as error:
        corrections.roll_take_back(**take, client_id="u2")
    assert error.value.code == "too_late"


def test_the_next_roll_locks_the_one_before(make_night):
    night = make_night(players=8, started=True)
    eve, bo, cy, _ = at_table(night, 1)
    roll(night, eve, "1", "r1")
    stale = undo_offer(eve)["v"]
    roll(night, eve, "2", "r2")
    with pytest.raises(ServiceError, match="Only the table's last roll can be taken back"):
        corrections.roll_take_back(night_id=night.pk, player=cy, seen_version=stale, client_id="u")
    assert english(undo_offer(eve)["label"]) == f"Undo {eve.name}'s roll (2 points)"


def test_a_phone_takes_back_only_at_its_own_table(make_night):
    night = make_night(players=8, started=True)
    eve = at_table(night, 1)[0]
    far = at_table(night, 2)[0]
    roll(night, eve, "2", "r1")
    v = undo_offer(eve)["v"]
    with pytest.raises(ServiceError):  # table 2's version is not table 1's
        corrections.roll_take_back(night_id=night.pk, player=far, seen_version=v, client_id="u")
    assert night.rounds.get().tables.get(number=1).state["points"] != [0, 0]
    loaded = snapshots.night_data(night).loaded
    offers = undo_offers(night, loaded.state, {1: v, 2: version(night, 2)}, {})
    assert list(offers) == [1]
