"""Validation of websocket messages: every field checked, unknown fields refused, so a
consumer only ever hands well-formed actions to the services. Each app passes its own
schemas and field checks."""

import json
from collections.abc import Callable

from .words import Text, english, said


class MessageError(ValueError):
    """A message refused before any service sees it; `code` is the protocol's error code,
    `message` the reason for a person (Words; str() is the English)."""

    def __init__(self, message: Text, client_id=None, code="bad_message"):
        super().__init__(english(message))
        self.message = message
        self.client_id = client_id
        self.code = code


def usable_client_id(value) -> bool:
    """1 to 64 printable characters: no control characters (PostgreSQL refuses NUL)."""
    return isinstance(value, str) and 1 <= len(value) <= 64 and value.isprintable()


def whole(name, value, low, high):
    """`value` if it is a whole number from `low` to `high` (not a bool), else MessageError."""
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise MessageError(
            said(
                "%(name)s must be a whole number from %(low)s to %(high)s.",
                name=name,
                low=low,
                high=high,
            )
        )
    return value


def parse_message(
    text: str,
    actions: tuple[str, ...],
    schemas: dict,
    check: Callable[[str, dict], None] | None = None,
) -> dict:
    """The message as a dict, or MessageError with a readable reason. `schemas` maps each
    type to its fields (name -> required); `check(kind, message)` checks the values."""
    try:
        message = json.loads(text)
    except (ValueError, RecursionError):
        raise MessageError(said("Messages must be JSON.")) from None
    if not isinstance(message, dict):
        raise MessageError(said("Messages must be JSON objects."))
    kind = message.get("type")
    client_id = message.get("client_id")
    if not usable_client_id(client_id):
        client_id = None
    if kind != "resync" and kind not in actions:
        if not actions and isinstance(kind, str) and kind in schemas:  # a screen's socket
            raise MessageError(said("This screen only watches."), client_id, "read_only")
        raise MessageError(
            said("Unknown message type %(type)s.", type=repr(str(kind)[:30])), client_id
        )
    fields = schemas[kind]
    unknown = set(message) - set(fields) - {"type", "client_id"}
    if unknown:
        raise MessageError(
            said("Unknown fields: %(fields)s.", fields=", ".join(sorted(map(str, unknown)))[:100]),
            client_id,
        )
    if kind == "resync":
        return message
    if client_id is None:
        raise MessageError(said("Every action needs a client_id (1 to 64 printable characters)."))
    for name, required in fields.items():
        if required and name not in message:
            raise MessageError(said("%(name)s is missing.", name=name), client_id)
    if check is not None:
        try:
            check(kind, message)
        except MessageError as error:
            error.client_id = client_id
            raise
    return message
