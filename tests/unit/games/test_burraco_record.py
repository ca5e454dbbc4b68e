"""The burraco record from `games.play`: the trace holds every zone after every action."""

from collections import Counter

from games.engines import replay
from games.engines.burraco.notation import notation
from games.engines.cards import build_shoe
from games.play import play


def test_trace_holds_every_zone_after_every_action():
    record = play("burraco", {"seats": 2, "max_hands": 1}, seed=8, trace=True)
    full = Counter(build_shoe(2, 2))
    assert len(record["trace"]) == len(record["actions"]) + 1  # the deal, then each action
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
    assert record["trace"][-1] == record["trace"][-1] | notation(state)
