"""A night replays from its log: folding the logged reducer events onto the first state
(reducer.apply_event) gives the state the rows hold (store.load), for the test builders'
nights and a 48-player night with every correction; a tampered log does not."""

import random

import pytest

from partynight.models import Event, Night, Player
from partynight.rules import reducer
from partynight.rules.reducer import NightState, apply_event
from partynight.services import arrivals, corrections, finish, nights, play, store
from tests import builders
from tests.helpers.once import kept_for_the_module
from tests.helpers.play import play_night, play_round, play_to_the_end

pytestmark = pytest.mark.django_db


def logged(night: Night) -> list[dict]:
    rows = Event.objects.filter(night=night, kind__in=reducer.EVENTS).order_by("pk")
    return [{"type": row.kind, **row.data} for row in rows]


def replayed(events: list[dict]) -> NightState:
    state = NightState()  # a night in planning: no seats drawn yet
    for event in events:
        state = apply_event(state, event)
    return state


def stored(night: Night) -> NightState:
    return store.load(Night.objects.get(pk=night.pk)).state


@pytest.mark.parametrize(
    "build",
    [
        {"players": 8},
        {"players": 9, "drawn": True},
        {"players": 13, "started": True},
        {"players": 12, "started": True, "rules": builders.SHORT},
    ],
)
def test_a_builders_night_replays_from_its_log(host, build):
    night = builders.night(host, **build)
    assert replayed(logged(night)) == stored(night)


def test_a_night_played_to_its_prizes_replays_from_its_log(host):
    night = play_night(builders.night(host, 10, rules=builders.SHORT))
    assert stored(night).state == "finished"
    assert replayed(logged(night)) == stored(night)


def person_table(state: NightState, first: int):
    """The first table from `first` on whose roller and partner are people."""
    for table in state.tables[first - 1 :]:
        roller, partner = table.seats[table.roller], table.seats[(table.roller + 2) % 4]
        if not {roller, partner} & set(table.ghosts) and not table.is_done:
            return table.table, roller, partner
    raise AssertionError("no table with two people to correct")


def table_version(night: Night, number: int) -> int:
    return night.rounds.get(number=1).tables.get(number=number).version


def player(key: str) -> Player:
    return Player.objects.get(pk=store.id_of(key))


@pytest.fixture(scope="module")
def corrected_night(django_db_setup, django_db_blocker):
    """48 players on 12 tables, six rounds, with every correction the host and the phones
    make in round 1: a late guest before play and one during it, a Bunco moved, points
    adjusted, a roll undone by the host and one taken back by a phone, a player replaced
    by a ghost. Played once for the module's tests, which only read it
    (tests/helpers/once.py)."""
    with kept_for_the_module(django_db_blocker):
        yield play_corrected_night()


def play_corrected_night() -> Night:
    night = builders.night(builders.host(), 45, rules=builders.SHORT, drawn=True)  # 3 ghosts
    early = nights.player_add(night_id=night.pk, name="Early Guest", actor="host")
    arrivals.late_guest_seat(night_id=night.pk, player_id=early.pk, actor="host", client_id="e")
    play.round_start(night_id=night.pk, number=1, actor="host")
    host_ = {"night_id": night.pk, "actor": "host"}

    number, roller, partner = person_table(stored(night), 2)  # the Head table's Bunco rings
    play.roll_record(**host_, table_number=number, entry="bunco", client_id="b")
    assert stored(night).fuzzy == roller
    corrections.bunco_reassign(
        **host_, table_number=number, from_player=roller, to_player=partner, client_id="m"
    )
    corrections.points_adjust(
        **host_, table_number=number, team="A", delta=2, reason="miscounted", client_id="p"
    )

    number, *_ = person_table(stored(night), number + 1)
    play.roll_record(**host_, table_number=number, entry="1", client_id="r1")
    assert corrections.roll_undo(**host_, table_number=number, client_id="u")["undone"]

    number, roller, partner = person_table(stored(night), number + 1)
    v = table_version(night, number)
    play.roll_record(
        night_id=night.pk, player=player(roller), entry="2", seen_version=v, client_id="r2",
        actor=f"player:{store.id_of(roller)}",
    )  # fmt: skip
    v = table_version(night, number)
    take = {"night_id": night.pk, "player": player(partner), "seen_version": v}
    assert corrections.roll_take_back(**take, client_id="t")["undone"]

    late, seated = corrections.player_late_arrival(night_id=night.pk, name="Late", actor="host")
    assert seated
    _, leaver, _ = person_table(stored(night), number + 1)
    corrections.player_replace_by_ghost(
        night_id=night.pk, player_id=store.id_of(leaver), actor="host"
    )

    rng = random.Random(11)
    play_to_the_end(night, rng, 1)
    for round_number in range(2, builders.SHORT.rounds + 1):
        play_round(night, rng, round_number)
    finish.night_finish(night_id=night.pk, actor="host")
    return night


def test_a_corrected_48_player_night_replays_from_its_log(corrected_night):
    events = logged(corrected_night)
    kinds = {e["type"] for e in events}
    assert {"late_seated", "replaced", "table_corrected", "fuzzy_moved", "night_over"} <= kinds
    final = stored(corrected_night)
    assert final.state == "finished" and sum(len(t) for t in final.seating) == 48
    assert replayed(events) == final


def drop_the_last_fuzzy_move(events):
    last = max(i for i, e in enumerate(events) if e["type"] == "fuzzy_moved")
    return events[:last] + events[last + 1 :]


def change_the_last_totals(events):
    last = max(i for i, e in enumerate(events) if e["type"] == "round_done")
    totals = {key: {**row, "wins": row["wins"] + 1} for key, row in events[last]["totals"].items()}
    return [*events[:last], {**events[last], "totals": totals}, *events[last + 1 :]]


@pytest.mark.parametrize("tamper", [drop_the_last_fuzzy_move, change_the_last_totals])
def test_a_tampered_log_does_not_replay_to_the_night(corrected_night, tamper):
    events = logged(corrected_night)
    assert replayed(tamper(events)) != stored(corrected_night)
