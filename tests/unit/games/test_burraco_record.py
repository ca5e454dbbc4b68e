"""The burraco record from `games.play`: the trace holds every zone after every action, the
table each hand opened with and the one it closed with (docs/game-record.md)."""

from collections import Counter

from games.engines import replay
from games.engines.burraco import ENGINE
from games.engines.burraco.notation import notation, table
from games.engines.cards import build_shoe
from games.play import play

FULL = Counter(build_shoe(2, 2))


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
    assert len(record["trace"]) == len(record["actions"])
    for zones in record["trace"][:-1]:
        assert cards_of(zones) == FULL
    state = replay("burraco", record["config"], 8, record["actions"])
    assert notation(state) == record["trace"][-1]


def test_every_hand_opens_and_closes_in_the_trace():
    """Issue 24: the trace had no entry for the first deal and none for the last table of a
    hand that did not end the match, nor the dealer, the seat draw or `last_round`."""
    config = {"seats": 4, "max_hands": 3}
    record = play("burraco", config, seed=10, trace=True)
    trace, actions = record["trace"], record["actions"]
    first = replay("burraco", config, 10, [])
    assert trace[0]["opened"] == table(first) and cards_of(trace[0]["opened"]) == FULL
    assert all("opened" not in entry for entry in trace[1:])
    closed = [i for i, entry in enumerate(trace) if "closed" in entry]
    assert len(closed) == 3 and closed[-1] == len(trace) - 1
    hands = record["result"]["hands"]
    for n, i in enumerate(closed):
        before = replay("burraco", config, 10, actions[:i])
        ended = trace[i]["closed"]
        assert ended["hand"] == n + 1 and cards_of(ended) == FULL
        assert ended["scores"] == hands[n]["scores"]
        if n + 1 < len(closed):  # the table after the ending action is the next deal
            assert trace[i]["hand"] == n + 2 and trace[i]["phase"] == "draw"
            assert (
                trace[i]["dealer"]
                == before["order"][(before["order"].index(before["dealer"]) + 1) % 4]
            )
        assert ended["stock"].split() == (
            before["stock"][:-1] if actions[i]["action"]["type"] == "draw" else before["stock"]
        )
    for entry in trace:
        assert entry["seat_draw"] == first["seat_draw"] and entry["order"] == first["order"]
        assert {"dealer", "last_round", "no_discard", "quiet_turns", "move"} <= set(entry)
    assert [entry["move"] for entry in trace] == list(range(1, len(trace) + 1))
    assert ENGINE.trace(replay("burraco", config, 10, actions)) == trace[-1]
