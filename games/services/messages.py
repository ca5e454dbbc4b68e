"""The room sockets' messages: their schemas and value checks (parsing: live.messages)."""

from live.messages import MessageError, parse_message, whole
from live.words import said

# field -> required, per message type; every action also needs a client_id.
SCHEMAS = {
    "resync": {},
    "act": {"action": True, "v": False},
    "sit": {"seat": False},
    "bot": {"seat": False},
    "fill_bots": {},
    "leave": {},
    "start": {},
    "vote_bot": {"seat": True},
}


def parse_room_message(text: str, actions: tuple[str, ...]) -> dict:
    return parse_message(text, actions, SCHEMAS, _check_fields)


def _check_fields(kind, message):
    # A seat past the room's last is the services' "no such seat" (they know the room).
    for name in ("v", "seat"):
        if name in message:
            whole(name, message[name], 0, 10**9)
    if "action" in message and not isinstance(message["action"], dict):
        raise MessageError(said('An action is an object, e.g. {"type": "turn"}.'))
