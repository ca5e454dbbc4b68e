"""What both apps share through live/: the group names and heartbeat keys keep the strings
the running protocol uses, and the rules' one error stays importable without Django (the
pure rules and engines import it)."""

import subprocess
import sys

from live import groups
from live.rules import RulesError
from partynight.rules.errors import RulesError as BuncoRulesError
from partynight.services import broadcast


def test_the_names_are_the_protocols():
    assert [groups.night_group(3), groups.night_watch_group(3), groups.table_group(3, 2)] == [
        "night-3",
        "night-3-watch",
        "night-3-table-2",
    ]
    assert groups.player_group(5) == "player-5"
    assert groups.link_group(5) == "link-player-5"
    assert groups.room_player_group(7, 5) == "room-7-player-5"
    assert groups.room_watch_group(7) == "room-7-watch"
    assert groups.night_versions_key(3) == "live:versions:3"
    assert groups.room_versions_key(7) == "rooms:versions:7"
    assert broadcast.watch_group(3) == "night-3-watch"


def test_one_rules_error_and_no_django_behind_it():
    assert BuncoRulesError is RulesError
    code = (
        "import sys, games.engines.base, partynight.rules.errors;"
        " assert not [m for m in sys.modules if m.split('.')[0] in ('django', 'redis')]"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
