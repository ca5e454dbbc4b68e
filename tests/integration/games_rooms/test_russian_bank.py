"""Russian Bank in a room: refusals in words, the bot's turn, the Stop window on the room's
timers (a lapse lets the move stand), a Stop undoing the move, replay from the log."""

from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from games import selectors
from games.bots import style_for
from games.engines import get_engine, replay
from games.engines.russian_bank import ENGINE
from games.models import Room, RoomAction
from games.services import playing, rooms, seating
from live.errors import ServiceError
from live.words import english
from tests.helpers.russian_bank import position


def room_of(room):
    return Room.objects.get(pk=room.pk)


def seated(open_room, players, people=2, mode="enforce", seed=1):
    room = open_room(game="russian_bank", mode=mode, timeout=60, seed=seed)
    for seat in range(2):
        if seat < people:
            seating.seat_join(room_id=room.pk, player=players[seat], seat=seat)
        else:
            seating.seat_add_bot(room_id=room.pk, seat=seat, actor="host")
    return room


def start_at(room, state):
    """Start, then put the table in a known position (as if the deal had been this)."""
    rooms.room_start(room_id=room.pk, actor="host")
    Room.objects.filter(pk=room.pk).update(state=state)
    RoomAction.objects.filter(room=room).delete()
    return room_of(room)


def act(room, seat, action, client_id, players):
    return playing.action_apply(
        room_id=room.pk, seat=seat, action=action, client_id=client_id, player=players[seat]
    )


def move(source, target):
    return {"type": "move", "from": source, "to": target}


def test_an_illegal_build_is_refused_with_the_rule_and_changes_nothing(open_room, players):
    room = start_at(seated(open_room, players), position(h0="JD", h1="TH", h2="TS", k0="4C"))
    with pytest.raises(ServiceError) as error:
        act(room, 0, move("h1", "h0"), "a", players)
    assert error.value.code == "not_allowed"
    assert english(error.value.message).startswith("The 10♥ cannot go on the J♦: two red cards.")
    assert room_of(room).version == room.version
    act(room, 0, move("h2", "h0"), "b", players)
    assert room_of(room).state["board"]["houses"][0] == ["JD", "TS"]
    with pytest.raises(ServiceError) as turn:
        act(room, 1, {"type": "turn"}, "c", players)
    assert turn.value.code == "not_your_turn"


def test_a_person_against_the_bot_and_the_log_replays(open_room, players):
    room = seated(open_room, players, people=1)
    rooms.room_start(room_id=room.pk, actor="host")
    room = room_of(room)
    assert room.state["to_act"] == [0]  # the bot played its turn at once if it began
    for n in range(30):
        state = room_of(room).state
        if state["to_act"] != [0]:
            break
        action = get_engine("russian_bank").default_action(state, 0)
        act(room, 0, action, f"p{n}", players)
    log = [{"seat": a.seat, "action": a.action} for a in RoomAction.objects.filter(room=room)]
    assert {a.by for a in RoomAction.objects.filter(room=room)} == {"bot", "player"}
    assert replay("russian_bank", room.config, room.seed, log) == room_of(room).state


def test_the_stop_window_lapses_on_the_rooms_timer_and_the_move_stands(open_room, players):
    start = position(mode="stop", h0="JD", h1="TH", k0="4C 5C", k1="KC")
    room = start_at(seated(open_room, players, mode="stop"), start)
    act(room, 0, move("h1", "h0"), "a", players)  # a fault: it stands for now
    room = room_of(room)
    frame = selectors.room_frame(room, 1, selectors.seat_names(room))
    assert frame["room"]["deadline"] == pytest.approx(room.updated.timestamp() + 10)
    assert frame["view"]["window"] == {"seat": 1, "mover": 0, "move": 1, "seconds": 10}
    with pytest.raises(ServiceError) as early:
        playing.seat_timeout(room_id=room.pk, actor="timer", seen_version=room.version)
    assert early.value.code == "too_early"
    Room.objects.filter(pk=room.pk).update(updated=timezone.now() - timedelta(seconds=11))
    done = playing.seat_timeout(room_id=room.pk, actor="timer", seen_version=room.version)
    assert done["timed_out"] == [1]  # only the window: the mover's own minute runs on
    after = room_of(room)
    assert after.state["window"] is None and after.state["board"]["houses"][0] == ["JD", "TH"]
    assert RoomAction.objects.filter(room=room, by="timeout").get().action == {
        "type": "no_stop",
        "move": 1,
    }
    with pytest.raises(ServiceError, match="not your turn|It is not your turn"):
        act(after, 1, {"type": "stop", "move": 1}, "late", players)


def test_a_stop_in_time_undoes_the_move_and_passes_the_turn(open_room, players):
    start = position(mode="stop", h0="JD", h1="TH", k0="4C 5C", k1="KC")
    room = start_at(seated(open_room, players, mode="stop"), start)
    act(room, 0, move("h1", "h0"), "a", players)
    act(room, 1, {"type": "stop", "move": 1}, "s", players)
    state = room_of(room).state
    assert state["board"]["houses"][:2] == [["JD"], ["TH"]] and state["board"]["turn"] == 1
    assert state["stops"][0]["right"] is True


def test_the_bot_lets_a_fair_move_stand_and_stops_a_fault_at_once(open_room, players):
    start = position(mode="stop", h0="JD", h1="TH", h2="TS", k0="4C 5C", k1="KC QC")
    room = seated(open_room, players, people=1, mode="stop", seed=2)
    assert style_for(ENGINE, room.seed, 1) == "steady"  # it stops every fault
    room = start_at(room, start)
    act(room, 0, move("h2", "h0"), "fair", players)
    assert room_of(room).state["board"]["houses"][0] == ["JD", "TS"]
    act(room, 0, move("h1", "h0"), "fault", players)  # a red 10 on a black 10
    log = [(a.by, a.action["type"]) for a in RoomAction.objects.filter(room=room)]
    assert log[:4] == [("player", "move"), ("bot", "no_stop"), ("player", "move"), ("bot", "stop")]
    state = room_of(room).state
    assert state["stops"][0]["by"] == 1 and state["stops"][0]["right"] is True
    assert state["stops"][0]["move"] == 2 and "one rank at a time" in english(
        state["stops"][0]["fault"]
    )


def test_the_room_form_opens_a_stop_mode_room_with_only_its_settings(host, night):
    client = Client()
    client.force_login(host)
    form = {"game": "russian_bank", "seats": 4, "chips": 500, "max_coups": 5, "timeout": 120}
    assert client.post(f"/nights/{night.pk}/rooms/", form | {"mode": "stop"}).status_code == 302
    room = Room.objects.get(night=night)
    assert room.config == {"mode": "stop"} and room.seats == [None, None]
