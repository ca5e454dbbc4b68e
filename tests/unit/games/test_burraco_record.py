"""The burraco record from `games.play`: the trace holds every zone after every action, the
table each hand opened with and the one it closed with (docs/game-record.md)."""

from collections import Counter

from games.engines import replay
from games.engines.burraco import ENGINE
from games.engines.burraco.notation import notation
from games.engines.cards import build_shoe
from games.play import play

FULL = Counter(build_shoe(2, 2))
ZONES = ("stock", "discards", "hands", "pozzetti", "melds", "scores")


def cards_of(zones):
    cards = zones["stock"].split() + zones["discards"].split()
    cards += [c for text in zones["hands"] + zones["pozzetti"] for c in text.split()]
    cards += [
        c.split("=")[0]
        for side in zones["melds"]
        for meld in side
        for c in meld.split(": ")[1].split()
    ]
    return Counter(cards)


def test_trace_holds_every_zone_after_every_action():
    record = play("burraco", {"seats": 2, "max_hands": 1}, seed=8, trace=True)
    trace = record["trace"]
    assert trace[0]["entry"] == "deal" and trace[-1]["entry"] == "end"
    assert [e["after"] for e in trace if e["entry"] == "action"] == list(
        range(1, len(record["actions"]))
    )
    for zones in trace:
        assert cards_of(zones) == FULL
    final = notation(replay("burraco", record["config"], 8, record["actions"]))
    assert {k: trace[-1][k] for k in ZONES} == {k: final[k] for k in ZONES}  # as it ended


def test_every_hand_opens_and_closes_in_the_trace():
    """Issue 24: the trace had no entry for the first deal and none for the last table of a
    hand that did not end the match, nor the dealer, the seat draw or `last_round`."""
    config = {"seats": 4, "max_hands": 3}
    record = play("burraco", config, seed=10, trace=True)
    trace, actions = record["trace"], record["actions"]
    first = replay("burraco", config, 10, [])
    assert trace[0] == {"entry": "deal", "after": 0} | notation(first)
    ends = [e for e in trace if e["entry"] == "end"]
    deals = [e for e in trace if e["entry"] == "deal"]
    assert len(ends) == 3 and trace[-1] is ends[-1]
    assert len(deals) == 3  # the first, and after each hand but the last
    hands = record["result"]["hands"]
    for n, ended in enumerate(ends):
        i = ended["after"]
        before = replay("burraco", config, 10, actions[: i - 1])
        assert ended["hand"] == n + 1 and cards_of(ended) == FULL
        assert ended["scores"] == hands[n]["scores"]
        assert ended["stock"].split() == (
            before["stock"][:-1] if actions[i - 1]["action"]["type"] == "draw" else before["stock"]
        )
        if n + 1 < len(ends):  # the next hand's deal follows its end
            deal = deals[n + 1]
            assert deal["after"] == i and deal["hand"] == n + 2 and deal["phase"] == "draw"
            assert (
                deal["dealer"] == before["order"][(before["order"].index(before["dealer"]) + 1) % 4]
            )
            assert cards_of(deal) == FULL
    for entry in trace:
        assert entry["seat_draw"] == first["seat_draw"] and entry["order"] == first["order"]
        assert {"dealer", "last_round", "no_discard", "quiet_turns", "move"} <= set(entry)
    final = ENGINE.trace(replay("burraco", config, 10, actions))
    assert {k: trace[-1][k] for k in ZONES} == {k: final[k] for k in ZONES}
