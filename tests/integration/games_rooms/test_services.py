"""Room services: seats, bots, start, actions, idempotency, version conflicts, the log."""

import random
import time
from collections import Counter

import pytest

from games import selectors
from games.bots import bot_action, style_for
from games.engines import get_engine, replay
from games.models import Room, RoomAction
from games.services import emit, playing, rooms, seating
from live.errors import ServiceError


def room_of(room):
    return Room.objects.get(pk=room.pk)


def log_of(room):
    return [{"seat": a.seat, "action": a.action} for a in RoomAction.objects.filter(room=room)]


def test_seats_fill_with_people_and_bots_then_the_room_starts(open_room, players):
    room = open_room(seats=3)
    assert seating.seat_join(room_id=room.pk, player=players[0])["seat"] == 0
    assert seating.seat_join(room_id=room.pk, player=players[1], seat=2)["seat"] == 2
    with pytest.raises(ServiceError) as taken:
        seating.seat_join(room_id=room.pk, player=players[2], seat=2)
    assert taken.value.code == "seat_taken"
    with pytest.raises(ServiceError, match="Fill every seat"):
        rooms.room_start(room_id=room.pk, actor="host")
    seating.seat_add_bot(room_id=room.pk, actor="host")
    rooms.room_start(room_id=room.pk, actor="host")
    room = room_of(room)
    assert room.seats == [players[0].pk, "bot", players[1].pk]
    assert room.status == "playing"
    # the bot bet at once; the game waits for the two people
    assert room.state["to_act"] == [0, 2]
    assert [a.by for a in room.actions.all()] == ["bot"]
    with pytest.raises(ServiceError) as late:
        seating.seat_join(room_id=room.pk, player=players[2])
    assert late.value.code == "wrong_state"


def test_the_frames_name_the_request_that_caused_them_though_bots_acted_after(
    open_room, players, monkeypatch
):
    room = open_room(seats=2)
    seating.seat_join(room_id=room.pk, player=players[0])
    seating.seat_add_bot(room_id=room.pk, actor="host")
    sent, send = [], emit.send_after_commit
    monkeypatch.setattr(emit, "send_after_commit", lambda *call: sent.append(call) or send(*call))
    rooms.room_start(room_id=room.pk, actor="host", client_id="go")
    assert [a.by for a in room_of(room).actions.all()] == ["bot"]  # the bot bet at once
    assert {event["frame"]["client_id"] for _, event in sent} == {"go"}


def test_moving_and_leaving_seats(open_room, players):
    room = open_room(seats=2)
    seating.seat_join(room_id=room.pk, player=players[0])
    seating.seat_join(room_id=room.pk, player=players[0], seat=1)
    assert room_of(room).seats == [None, players[0].pk]
    seating.seat_leave(room_id=room.pk, seat=1, actor="p", player=players[0])
    assert room_of(room).seats == [None, None]


def started(open_room, players, game="punto_banco", seats=2, **config):
    room = open_room(game=game, seats=seats, **config)
    seating.seat_join(room_id=room.pk, player=players[0])
    for _ in range(seats - 1):
        seating.seat_add_bot(room_id=room.pk, actor="host")
    rooms.room_start(room_id=room.pk, actor="host")
    return room_of(room)


def bet(room, amount=50, on="banker", client_id="c1", **extra):
    action = {"type": "bet", "on": on, "amount": amount}
    return playing.action_apply(
        room_id=room.pk, seat=0, action=action, client_id=client_id, **extra
    )


def test_a_bet_deals_the_coup_and_a_repeat_gets_the_first_answer(open_room, players):
    room = started(open_room, players)
    first = bet(room)
    assert first == {"ok": True, "v": room.version + 1}
    after = room_of(room)
    assert after.state["coup_no"] == 1 and after.state["last_coup"]["cards"]
    again = bet(room)
    assert again == first | {"replayed": True}
    assert room_of(room).version == after.version and room_of(room).state == after.state


def test_rules_errors_are_readable_and_change_nothing(open_room, players):
    room = started(open_room, players)
    with pytest.raises(ServiceError, match="between 10 and 1000") as error:
        bet(room, amount=5000)
    assert error.value.code == "not_allowed"
    with pytest.raises(ServiceError, match="You can: bet, sit_out"):
        playing.action_apply(
            room_id=room.pk, seat=0, action={"type": "bet", "hack": 1}, client_id="x"
        )
    with pytest.raises(ServiceError) as not_yours:
        playing.action_apply(
            room_id=room.pk, seat=0, action={"type": "sit_out"}, client_id="y", player=players[1]
        )
    assert not_yours.value.code == "not_your_seat"
    assert room_of(room).version == room.version
    assert not RoomAction.objects.filter(room=room, by="player").exists()


def test_a_seat_that_played_since_the_version_it_saw_is_told_so(open_room, players):
    room = started(open_room, players)
    bet(room, client_id="a", seen_version=room.version)
    with pytest.raises(ServiceError) as stale:
        bet(room, client_id="b", seen_version=room.version)
    assert stale.value.code == "already_played"
    bet(room, client_id="c", seen_version=room_of(room).version)


def test_bets_are_simultaneous_a_version_moved_by_another_seat_is_fine(open_room, players):
    room = open_room(seats=2)
    seating.seat_join(room_id=room.pk, player=players[0])
    seating.seat_join(room_id=room.pk, player=players[1])
    rooms.room_start(room_id=room.pk, actor="host")
    seen = room_of(room).version
    bet(room, client_id="a", seen_version=seen)
    playing.action_apply(
        room_id=room.pk, seat=1, action={"type": "sit_out"}, client_id="b", seen_version=seen
    )
    assert room_of(room).state["coup_no"] == 1


