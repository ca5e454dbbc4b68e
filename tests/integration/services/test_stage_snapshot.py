"""What the big screen's snapshot carries for the stage (issue 25): who has joined, the
night's chart only when the stage shows it (between rounds and at the end), no seating for
a round that never comes, and a 48-player night's finale still far under the socket's cap."""

import json
import random

from partynight.rules.config import Rules
from partynight.services import finish, nights, snapshots
from tests.helpers.play import play_round

CAP = 262144  # Daphne's --websocket-max-message-size (docs/protocol.md)


def test_the_lobby_shows_who_has_joined(make_night):
    night = make_night(players=5)
    ann = night.players.get(name="Player 1")
    nights.player_claim(night_id=night.pk, player_id=ann.pk, actor="phone")
    joined = {p["name"] for p in snapshots.night_snapshot(night)["players"] if p["joined"]}
    assert joined == {"Player 1"}


def test_the_chart_comes_between_rounds_and_at_the_end_and_never_a_next_seat(make_night):
    rules = Rules(sets=1, rounds_per_set=2, break_after_set=None)
    night = make_night(players=48, rules=rules)
    nights.seats_draw(night_id=night.pk, actor="host")
    rng = random.Random(2)
    play_round(night, rng, 1)
    night.refresh_from_db()
    between = snapshots.night_snapshot(night)
    assert between["chart"].count('class="chart-line"') == 10  # the top ten
    assert len(between["seating"]) == 12 and len(between["moves"]) == 48
    play_round(night, rng, 2)  # the last round
    night.refresh_from_db()
    last = snapshots.night_snapshot(night)
    assert last["seating"] == [] and last["moves"] == {}
    for player in night.players.filter(is_ghost=False)[:3]:
        mine = snapshots.player_snapshot(player)
        assert mine["next"] is None and mine["move"] is None
    finish.night_finish(night_id=night.pk, actor="host")
    night.refresh_from_db()
    over = snapshots.night_snapshot(night)
    assert over["chart"] and over["awards"] and over["seating"] == []
    size = len(json.dumps(over).encode())
    print(f"a 48-player night's last snapshot: {size} bytes, its chart {len(over['chart'])}")
    assert size < CAP / 4


def test_no_chart_while_a_round_is_played(make_night):
    night = make_night(players=8, started=True)
    assert snapshots.night_snapshot(night)["chart"] is None


def test_a_guest_opening_their_own_link_joins_the_lobby(make_night):
    night = make_night(players=5)
    bea = night.players.get(name="Player 2")
    version = night.version
    nights.player_opened(bea)
    night.refresh_from_db()
    assert night.version == version + 1  # a night-level change: every screen's snapshot
    joined = {p["name"] for p in snapshots.night_snapshot(night)["players"] if p["joined"]}
    assert joined == {"Player 2"}
    nights.player_opened(night.players.get(pk=bea.pk))  # a second visit changes nothing
    night.refresh_from_db()
    assert night.version == version + 1


def test_once_play_has_started_opening_a_link_sends_no_snapshots(make_night):
    night = make_night(players=5, started=True)
    version = night.version
    nights.player_opened(night.players.get(name="Player 3"))
    night.refresh_from_db()
    assert night.version == version and night.players.get(name="Player 3").claimed
