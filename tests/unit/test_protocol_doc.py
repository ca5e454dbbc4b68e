"""docs/protocol.md's frame tables are the types' (partynight/frames.py): a frame or field
documented but not typed, or typed but not documented, fails here."""

from partynight.frames import PHONE_FRAMES, WATCH_FRAMES
from partynight.management.commands.frame_tables import DOC, END, START, render, with_tables


def test_the_frame_tables_in_the_protocol_are_drawn_from_the_types():
    doc = DOC.read_text()
    assert with_tables(doc) == doc, "run: python manage.py frame_tables --write"


def test_every_frame_type_has_its_table():
    tables = render()
    for kinds in (*PHONE_FRAMES.values(), *WATCH_FRAMES.values()):
        for kind in kinds:
            assert f"#### `{kind.__name__}`: to the " in tables
    assert tables.startswith(START) and tables.endswith(END)
