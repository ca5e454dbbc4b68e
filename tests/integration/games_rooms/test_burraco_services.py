"""Burraco through the room services: a person and three bots play a hand to the end, the
log replays to the stored state; a timed-out turn plays the default; double sends."""

import importlib
import random

import pytest
from django.apps import apps

from games.engines import replay
from games.engines.burraco import ENGINE
from games.models import Room, RoomAction
from games.services import playing, rooms, seating
from live.errors import ServiceError


def log_of(room):
    return [{"seat": a.seat, "action": a.action} for a in RoomAction.objects.filter(room=room)]


def burraco_room(open_room, players, **config):
    room = open_room(game="burraco", seats=4, seed=7, **config)
    seating.seat_join(room_id=room.pk, player=players[0])
    for _ in range(3):
        seating.seat_add_bot(room_id=room.pk, actor="host")
    rooms.room_start(room_id=room.pk, actor="host")
    return Room.objects.get(pk=room.pk)


def test_a_person_and_three_bots_play_a_hand_and_the_log_replays(open_room, players):
    room = burraco_room(open_room, players, max_hands=1)
    rng = random.Random(2)
    while room.status == "playing":
        assert room.state["to_act"] == [0]  # the bots never keep anyone waiting
        action = ENGINE.bot_action(room.state, 0, rng, "sensible")
        playing.action_apply(room_id=room.pk, seat=0, action=action, client_id=f"c{room.version}")
        room = Room.objects.get(pk=room.pk)
    assert room.status == "finished" and len(room.state["history"]) == 1
    assert replay("burraco", room.config, room.seed, log_of(room)) == room.state
    kinds = {a["action"]["type"] for a in log_of(room)}
    assert {"draw", "discard", "meld"} <= kinds


def test_a_double_send_and_a_stale_phone_are_answered_not_applied(open_room, players):
    room = burraco_room(open_room, players)
    first = playing.action_apply(
        room_id=room.pk, seat=0, action={"type": "draw"}, client_id="d1", seen_version=room.version
    )
    again = playing.action_apply(
        room_id=room.pk, seat=0, action={"type": "draw"}, client_id="d1", seen_version=room.version
    )
    assert again == first | {"replayed": True}
    with pytest.raises(ServiceError) as stale:  # another phone of the same seat, an old view
        playing.action_apply(
            room_id=room.pk, seat=0, action={"type": "discard", "card": "AS"}, client_id="d2",
            seen_version=room.version,
        )  # fmt: skip
    assert stale.value.code == "already_played"
    assert len(Room.objects.get(pk=room.pk).state["hands"][0]) == 12


def test_a_person_who_keeps_the_game_waiting_gets_the_default(open_room, players):
    room = burraco_room(open_room, players)
    done = playing.seat_timeout(room_id=room.pk, actor="host", force=True)
    assert done["timed_out"] == [0]
    room = Room.objects.get(pk=room.pk)
    assert room.state["phase"] == "play" and len(room.state["hands"][0]) == 12
    playing.seat_timeout(room_id=room.pk, actor="host", force=True)
    room = Room.objects.get(pk=room.pk)
    assert room.state["to_act"] == [0] and room.state["phase"] == "draw"  # discarded; bots played
    assert [a.by for a in RoomAction.objects.filter(room=room, seat=0)] == ["timeout"] * 2


def test_a_room_stored_before_pending_became_a_list_plays_on(open_room, players):
    """The migration turns a stored single pending seat (or null) into a list."""
    migration = importlib.import_module("games.migrations.0002_burraco_pending_pozzetto_list")
    room = burraco_room(open_room, players)
    old = {**room.state, "pending_pozzetto": None}
    other = burraco_room(open_room, players)
    Room.objects.filter(pk=room.pk).update(state=old)
    Room.objects.filter(pk=other.pk).update(state={**other.state, "pending_pozzetto": 2})
    migration.pending_as_list(apps, None)
    assert Room.objects.get(pk=room.pk).state["pending_pozzetto"] == []
    assert Room.objects.get(pk=other.pk).state["pending_pozzetto"] == [2]
    playing.action_apply(room_id=room.pk, seat=0, action={"type": "draw"}, client_id="d")
    assert Room.objects.get(pk=room.pk).state["to_act"] == [0]


def as_stored_before_issue_24(state):
    """A state as the engine stored it before the seed's rules (issue 24): no seat order,
    the draw called `dealer_draw`, the stalemate offer and its setting."""
    old = {k: v for k, v in state.items() if k not in NEW_FIELDS}
    config = {k: v for k, v in state["config"].items() if k not in NEW_SETTINGS}
    return old | {"dealer_draw": state["seat_draw"], "stalemate": None, "quiet_turns": 2,
                  "config": config | {"stalemate": 1, "target": 2005}}  # fmt: skip


NEW_FIELDS = ("seat_draw", "order", "partners", "moves", "no_discard")
NEW_SETTINGS = ("partners_by_seat", "end_swing", "play_out")


def test_a_room_stored_before_the_seed_rules_plays_on_as_it_began(open_room, players):
    """Migration 0004: the room's settings lose `stalemate`; a match under way keeps its old
    seating and variants, and an open stalemate offer becomes the offerer's turn again."""
    migration = importlib.import_module("games.migrations.0006_burraco_seed_rules_state")
    room = burraco_room(open_room, players)
    offered = as_stored_before_issue_24(room.state) | {
        "phase": "stalemate", "to_act": [2], "stalemate": {"by": 0, "asked": [1, 2, 3]},
    }  # fmt: skip
    Room.objects.filter(pk=room.pk).update(state=offered, config=room.config | {"stalemate": 1})
    migration.forwards(apps, None)
    room = Room.objects.get(pk=room.pk)
    assert "stalemate" not in room.config and "stalemate" not in room.state
    state = room.state
    assert state["phase"] == "draw" and state["to_act"] == [0] and state["order"] == [0, 1, 2, 3]
    assert state["config"]["partners_by_seat"] and state["config"]["target"] == 2005
    assert state["seat_draw"] == offered["dealer_draw"]
    rng = random.Random(4)
    for _ in range(40):  # the person's turns; the bots play theirs
        action = ENGINE.bot_action(room.state, 0, rng, "sensible")
        playing.action_apply(room_id=room.pk, seat=0, action=action, client_id=f"m{room.version}")
        room = Room.objects.get(pk=room.pk)
        assert room.state["to_act"] == [0] or room.status == "finished"
