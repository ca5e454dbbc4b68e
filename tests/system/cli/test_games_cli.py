"""The games' command lines in a subprocess (`python -m games.play ...` and the baccarat
edge command): records that replay, traces, text output and refusals in words."""

import json
import random
import subprocess
import sys
from collections import Counter

from games.engines import ENGINES, get_engine, replay
from games.engines.burraco import ENGINE as BURRACO
from games.engines.cards import deck
from games.engines.russian_bank import ENGINE as RUSSIAN_BANK
from games.play import describe, play

BC = get_engine("bunco_cards")


def run(module, *args, check=True):
    """`python -m module args...` in a subprocess, its output as text."""
    return subprocess.run(
        [sys.executable, "-m", module, *args], capture_output=True, text=True, check=check
    )


def test_the_cli_plays_a_game_and_traces_every_table():
    """docs/game-record.md: the trace has the first deal's table, the table after every
    action, and for each deal that ends its closing table and the next deal's."""
    out = run(
        "games.play",
        "bunco_cards",
        "--seed",
        "5",
        "--seats",
        "5",
        "--bots",
        "5",
        "--json",
        "--trace",
    )
    record = json.loads(out.stdout)
    assert record["config"]["seats"] == 5 and record["bots"] == [0, 1, 2, 3, 4]
    state = BC.new_state(record["config"], random.Random(5))
    trace = iter(record["trace"])
    assert next(trace) == {"entry": "deal", "after": 0} | BC.trace(state)
    for n, step in enumerate(record["actions"], 1):
        deals = len(state["deals"])
        state = BC.apply(state, step["seat"], step["action"])
        if len(state["deals"]) == deals:
            assert next(trace) == {"entry": "action", "after": n} | BC.trace(state)
            continue
        closing = next(trace)
        assert closing["entry"] == "end" and closing["after"] == n
        winner = state["deals"][-1]["winner"]
        assert closing["bunco"][winner] == "" or state["deals"][-1].get("stalled")
        if not BC.is_over(state):
            assert next(trace) == {"entry": "deal", "after": n} | BC.trace(state)
    assert next(trace, None) is None and len(state["deals"]) > 1
    assert BC.result(state) == record["result"]
    text = run("games.play", "bunco_cards", "--seed", "5", "--seats", "5").stdout
    assert "deal  1: seat" in text and f"winner seat {record['result']['winner']}" in text


def test_styles_for_the_card_games_print_each_pairs_win_rate_and_game_length():
    """--styles for every card game: each pair of styles, random-legal included."""
    text = run("games.play", "bunco_cards", "--styles", "6", "--seats", "4").stdout.splitlines()
    assert len(text) == 3  # steady against itself, steady against random, random itself
    assert text[1].startswith("bunco_cards steady vs random: steady won ")
    assert "of 6 (" in text[1] and "actions a game" in text[1]
    text = run("games.play", "russian_bank", "--styles", "2", "--mode", "stop").stdout
    pairs = [line.split(":")[0] for line in text.splitlines()]
    assert "russian_bank steady vs casual" in pairs and "russian_bank casual vs random" in pairs
    assert len(pairs) == 6


def test_the_cli_refuses_chip_options_in_words():
    out = run("games.play", "bunco_cards", "--coups", "10", check=False)
    assert out.returncode == 2 and "Unknown setting: max_coups." in out.stderr
    out = run("games.play", "russian_bank", "--styles", "2", "--seats", "3", check=False)
    assert out.returncode == 2 and "Russian Bank is a game for two." in out.stderr


def burraco(*args):
    return run("games.play", "burraco", *args).stdout


def test_cli_json_record_has_each_hands_breakdown_and_replays():
    record = json.loads(burraco("--seed", "4", "--seats", "4", "--bots", "4", "--json"))
    assert record["bots"] == [0, 1, 2, 3] and record["config"]["target"] == 2000
    state = replay("burraco", record["config"], 4, record["actions"])
    assert BURRACO.is_over(state) and BURRACO.result(state) == record["result"]
    assert record["result"]["hands"] == state["history"]
    for hand in record["result"]["hands"]:
        for row in hand["sides"]:
            parts = ("melded", "burraco_bonus", "closing", "in_hand", "pozzetto")
            assert row["total"] == sum(row[k] for k in parts)
            assert set(row) >= {"burracos", "hand_cards", "seats"}
    assert max(record["result"]["scores"]) >= 2000


def test_describe_and_text_output():
    text = burraco("--seed", "2", "--seats", "3")
    assert text.startswith("burraco seed 2:") and "winners" in text and "hand  1" in text
    assert describe(play("burraco", {"seats": 2, "max_hands": 1}, seed=1)).count("\nhand ") == 1


def test_edge_command_prints_the_three_edges():
    out = run("games.engines.baccarat", "edge", "--decks", "8")
    assert out.stderr == ""
    lines = dict(line.split() for line in out.stdout.splitlines())
    assert lines == {"player": "1.24%", "banker": "1.06%", "tie": "14.36%"}


def test_cli_prints_a_replayable_json_record():
    out = run(
        "games.play",
        "chemin_de_fer",
        "--seed",
        "5",
        "--seats",
        "4",
        "--bots",
        "3",
        "--json",
        "--coups",
        "10",
    )
    record = json.loads(out.stdout)
    assert record["bots"] == [0, 1, 2] and record["config"]["seats"] == 4
    state = replay(record["game"], record["config"], record["seed"], record["actions"])
    assert ENGINES["chemin_de_fer"].result(state) == record["result"]


def test_cli_refuses_more_bots_than_seats():
    out = run("games.play", "punto_banco", "--seats", "2", "--bots", "3", check=False)
    assert out.returncode == 2 and "--bots" in out.stderr


def test_the_cli_plays_a_match_with_a_trace_that_replays():
    out = run(
        "games.play",
        "russian_bank",
        "--seed",
        "3",
        "--bots",
        "2",
        "--json",
        "--trace",
        "--target",
        "60",
    )
    record = json.loads(out.stdout)
    assert record["config"] == {"seats": 2, "target": 60, "mode": "enforce"}
    assert record["bots"] == [0, 1] and record["styles"] == ["steady", "casual"]
    state = replay("russian_bank", record["config"], 3, record["actions"])
    assert RUSSIAN_BANK.is_over(state) and RUSSIAN_BANK.result(state) == record["result"]
    assert max(record["result"]["scores"]) >= 60
    assert record["trace"][0]["entry"] == "deal" and record["trace"][-1]["entry"] == "end"
    for step in record["trace"][:: max(1, len(record["trace"]) // 50)]:
        cards = [c[:2] for pile in step["piles"].values() for c in pile.split()]
        assert Counter(cards) == Counter(deck() * 2)  # every pile, all 104 cards
    assert set(record["trace"][0]["piles"]) == {
        *(f"{kind}{seat}" for kind in "rkwt" for seat in (0, 1)),
        *(f"{kind}{i}" for kind in "hf" for i in range(8)),
    }
    final = record["trace"][-1]["piles"]
    assert final == RUSSIAN_BANK.trace(state)["piles"]


def test_the_record_in_words_and_in_stop_mode():
    record = play("russian_bank", {"mode": "stop", "target": 1}, seed=4)
    assert record["config"]["mode"] == "stop" and "trace" not in record
    assert {a["action"]["type"] for a in record["actions"]} >= {"move", "turn", "no_stop"}
    text = describe(record)
    assert "game  1: seat" in text and "wins" in text and "scores [" in text
    bad = run("games.play", "russian_bank", "--mode", "lax", check=False)
    assert bad.returncode == 2 and "The mode is enforce" in bad.stderr
