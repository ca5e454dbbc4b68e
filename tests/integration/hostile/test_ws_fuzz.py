"""Every websocket (phone, dashboard, big screen, card room and its screen) fed random JSON,
wrong types, unknown fields, huge strings and raw text: each message gets one `error`
frame with a readable message, the socket stays open (a resync still answers), and the
database is exactly as before."""

import json

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from hypothesis import assume, given
from hypothesis import strategies as st

from config.asgi import application
from games.services.messages import parse_room_message
from live.consumers import MAX_MESSAGE_BYTES
from live.messages import MessageError
from live.words import english
from partynight.services.messages import parse_night_message
from tests.helpers.hostile import HOSTILE, HUGE, JSON, dump, make_night

pytestmark = pytest.mark.django_db(transaction=True)

HEADERS = [(b"origin", b"http://127.0.0.1"), (b"host", b"127.0.0.1")]
WAIT = 5

# Each endpoint: its message types with their fields, and the parser its consumer uses.
DICE = ("v", "entry", "dice", "table")
ENDPOINTS = {
    "phone": (
        {"roll": DICE, "start_round": ("round",), "resync": ()},
        parse_night_message,
        ("roll", "start_round"),
    ),
    "host": (
        {"roll": DICE, "bell": ("round",), "start_round": ("round",), "resync": ()},
        parse_night_message,
        ("roll", "bell", "start_round"),
    ),
    "screen": ({"roll": DICE, "bell": ("round",), "resync": ()}, parse_night_message, ()),
    "room": (
        {
            "act": ("action", "v"),
            "sit": ("seat",),
            "bot": ("seat",),
            "leave": (),
            "start": (),
            "resync": (),
        },
        parse_room_message,
        ("act", "sit", "bot", "leave", "start"),
    ),
    "room_screen": (
        {"act": ("action", "v"), "sit": ("seat",), "resync": ()},
        parse_room_message,
        (),
    ),
}


@st.composite
def shaped(draw, types):
    """A message of a known type whose fields hold random JSON (wrong types, out of range),
    sometimes with a field missing or an unknown one, and a random client id."""
    kind = draw(st.sampled_from(sorted(types)))
    message = {"type": kind}
    for name in types[kind]:
        if draw(st.booleans()):
            message[name] = draw(JSON)
    if draw(st.booleans()):
        message["client_id"] = draw(st.one_of(st.text(min_size=1, max_size=70), JSON))
    if draw(st.integers(0, 3)) == 0:
        message[draw(st.text(min_size=1, max_size=10))] = draw(JSON)
    if draw(st.integers(0, 5)) == 0:
        message[draw(st.sampled_from(list(message)))] = draw(HUGE)
    return json.dumps(message)


def frames(types):
    return st.one_of(
        shaped(types),
        JSON.map(json.dumps),  # any JSON at all
        st.text(max_size=300),  # raw text, mostly not JSON
        HUGE,  # far over the size cap
        st.just("[" * 3000 + "]" * 3000),  # nested beyond the parser's recursion limit
    )


def refused(text, parser, actions) -> str | None:
    """The error code the consumer's own parser refuses `text` with (so nothing may be
    applied): `bad_message`, or `read_only` for a screen sent an action; None if it passes."""
    if len(text.encode("utf-8", "replace")) > MAX_MESSAGE_BYTES:
        return "bad_message"
    try:
        parser(text, actions)
    except MessageError as error:
        return error.code
    return None


@pytest.fixture
def links(host, host_client):
    night, room, people = make_night(host)
    cookie = f"sessionid={host_client.cookies['sessionid'].value}"
    return {
        "phone": (f"/ws/play/{people[0].token}/", None),
        "host": (f"/ws/nights/{night.pk}/", cookie),
        "screen": (f"/ws/screen/{night.screen_token}/", None),
        "room": (f"/ws/rooms/{room.pk}/{people[0].token}/", None),
        "room_screen": (f"/ws/rooms/screen/{room.screen_token}/", None),
    }


async def check_refused(path, cookie, text, code="bad_message"):
    """Send `text`: one error frame with a message, then the socket still answers."""
    headers = HEADERS + ([(b"cookie", cookie.encode())] if cookie else [])
    socket = WebsocketCommunicator(application, path, headers=headers)
    try:
        connected, _ = await socket.connect(timeout=WAIT)
        assert connected
        assert (await socket.receive_json_from(timeout=WAIT))["type"] == "snapshot"
        await socket.send_input({"type": "websocket.receive", "text": text})  # "" too
        error = await socket.receive_json_from(timeout=WAIT)
        assert error["type"] == "error" and error["code"] == code, error
        assert 5 < len(english(error["message"])) < 300
        await socket.send_to(text_data=json.dumps({"type": "resync"}))
        assert (await socket.receive_json_from(timeout=WAIT))["type"] == "snapshot"
        assert await socket.receive_nothing(timeout=0.01)
    finally:
        await socket.disconnect()


def fuzz(which):
    types, parser, actions = ENDPOINTS[which]

    @HOSTILE
    @given(text=frames(types))
    async def test(links, text):
        code = refused(text, parser, actions)
        assume(code is not None)
        path, cookie = links[which]
        before = await database_sync_to_async(dump)()
        await check_refused(path, cookie, text, code)
        assert await database_sync_to_async(dump)() == before

    test.__name__ = f"test_the_{which}_socket_refuses_any_bad_frame_and_lives_on"
    return test


test_the_phone_socket_refuses_any_bad_frame_and_lives_on = fuzz("phone")
test_the_host_socket_refuses_any_bad_frame_and_lives_on = fuzz("host")
test_the_screen_socket_refuses_any_bad_frame_and_lives_on = fuzz("screen")
test_the_room_socket_refuses_any_bad_frame_and_lives_on = fuzz("room")
test_the_room_screen_socket_refuses_any_bad_frame_and_lives_on = fuzz("room_screen")


@pytest.mark.parametrize("which", ["screen", "room_screen"])
async def test_a_screen_refuses_well_formed_actions_as_read_only(links, which):
    path, _ = links[which]
    message = {"type": "roll", "entry": "1", "client_id": "c"}
    if which == "room_screen":
        message = {"type": "sit", "client_id": "c"}
    types, parser, _ = ENDPOINTS[which]
    before = await database_sync_to_async(dump)()
    socket = WebsocketCommunicator(application, path, headers=HEADERS)
    await socket.connect(timeout=WAIT)
    await socket.receive_json_from(timeout=WAIT)
    await socket.send_json_to(message)
    error = await socket.receive_json_from(timeout=WAIT)
    assert error["code"] == "read_only" and error["client_id"] == "c"
    assert english(error["message"]) == "This screen only watches."
    await socket.disconnect()
    assert await database_sync_to_async(dump)() == before
