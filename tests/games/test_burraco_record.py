"""`python -m games.play burraco`: the record, each hand's breakdown, the trace, replay."""

import json
import subprocess
import sys
from collections import Counter

from games.engines import replay
from games.engines.burraco import ENGINE
from games.engines.burraco.notation import notation
from games.engines.cards import build_shoe
from games.play import describe, play


def run(*args):
    out = subprocess.run(
        [sys.executable, "-m", "games.play", "burraco", *args],
        capture_output=True,
        text=True,
        check=True,
    )
    return out.stdout


def test_cli_json_record_has_each_hands_breakdown_and_replays():
    record = json.loads(run("--seed", "4", "--seats", "4", "--bots", "4", "--json"))
    assert record["bots"] == [0, 1, 2, 3] and record["config"]["target"] == 2005
    state = replay("burraco", record["config"], 4, record["actions"])
    assert ENGINE.is_over(state) and ENGINE.result(state) == record["result"]
    assert record["result"]["hands"] == state["history"]
    for hand in record["result"]["hands"]:
        for row in hand["sides"]:
            parts = ("melded", "burraco_bonus", "closing", "in_hand", "pozzetto")
            assert row["total"] == sum(row[k] for k in parts)
            assert set(row) >= {"burracos", "hand_cards", "seats"}
    assert max(record["result"]["scores"]) >= 2005


def test_trace_holds_every_zone_after_every_action():
    record = play("burraco", {"seats": 2, "max_hands": 1}, seed=8, trace=True)
    full = Counter(build_shoe(2, 2))
    assert len(record["trace"]) == len(record["actions"])
    for zones in record["trace"][:-1]:
        cards = zones["stock"].split() + zones["discards"].split()
        cards += [c for text in zones["hands"] + zones["pozzetti"] for c in text.split()]
        cards += [
            c.split("=")[0]
            for side in zones["melds"]
            for meld in side
            for c in meld.split(": ")[1].split()
        ]
        assert Counter(cards) == full
    state = replay("burraco", record["config"], 8, record["actions"])
    assert notation(state) == record["trace"][-1]


def test_describe_and_text_output():
    text = run("--seed", "2", "--seats", "3")
    assert text.startswith("burraco seed 2:") and "winners" in text and "hand  1" in text
    assert describe(play("burraco", {"seats": 2, "max_hands": 1}, seed=1)).count("\nhand ") == 1
