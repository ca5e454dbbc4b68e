"""python manage.py frame_tables [--write]: docs/protocol.md's tables of the frames' fields,
drawn from their types (partynight/frames.py), so the document cannot say a field the
server does not send or leave out one it does (tests/unit/test_protocol_doc.py checks it)."""

import types
from pathlib import Path
from typing import Any, Literal, Union, get_args, get_origin, get_type_hints, is_typeddict

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from live.words import Text
from partynight import frames

DOC = Path(settings.BASE_DIR) / "docs" / "protocol.md"
START = "<!-- frame tables: made by `python manage.py frame_tables --write`; do not edit -->"
END = "<!-- end of the frame tables -->"


def audiences() -> dict[type, list[str]]:
    """Each frame type, and who gets it ("phones", "watchers")."""
    found: dict[type, list[str]] = {}
    for who, table in (("phones", frames.PHONE_FRAMES), ("watchers", frames.WATCH_FRAMES)):
        for kinds in table.values():
            for kind in kinds:
                found.setdefault(kind, []).append(who)
    return found


def type_text(hint: Any, shapes: list[type]) -> str:
    """How a field's type reads in the tables; the TypedDicts it names join `shapes`."""
    if hint == Text:
        return "Words"
    if hint is Any:
        return "any"
    if hint is type(None):
        return "null"
    if is_typeddict(hint):
        if hint not in shapes:
            shapes.append(hint)
        return f"`{hint.__name__}`"
    origin = get_origin(hint)
    if origin in (Union, types.UnionType):
        options = list(get_args(hint))
        if str in options and dict[str, Any] in options:  # Text, with null (flattened)
            options = [Text, *(o for o in options if o not in (str, dict[str, Any]))]
        return " or ".join(type_text(option, shapes) for option in options)
    if origin is Literal:
        return " or ".join(
            "`true`" if option is True else f'`"{option}"`' for option in get_args(hint)
        )
    if origin is list:
        return f"[{type_text(get_args(hint)[0], shapes)}]"
    if origin is dict:
        key, value = get_args(hint)
        return f"{{{type_text(key, shapes)}: {type_text(value, shapes)}}}"
    return hint.__name__


def render() -> str:
    """Every frame's table, then every shape they hold, in the order they are first named."""
    sent_to = audiences()
    shapes: list[type] = list(sent_to)
    blocks = []
    for shape in shapes:  # grows as the tables name further shapes
        hints = get_type_hints(shape)
        if shape in sent_to:
            title = f"#### `{shape.__name__}`: to the {' and the '.join(sent_to[shape])}"
        else:
            title = f"#### `{shape.__name__}`"
        lines = [title, ""]
        if shape.__doc__:
            lines += [" ".join(shape.__doc__.split()), ""]
        lines += ["| field | type | sent |", "|---|---|---|"]
        for name, hint in hints.items():
            sent = "always" if name in shape.__required_keys__ else "sometimes"
            lines.append(f"| `{name}` | {type_text(hint, shapes)} | {sent} |")
        blocks.append("\n".join(lines))
    return "\n\n".join([START, *blocks, END])


def with_tables(doc: str) -> str:
    """`doc` with its frame tables replaced by freshly drawn ones."""
    if START not in doc or END not in doc:
        raise CommandError(f"{DOC} has no place for the frame tables ({START} ... {END})")
    before, rest = doc.split(START, 1)
    after = rest.split(END, 1)[1]
    return before + render() + after


class Command(BaseCommand):
    help = "Print (or, with --write, update in docs/protocol.md) the frames' field tables."

    def add_arguments(self, parser):
        parser.add_argument("--write", action="store_true")

    def handle(self, *args, write, **options):
        if write:
            DOC.write_text(with_tables(DOC.read_text()))
        else:
            self.stdout.write(render())
