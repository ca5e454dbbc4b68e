"""The night's websocket messages: their schemas and value checks (parsing: live.messages)."""

from live.messages import MessageError, parse_message, whole
from live.words import said
from partynight.rules.config import RULE_CHOICES
from partynight.rules.entry import ENTRIES
from partynight.rules.seating import MAX_PLAYERS, table_count

# The most any night has; the services refuse a round or table this night does not have.
MOST_ROUNDS = max(RULE_CHOICES["sets"]) * max(RULE_CHOICES["rounds_per_set"])
MOST_TABLES = table_count(MAX_PLAYERS)

# field -> required, per message type; every action also needs a client_id.
SCHEMAS = {
    "resync": {},
    "roll": {"v": False, "entry": False, "dice": False, "table": False},
    "bell": {"round": True},
    "start_round": {"round": True},
    "undo": {"v": True},
}


def parse_night_message(text: str, actions: tuple[str, ...]) -> dict:
    return parse_message(text, actions, SCHEMAS, _check_fields)


def _check_fields(kind, message):
    if "round" in message:
        whole("round", message["round"], 1, MOST_ROUNDS)
    if kind == "undo":
        whole("v", message["v"], 0, 10**9)
    if kind != "roll":
        return
    if "v" in message:
        whole("v", message["v"], 0, 10**9)
    if "table" in message:
        whole("table", message["table"], 1, MOST_TABLES)
    if ("entry" in message) == ("dice" in message):
        raise MessageError(said("A roll needs either entry or dice."))
    if "entry" in message and message["entry"] not in ENTRIES:
        raise MessageError(said("entry must be one of %(entries)s.", entries=", ".join(ENTRIES)))
    if "dice" in message:
        dice = message["dice"]
        if not isinstance(dice, list) or len(dice) != 3:
            raise MessageError(said("dice must be a list of three numbers."))
        for die in dice:
            whole(said("each die"), die, 1, 6)
