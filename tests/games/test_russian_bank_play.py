"""`python -m games.play russian_bank`: a bot match from a seed, its record and trace."""

import json
import subprocess
import sys
from collections import Counter

from games.engines import replay
from games.engines.cards import deck
from games.engines.russian_bank import ENGINE
from games.play import describe, play


def test_the_cli_plays_a_match_with_a_trace_that_replays():
    out = subprocess.run(
        [sys.executable, "-m", "games.play", "russian_bank", "--seed", "3", "--bots", "2"]
        + ["--json", "--trace", "--target", "60"],
        capture_output=True,
        text=True,
        check=True,
    )
    record = json.loads(out.stdout)
    assert record["config"] == {"seats": 2, "target": 60, "mode": "enforce"}
    assert record["bots"] == [0, 1] and record["styles"] == ["steady", "casual"]
    state = replay("russian_bank", record["config"], 3, record["actions"])
    assert ENGINE.is_over(state) and ENGINE.result(state) == record["result"]
    assert max(record["result"]["scores"]) >= 60
    assert len(record["trace"]) == len(record["actions"])
    for step in record["trace"][:: max(1, len(record["trace"]) // 50)]:
        cards = [c for pile in step["piles"].values() for c in pile.split()]
        assert Counter(cards) == Counter(deck() * 2)  # every pile, all 104 cards
    assert set(record["trace"][0]["piles"]) == {
        *(f"{kind}{seat}" for kind in "rkwt" for seat in (0, 1)),
        *(f"{kind}{i}" for kind in "hf" for i in range(8)),
    }
    final = record["trace"][-1]["piles"]
    assert final == ENGINE.trace(state)["piles"]


def test_the_record_in_words_and_in_stop_mode():
    record = play("russian_bank", {"mode": "stop", "target": 1}, seed=4)
    assert record["config"]["mode"] == "stop" and "trace" not in record
    assert {a["action"]["type"] for a in record["actions"]} >= {"move", "turn", "no_stop"}
    text = describe(record)
    assert "game  1: seat" in text and "wins" in text and "scores [" in text
    bad = subprocess.run(
        [sys.executable, "-m", "games.play", "russian_bank", "--mode", "lax"],
        capture_output=True,
        text=True,
    )
    assert bad.returncode == 2 and "The mode is enforce" in bad.stderr