def test_a_timeout_plays_the_default_for_the_waiting_people(open_room, players):
    room = started(open_room, players, timeout=3600)
    with pytest.raises(ServiceError) as early:
        playing.seat_timeout(room_id=room.pk, actor="timer")
    assert early.value.code == "too_early"
    old = playing.seat_timeout(room_id=room.pk, actor="timer", seen_version=room.version - 1)
    assert old["timed_out"] == []
    done = playing.seat_timeout(room_id=room.pk, actor="host", force=True)
    assert done["timed_out"] == [0]
    action = RoomAction.objects.filter(room=room, by="timeout").get()
    assert action.action == {"type": "sit_out"}
    assert room_of(room).state["coup_no"] == 1


# A person in seat 0, bots in the others; small sessions of every game. On PostgreSQL the
# stored state comes back from jsonb with its keys reordered between actions (Chemin de Fer
# once put a stored coup's cards into the discards in that order:
# tests/unit/games/test_stored_state.py).
SESSIONS = {
    "punto_banco": {"seats": 3, "max_coups": 5},
    "chemin_de_fer": {"seats": 3, "max_coups": 5},
    "baccarat_banque": {"seats": 3, "max_coups": 5},
    "bunco_cards": {"seats": 3, "target": 25},
    "russian_bank": {"seats": 2, "target": 10},
    "burraco": {"seats": 2, "max_hands": 1},
}


def seat_zero(engine, state, rng):
    """The person's choice: a small bet or stake and the defaults at baccarat (so coups wait
    for them mid-way), the game's own bot play elsewhere."""
    if state["phase"] in ("bet", "stake"):
        return engine.legal_actions(state, 0)[1]
    if hasattr(engine, "chips_total"):
        return engine.default_action(state, 0)
    return bot_action(engine, state, 0, rng, style_for(engine, 0, 0))


@pytest.mark.parametrize("game", sorted(SESSIONS))
def test_the_log_replays_to_the_stored_state(open_room, players, game):
    config = dict(SESSIONS[game])
    room = started(open_room, players, game=game, seats=config.pop("seats"), **config)
    engine, rng = get_engine(game), random.Random(5)
    while room.status == "playing":
        if 0 in room.state["to_act"]:
            action = seat_zero(engine, room.state, rng)
            playing.action_apply(
                room_id=room.pk, seat=0, action=action, client_id=f"c{room.version}"
            )
        room = room_of(room)
    assert room.status == "finished" and room.actions.filter(by="player").exists()
    assert replay(game, room.config, room.seed, log_of(room)) == room.state
    seqs = list(room.actions.values_list("seq", flat=True))
    assert seqs == list(range(1, len(seqs) + 1))


def test_leaving_during_play_hands_the_seat_to_a_bot(open_room, players):
    room = started(open_room, players, max_coups=3)
    seating.seat_leave(room_id=room.pk, seat=0, actor="p", player=players[0])
    room = room_of(room)
    assert room.seats == ["bot", "bot"] and room.status == "finished"
    assert replay(room.game, room.config, room.seed, log_of(room)) == room.state


def test_unknown_games_and_bad_settings_are_refused(night):
    with pytest.raises(ServiceError, match="Unknown game"):
        rooms.room_open(night_id=night.pk, game="poker", actor="host")
    with pytest.raises(ServiceError, match="seats"):
        rooms.room_open(night_id=night.pk, game="chemin_de_fer", config={"seats": 1}, actor="h")


def test_only_seated_players_or_the_host_add_bots_and_start(open_room, players):
    room = open_room(seats=3)
    seating.seat_join(room_id=room.pk, player=players[0])
    for call in (seating.seat_add_bot, rooms.room_start):
        with pytest.raises(ServiceError) as refused:
            call(room_id=room.pk, actor=f"player:{players[1].pk}", player=players[1])
        assert refused.value.code == "not_seated"
    assert room_of(room).seats == [players[0].pk, None, None] and room_of(room).version == 1
    seating.seat_add_bot(room_id=room.pk, actor="p", player=players[0])  # seated: fine
    seating.seat_add_bot(room_id=room.pk, actor="host")  # the host: fine
    rooms.room_start(room_id=room.pk, actor="p", player=players[0])
    assert room_of(room).status == "playing"


def test_a_long_bots_only_session_runs_in_steps(open_room):
    """14 bots, 500 coups: no call applies more than BOT_STEP actions (the room lock and the
    database are never held for the whole session); the frame says the next step is due at
    once, a stale timer changes nothing, and the steps add up to the one replayable log."""
    room = open_room(game="chemin_de_fer", seats=14, max_coups=500)
    for _ in range(14):
        seating.seat_add_bot(room_id=room.pk, actor="host")
    first = rooms.room_start(room_id=room.pk, actor="host")
    room = room_of(room)
    assert room.status == "playing" and room.actions.count() == playing.BOT_STEP
    assert selectors.room_info(room, selectors.seat_names(room))["deadline"] <= time.time()
    stale = playing.seat_timeout(room_id=room.pk, actor="timer", seen_version=first["v"] - 1)
    assert stale["v"] == room.version and room_of(room).actions.count() == playing.BOT_STEP
    steps = 1
    while room.status == "playing":
        playing.seat_timeout(room_id=room.pk, actor="timer", seen_version=room.version)
        room, steps = room_of(room), steps + 1
    assert room.state["coup_no"] == 500 and steps > 5
    per_version = Counter(room.actions.values_list("version", flat=True))
    assert len(per_version) == steps and max(per_version.values()) <= playing.BOT_STEP
    assert replay(room.game, room.config, room.seed, log_of(room)) == room.state
    assert selectors.room_info(room, [""] * 14)["deadline"] is None
