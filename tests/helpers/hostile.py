"""Hostile input: Hypothesis profiles and strategies, a night in play to attack, and a dump
of what the database holds, to prove that refused input changes nothing."""

import os

import hypothesis
from hypothesis import HealthCheck
from hypothesis import strategies as st

from games.models import Room, RoomAction
from games.services import seating
from partynight.models import Event, Group, GroupMember, Night, Player, Round, Seat, Table
from tests import builders
from tests.helpers.examples import examples

# Fast by default (fewer still under `make check`); HOSTILE_PROFILE=hostile-long for a deeper run.
hypothesis.settings.register_profile(
    "hostile",
    max_examples=examples(40),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
hypothesis.settings.register_profile(
    "hostile-long", parent=hypothesis.settings.get_profile("hostile"), max_examples=500
)
HOSTILE = hypothesis.settings.get_profile(os.environ.get("HOSTILE_PROFILE", "hostile"))

# Any JSON value, nested; plus strings that are huge or hold odd characters.
JSON_LEAVES = (
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=20)
    | st.sampled_from(["roll", "1", "bunco", "0", "", "\x00", "<script>", "' OR 1=1 --"])
)
JSON = st.recursive(
    JSON_LEAVES,
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)
HUGE = st.builds(lambda char, n: char * n, st.characters(), st.integers(1_000, 20_000))


def dump() -> dict:
    """What a refused request must not change: counts, versions and states."""
    return {
        "nights": list(Night.objects.order_by("pk").values_list("pk", "version", "state", "rules")),
        "players": list(
            Player.objects.order_by("pk").values_list("pk", "name", "active", "paid", "claimed")
        ),
        "rounds": list(Round.objects.order_by("pk").values_list("pk", "state")),
        "tables": list(Table.objects.order_by("pk").values_list("pk", "version", "state")),
        "seats": Seat.objects.count(),
        "events": Event.objects.count(),
        "rooms": list(Room.objects.order_by("pk").values_list("pk", "version", "status", "seats")),
        "room_actions": RoomAction.objects.count(),
        "groups": list(Group.objects.order_by("pk").values_list("pk", "name")),
        "members": list(GroupMember.objects.order_by("pk").values_list("pk", "name", "contact")),
    }


def make_night(host, players=8, name="Hostile night"):
    """A night in play (round 1 started) with a card room: two players seated, one bot."""
    room = {"game": "punto_banco", "seats": 3, "seed": 2}
    night = builders.night(host, players, name=name, paid=False, started=True, room=room)
    room = night.rooms.get()
    people = list(night.players.filter(is_ghost=False).order_by("pk"))
    for player in people[:2]:
        seating.seat_join(room_id=room.pk, player=player)
    return night, room, people
