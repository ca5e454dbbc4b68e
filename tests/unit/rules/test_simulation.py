import copy
import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from partynight.rules import Rules, simulate_night, validate_record
from partynight.rules.simulation import roster
from tests.helpers.examples import examples


@st.composite
def sets_and_break(draw):
    sets = draw(st.integers(1, 6))
    return sets, draw(st.none() | st.integers(1, sets - 1)) if sets > 1 else None


VARIANTS = st.builds(
    lambda sets_break, **kw: Rules(sets=sets_break[0], break_after_set=sets_break[1], **kw),
    sets_break=sets_and_break(),
    rounds_per_set=st.integers(1, 6),
    target=st.integers(11, 51),
    bunco_points=st.sampled_from([21, 25]),
    mini_bunco=st.sampled_from(["5", "0", "ends_turn"]),
    wipeout=st.booleans(),
    any_table_bunco=st.booleans(),
    several_prizes=st.booleans(),
    prize_ties=st.sampled_from(["rolloff", "split"]),
    contribution=st.integers(0, 20),
)


def night(players=12, seed=7, rules=None, **kwargs):
    return simulate_night(players, rules or Rules(), random.Random(seed), **kwargs)


def test_a_default_twelve_player_night():
    record = night()
    assert validate_record(record) == []
    assert len(record["rounds"]) == 24
    assert record["pot"] == 60
    assert sorted(a["amount"] for a in record["prizes"]) == [2, 5, 8, 10, 15, 20]
    assert len(record["players"]) == 12 and not any(p["ghost"] for p in record["players"])
    assert all(len(r["tables"]) == 3 for r in record["rounds"])
    assert all(t["wins"] + t["losses"] == 24 for t in record["totals"].values())
    assert sum(t["wins"] for t in record["totals"].values()) == 24 * 6
    assert json.loads(json.dumps(record)) == record


def test_the_bell_is_rung_by_the_head_table():
    record = night(seed=11)
    for played in record["rounds"]:
        head = played["tables"][0]
        assert played["bell"]["table"] == 1
        if played["bell"]["reason"] == "target":
            assert max(head["points"]) >= 21
        else:
            assert played["bell"]["reason"] == "bunco" and head["buncos"]


def test_ghosts_and_pot():
    record = night(players=5, seed=3, contribution=4)
    ghosts = [p for p in record["players"] if p["ghost"]]
    assert [g["id"] for g in ghosts] == ["g1", "g2", "g3"]
    assert record["pot"] == 20 and record["rules"]["contribution"] == 4
    assert not {a["player"] for a in record["prizes"]} & {"g1", "g2", "g3"}
    assert validate_record(record) == []


def test_names_become_players():
    assert roster(["Ann", "Bea"]) == [
        {"id": "p1", "name": "Ann", "ghost": False},
        {"id": "p2", "name": "Bea", "ghost": False},
    ]
    record = night(players=["Ann", "Bea", "Cat", "Dee"], seed=1)
    assert [p["name"] for p in record["players"]] == ["Ann", "Bea", "Cat", "Dee"]
    assert validate_record(record) == []


def test_any_table_bunco_lets_other_tables_ring():
    rules = Rules(any_table_bunco=True)
    bells = [r["bell"] for s in range(3) for r in night(16, s, rules)["rounds"]]
    assert any(b["table"] != 1 for b in bells)
    assert all(b["reason"] == "bunco" for b in bells if b["table"] != 1)


def test_roll_offs_happen_and_are_recorded():
    tables = [t for s in range(4) for r in night(24, s)["rounds"] for t in r["tables"]]
    rolled_off = [t for t in tables if t["rolloff"]]
    assert rolled_off
    assert all(t["points"][0] != t["points"][1] for t in tables)


def test_custom_prize_table():
    table = [
        {"prize": "most_wins", "name": "Top", "amount": 30},
        {"prize": "most_losses", "share": 1},
    ]
    record = night(players=8, seed=2, prize_table=table)
    assert [(a["prize"], a["amount"]) for a in record["prizes"]] == [
        ("most_wins", 30),
        ("most_losses", 10),
    ]


@settings(max_examples=examples(40), deadline=None)
@given(st.integers(4, 48), st.integers(0, 2**32 - 1), VARIANTS)
def test_random_nights_are_valid(players, seed, rules):
    """Every player sits exactly once per round at 4-seat tables; seats follow the rotation
    (winners up, losers down, Head winners and Foot losers stay, partners always split);
    W+L = rounds played; totals match the rounds; prizes add up to the pot; ghosts win
    nothing; and the same seed replays the same record."""
    record = night(players, seed, rules)
    assert validate_record(record) == []
    real = [p["id"] for p in record["players"] if not p["ghost"]]
    assert len(real) == players
    assert record["pot"] == rules.contribution * players
    assert sum(a["amount"] for a in record["prizes"]) == record["pot"]
    assert len(record["rounds"]) == rules.sets * rules.rounds_per_set
    everyone = sorted(p["id"] for p in record["players"])
    for before, after in zip(record["rounds"], record["rounds"][1:], strict=False):
        assert sorted(p for t in after["tables"] for p in t["seats"]) == everyone
        assert all(len(t["seats"]) == 4 for t in after["tables"])
        head = before["tables"][0]
        winners = head["seats"][0::2] if head["winner"] == "A" else head["seats"][1::2]
        assert set(winners) <= set(after["tables"][0]["seats"])
    for row in record["totals"].values():
        assert row["wins"] + row["losses"] == len(record["rounds"])
    assert night(players, seed, rules) == record


def corrupt(record, change):
    broken = copy.deepcopy(record)
    change(broken)
    return validate_record(broken)


def test_validate_record_catches_broken_records():
    record = night(players=9, seed=5)
    assert validate_record(record) == []

    def swap_seat(r):
        r["rounds"][3]["tables"][0]["seats"][0] = r["rounds"][3]["tables"][1]["seats"][0]

    def flip_winner(r):
        table = r["rounds"][0]["tables"][1]
        table["winner"] = "A" if table["winner"] == "B" else "B"

    def drop_a_win(r):
        r["totals"]["p1"]["wins"] -= 1

    def overpay(r):
        r["prizes"][0]["amount"] += 1

    def ghost_prize(r):
        r["prizes"][0]["player"] = "g1"

    def bad_rules(r):
        r["rules"]["bunco_points"] = 30

    def keep_partners(r):
        r["rounds"][1]["tables"] = copy.deepcopy(r["rounds"][0]["tables"])

    def wrong_plan(r):
        r["rounds_planned"] = 12

    def prizes_without_play(r):
        r["rounds"] = []

    checks = {
        wrong_plan: "rounds_planned: 12, the rules plan 24",
        prizes_without_play: "awarded before any round was played",
        swap_seat: "not everyone sits exactly once",
        flip_winner: "won with fewer points",
        drop_a_win: "totals: p1",
        overpay: "add up to 46, the pot is 45",
        ghost_prize: "went to 'g1'",
        bad_rules: "bunco_points must be 21 or 25",
        keep_partners: "should be at table",
    }
    for change, message in checks.items():
        problems = corrupt(record, change)
        assert any(message in p for p in problems), (change.__name__, problems)
    assert validate_record({"rules": {}}) == [
        "missing key(s): players, rounds, totals, fuzzy_die, pot, prizes"
    ]
