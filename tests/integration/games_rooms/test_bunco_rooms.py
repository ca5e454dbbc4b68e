"""Bunco card rooms through the services, the pages and the websockets: a room opened from
the form with our settings, the room page's own parts, and the hidden-information check
(every frame a phone or the big screen receives is what that seat may see, whatever the
other hands and the deck hold)."""

import random

import pytest
from channels.db import database_sync_to_async

from games.engines import get_engine, replay
from games.models import Room
from games.services import playing, rooms, seating
from live.errors import ServiceError
from tests.helpers.cards import disguise
from tests.helpers.rooms import frames, moved_on, seats_and_screen_started, setup

BC = get_engine("bunco_cards")


def test_the_form_opens_a_bunco_room_with_our_settings(client, players):
    player = players[0]
    settings = {"game": "bunco_cards", "seats": 9, "chips": 1000, "max_coups": 30}
    settings |= {"timeout": 120, "one_surplus": "on", "wild_bunco": "on", "scoring": "on"}
    response = client.post(f"/rooms/for/{player.token}/", settings)
    room = Room.objects.get()
    assert response.status_code == 302 and room.game == "bunco_cards"
    # the baccarat fields are dropped; an unticked box is a setting turned off
    assert room.config == {
        "seats": 9, "one_surplus": True, "wild_bunco": True, "stop_cards": False, "scoring": True,
    }  # fmt: skip
    page = client.get(f"/rooms/{room.pk}/play/{player.token}/").content.decode()
    assert "js/games/bunco_cards.js" in page and "css/games/bunco_cards.css" in page
    assert "From the old rule sheet" in page and "Stop cards only count after the surplus" in page
    screen = client.get(f"/rooms/screen/{room.screen_token}/").content.decode()
    assert "js/games/bunco_cards.js" in screen and "From the old rule sheet" in screen


def test_other_games_keep_the_shared_page(client, players, open_room):
    room = open_room(game="punto_banco", seats=2)
    page = client.get(f"/rooms/{room.pk}/play/{players[0].token}/").content.decode()
    script = "js/pages/room.js"
    assert script in page and "games/" not in page.split(script)[0].split("<main")[1]


def test_a_room_of_people_and_bots_plays_and_replays(open_room, players):
    room = open_room(game="bunco_cards", seats=5, scoring=False)
    seating.seat_join(room_id=room.pk, player=players[0])
    for _ in range(4):
        seating.seat_add_bot(room_id=room.pk, actor="host")
    rooms.room_start(room_id=room.pk, actor="host")
    rng = random.Random(3)
    for step in range(500):
        room = Room.objects.get(pk=room.pk)
        if room.status == Room.Status.FINISHED:
            break
        assert room.state["to_act"] == [0]  # the bots played their turns at once
        action = BC.bot_action(room.state, 0, rng)
        playing.action_apply(room_id=room.pk, seat=0, action=action, client_id=f"c{step}")
    assert room.status == Room.Status.FINISHED
    log = [{"seat": a.seat, "action": a.action} for a in room.actions.order_by("seq")]
    assert replay("bunco_cards", room.config, room.seed, log) == room.state


def test_a_refusal_is_in_words_and_changes_nothing(open_room, players):
    room = open_room(game="bunco_cards", seats=2)
    seating.seat_join(room_id=room.pk, player=players[0])
    seating.seat_join(room_id=room.pk, player=players[1])
    rooms.room_start(room_id=room.pk, actor="host")
    room = Room.objects.get(pk=room.pk)
    state = room.state
    state["hands"][0] = ["1", "4", "5", "6", "7"]
    Room.objects.filter(pk=room.pk).update(state=state)
    with pytest.raises(ServiceError, match="Play your 1s first."):
        playing.action_apply(
            room_id=room.pk, seat=0, client_id="x",
            action={"type": "lay", "card": "4", "slot": 0},
        )  # fmt: skip
    assert Room.objects.get(pk=room.pk).state == state


def check_frame(frame, state, seat):
    """The frame is exactly what `seat` may see: the same whatever the hidden cards are."""
    assert frame["seat"] == seat
    view = frame["view"]
    if view is None:
        return
    assert view == BC.view(disguise(state, seat, random.Random(1)), seat)
    assert str(state["seed"]) not in str(frame) and "hands" not in view
    assert view["hand"] == (None if seat is None else state["hands"][seat])


@pytest.mark.django_db(transaction=True)
async def test_no_frame_shows_a_hand_or_the_deck_to_another_seat():
    room, players = await database_sync_to_async(setup)(
        "bunco_cards", humans=2, bots=2, scoring=False
    )
    phones, sockets, version = await seats_and_screen_started(room, players)
    rng, seen = random.Random(2), 0
    for step in range(400):
        current = await moved_on(room, version)
        version = current.version
        for socket, seat in sockets:
            for frame in await frames(socket, version):
                if frame["type"] in ("room", "snapshot") and frame["v"] == version:
                    check_frame(frame, current.state, seat)
                    seen += 1
        if current.status == "finished":
            break
        seat = current.state["to_act"][0]
        action = BC.bot_action(current.state, seat, rng)
        await phones[seat].send_json_to(
            {"type": "act", "action": action, "v": version, "client_id": f"s{step}"}
        )
    assert current.status == "finished" and seen > 30
    for socket, _ in sockets:
        await socket.disconnect()


def test_two_phones_at_once_and_a_repeated_tap_count_once(open_room, players):
    room = open_room(game="bunco_cards", seats=2, seed=5)
    seating.seat_join(room_id=room.pk, player=players[0])
    seating.seat_add_bot(room_id=room.pk, actor="host")
    rooms.room_start(room_id=room.pk, actor="host")
    room = Room.objects.get(pk=room.pk)
    seen = room.version
    action = BC.legal_actions(room.state, 0)[0]
    first = playing.action_apply(
        room_id=room.pk, seat=0, action=action, client_id="tap-1", seen_version=seen
    )
    again = playing.action_apply(
        room_id=room.pk, seat=0, action=action, client_id="tap-1", seen_version=seen
    )
    assert again == first | {"replayed": True}
    with pytest.raises(ServiceError, match="already played") as error:
        playing.action_apply(
            room_id=room.pk, seat=0, action=action, client_id="tap-2", seen_version=seen
        )  # the same card tapped on a second phone that showed the same version
    assert error.value.code == "already_played"
    assert Room.objects.get(pk=room.pk).actions.filter(by="player").count() == 1
