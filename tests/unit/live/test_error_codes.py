"""Every error code a socket can send is in the docs: the dice side's in docs/protocol.md's
error table, the card rooms' in docs/rooms.md's list. The codes are read from the source
(each `ServiceError`, `RulesError` or `MessageError` raised, each `"code": ...` frame, each
refusal) of the modules a socket's message reaches; a call without a code sends the
default, `invalid`."""

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
ERRORS = {"ServiceError", "RulesError", "MessageError", "refuse"}

# What the dice side's sockets reach: the live layer, the consumers, the link checks, the
# play services and the reducer steps they run (a refused roll is `invalid_roll`).
DICE = [
    "live/*.py",
    "partynight/consumers.py",
    "partynight/links.py",
    "partynight/services/play.py",
    "partynight/services/common.py",
    "partynight/services/store.py",
    "partynight/services/emit.py",
    "partynight/rules/reducer.py",
    "partynight/rules/dice.py",
    "partynight/rules/entry.py",
]
ROOMS = ["games/consumers.py", "games/services/*.py"]
# Functions no socket message calls: the pages open rooms, the rooms' timers (or the host's
# button) end a wait, and stored night events are replayed, never sent.
NOT_FROM_A_SOCKET = {"room_open", "seat_timeout", "apply_event"}


def walk(node):
    """Every node under `node`, but not inside the services no socket calls."""
    yield node
    for child in ast.iter_child_nodes(node):
        if not (isinstance(child, ast.FunctionDef) and child.name in NOT_FROM_A_SOCKET):
            yield from walk(child)


def codes_in(tree) -> set[str]:
    constants = {
        node.targets[0].id: node.value.value
        for node in tree.body
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Constant)
        and isinstance(node.targets[0], ast.Name)
    }  # fmt: skip
    found = set()

    def value(node):
        if isinstance(node, ast.Name):
            return constants.get(node.id)
        return node.value if isinstance(node, ast.Constant) else None

    for node in walk(tree):
        if isinstance(node, ast.Call):
            name = getattr(node.func, "id", getattr(node.func, "attr", None))
            if name in ERRORS:
                args = node.args[1:2] + [k.value for k in node.keywords if k.arg == "code"]
                if name == "refuse":
                    args = node.args[:1]
                found.update(value(arg) for arg in args)
                if name != "refuse" and not args and name != "MessageError":
                    found.add("invalid")
        if isinstance(node, ast.Dict):
            for key, item in zip(node.keys, node.values, strict=True):
                if isinstance(key, ast.Constant) and key.value == "code" and value(item):
                    found.add(value(item))
    return {code for code in found if isinstance(code, str)}


def sent_by(patterns) -> set[str]:
    codes = set()
    for pattern in patterns:
        for path in ROOT.glob(pattern):
            codes |= codes_in(ast.parse(path.read_text()))
    return codes


def protocol_table() -> set[str]:
    text = (ROOT / "docs/protocol.md").read_text()
    table = text.split("## Error codes", 1)[1].split("\n## ", 1)[0]
    return set(re.findall(r"^\| `([a-z_]+)` \|", table, re.MULTILINE))


def rooms_list() -> set[str]:
    text = (ROOT / "docs/rooms.md").read_text()
    paragraph = text.split("Error codes: ", 1)[1].split("\n\n", 1)[0]
    return set(re.findall(r"`([a-z_]+)`", paragraph))


def test_the_scan_finds_codes_it_knows_are_sent():
    assert {"bad_message", "slow_down", "already_recorded", "invalid_roll"} <= sent_by(DICE)
    assert {"not_allowed", "already_played", "seat_taken"} <= sent_by(ROOMS)
    assert "too_many_rooms" not in sent_by(ROOMS)  # the page's, not a socket's


def test_every_code_a_dice_socket_sends_is_in_the_protocol_table():
    assert sent_by(DICE) - protocol_table() == set()


def test_every_code_a_room_socket_sends_is_in_the_rooms_doc():
    assert sent_by(ROOMS) - rooms_list() == set()
