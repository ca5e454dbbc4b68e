"""A room action of the wrong shape on the sender's own turn, in every card game: a `type`
that is a list or an object (which a lookup of the game's action kinds cannot hash) is
answered `not_allowed`, the socket lives on and the room is unchanged."""

import pytest
from channels.db import database_sync_to_async

from games.services import rooms
from live.words import english
from tests.helpers.rooms import room_now, setup
from tests.helpers.sockets import open_socket, until

pytestmark = pytest.mark.django_db(transaction=True)

GAMES = ["punto_banco", "chemin_de_fer", "baccarat_banque", "burraco", "russian_bank"]
GAMES += ["bunco_cards"]


def started(game):
    """A started room (people only where the game needs two) and the phone whose turn it is."""
    room, players = setup(game, **({"bots": 0} if game in ("burraco", "russian_bank") else {}))
    rooms.room_start(room_id=room.pk, actor="host")
    room = room_now(room)
    seat = room.state["to_act"][0]
    return room, next(p for p in players if room.seats[seat] == p.pk)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("kind", [["bet"], {"type": "bet"}, None, 7])
async def test_a_malformed_action_is_refused_and_the_socket_lives_on(game, kind):
    room, player = await database_sync_to_async(started)(game)
    socket = await open_socket(f"/ws/rooms/{room.pk}/{player.token}/")
    try:
        await socket.send_json_to({"type": "act", "action": {"type": kind}, "client_id": "x"})
        error = await until(socket, lambda frame: frame["type"] == "error")
        assert error["code"] in ("not_allowed", "bad_message") and error["client_id"] == "x"
        assert english(error["message"]).startswith("You can: ")  # the seat's choices, in words
        await socket.send_json_to({"type": "resync"})
        assert (await until(socket, lambda frame: frame["type"] == "snapshot"))["v"] == room.version
    finally:
        await socket.disconnect()
    assert (await database_sync_to_async(room_now)(room)).version == room.version
