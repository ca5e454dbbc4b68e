"""Validation of websocket messages: every field checked, unknown fields refused, so a
consumer only ever hands well-formed actions to the services."""

import json

from partynight.rules.entry import ENTRIES

# field -> (required, check) per message type; every action also needs a client_id.
_INT = (int,)
SCHEMAS = {
    "resync": {},
    "roll": {"v": False, "entry": False, "dice": False, "table": False},
    "bell": {"round": True},
    "start_round": {"round": True},
}


class MessageError(ValueError):
    def __init__(self, message, client_id=None):
        super().__init__(message)
        self.client_id = client_id


def _usable_client_id(value) -> bool:
    """1 to 64 printable characters: no control characters (PostgreSQL refuses NUL)."""
    return isinstance(value, str) and 1 <= len(value) <= 64 and value.isprintable()


def _whole(name, value, low, high):
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise MessageError(f"{name} must be a whole number from {low} to {high}.")
    return value


def parse_message(text: str, actions: tuple[str, ...], schemas: dict = SCHEMAS) -> dict:
    """The message as a dict, or MessageError with a readable reason. `schemas` maps each
    type to its fields (name -> required); the card rooms pass their own."""
    try:
        message = json.loads(text)
    except (ValueError, RecursionError):
        raise MessageError("Messages must be JSON.") from None
    if not isinstance(message, dict):
        raise MessageError("Messages must be JSON objects.")
    kind = message.get("type")
    client_id = message.get("client_id")
    if not _usable_client_id(client_id):
        client_id = None
    if kind != "resync" and kind not in actions:
        raise MessageError(f"Unknown message type {str(kind)[:30]!r}.", client_id)
    fields = schemas[kind]
    unknown = set(message) - set(fields) - {"type", "client_id"}
    if unknown:
        raise MessageError(
            f"Unknown field(s): {', '.join(sorted(map(str, unknown)))[:100]}.", client_id
        )
    if kind == "resync":
        return message
    if client_id is None:
        raise MessageError("Every action needs a client_id (1 to 64 printable characters).")
    for name, required in fields.items():
        if required and name not in message:
            raise MessageError(f"{name} is missing.", client_id)
    try:
        _check_fields(kind, message)
    except MessageError as error:
        error.client_id = client_id
        raise
    return message


def _check_fields(kind, message):
    if "round" in message:
        _whole("round", message["round"], 1, 36)
    if kind != "roll":
        return
    if "v" in message:
        _whole("v", message["v"], 0, 10**9)
    if "table" in message:
        _whole("table", message["table"], 1, 12)
    if ("entry" in message) == ("dice" in message):
        raise MessageError("A roll needs either entry or dice.")
    if "entry" in message and message["entry"] not in ENTRIES:
        raise MessageError(f"entry must be one of {', '.join(ENTRIES)}.")
    if "dice" in message:
        dice = message["dice"]
        if not isinstance(dice, list) or len(dice) != 3:
            raise MessageError("dice must be a list of three numbers.")
        for die in dice:
            _whole("each die", die, 1, 6)
