"""Checking a night record (docs/night-record.md): simulated or exported by the host."""

from __future__ import annotations

from collections import Counter
from typing import Any

from .config import Rules
from .errors import RulesError
from .night import BELL_REASONS, round_plan, tally_rounds
from .prizes import PRIZE_KINDS
from .seating import table_count

REQUIRED_KEYS = ("rules", "players", "rounds", "totals", "fuzzy_die", "pot", "prizes")


def validate_record(record: dict[str, Any], check_rotation: bool = True) -> list[str]:
    """Every broken invariant as a readable message; an empty list means the record is valid.
    `check_rotation` also checks that every round's seats follow from the previous round's
    winners (turn it off for a night where the host reseated people by hand)."""
    if not isinstance(record, dict):
        return ["the record is not a JSON object"]
    missing = [k for k in REQUIRED_KEYS if k not in record]
    if missing:
        return [f"missing key(s): {', '.join(missing)}"]
    try:
        rules = Rules.from_dict(record["rules"])
    except (RulesError, TypeError) as error:
        return [f"rules: {error}"]
    problems: list[str] = []
    ids = [p.get("id") for p in record["players"]]
    ghosts = {p.get("id") for p in record["players"] if p.get("ghost")}
    real = [p for p in ids if p not in ghosts]
    if len(set(ids)) != len(ids):
        problems.append("players: an id is listed twice")
    tables = table_count(len(real))
    if len(ghosts) != tables * 4 - len(real):
        problems.append(f"players: {len(real)} players need {tables * 4 - len(real)} ghost(s)")
    plan = round_plan(rules)
    if len(record["rounds"]) > len(plan):
        problems.append(f"rounds: {len(record['rounds'])} rounds, the rules allow {len(plan)}")
    if record.get("rounds_planned", len(plan)) != len(plan):
        problems.append(f"rounds_planned: {record['rounds_planned']!r}, the rules plan {len(plan)}")
    if record["prizes"] and not record["rounds"]:
        problems.append("prizes: awarded before any round was played")
    previous = None
    for index, played in enumerate(record["rounds"]):
        where = f"round {index + 1}"
        if index < len(plan):
            expected = (plan[index].set, plan[index].round, plan[index].up)
            if (played.get("set"), played.get("round"), played.get("up")) != expected:
                problems.append(f"{where}: set/round/up should be {expected}")
        problems += _check_round(played, where, set(ids), ghosts, tables, rules)
        if check_rotation and previous is not None and not problems:
            problems += _check_rotation(previous, played, where)
        previous = played
    if problems:
        return problems  # the totals and prizes checks rely on well-formed rounds

    tallied = tally_rounds(record["rounds"])
    for player in ids:
        row = record["totals"].get(player)
        expected = tallied.get(player, {"wins": 0, "losses": 0, "buncos": 0})
        if row != expected:
            problems.append(f"totals: {player} is {row}, the rounds give {expected}")
        elif row["wins"] + row["losses"] != len(record["rounds"]):
            problems.append(f"totals: {player} W+L is not the {len(record['rounds'])} rounds")
    if set(record["totals"]) - set(ids):
        problems.append("totals: lists someone who is not a player")
    problems += _check_fuzzy_die(record, ghosts, tallied)
    problems += _check_prizes(record, real, ghosts, rules)
    return problems


def _check_round(played, where, ids, ghosts, tables, rules) -> list[str]:
    problems = []
    bell = played.get("bell") or {}
    if bell.get("reason") not in BELL_REASONS or bell.get("table") not in range(1, tables + 1):
        problems.append(f"{where}: bell should name a table and a reason {BELL_REASONS}")
    seated = [p for t in played.get("tables", []) for p in t.get("seats", [])]
    if [t.get("table") for t in played.get("tables", [])] != list(range(1, tables + 1)):
        problems.append(f"{where}: tables should be numbered 1 to {tables}")
    if sorted(seated) != sorted(ids):
        counts = Counter(seated)
        odd = sorted(p for p in ids | set(seated) if counts[p] != 1)
        problems.append(f"{where}: not everyone sits exactly once: {', '.join(map(str, odd))}")
    for table in played.get("tables", []):
        at = f"{where}, table {table.get('table')}"
        seats = table.get("seats", [])
        points, winner = table.get("points"), table.get("winner")
        if len(seats) != 4:
            problems.append(f"{at}: {len(seats)} seats, not 4")
            continue
        if not (isinstance(points, list) and len(points) == 2 and min(points) >= 0):
            problems.append(f"{at}: points should be [team A, team B], got {points}")
            continue
        if winner not in ("A", "B") or points[0] == points[1]:
            problems.append(f"{at}: winner {winner!r} with points {points}")
        elif (points[0] > points[1]) != (winner == "A"):
            problems.append(f"{at}: team {winner} won with fewer points {points}")
        buncos = table.get("buncos", {})
        for player, count in buncos.items():
            if player not in seats or player in ghosts or not isinstance(count, int) or count < 1:
                problems.append(f"{at}: bad Bunco tally {player}: {count}")
        if not rules.wipeout:  # without wipeouts a Bunco's points are never lost
            for team, team_seats in ((0, (0, 2)), (1, (1, 3))):
                team_buncos = sum(buncos.get(seats[s], 0) for s in team_seats)
                if points[team] < team_buncos * rules.bunco_points:
                    problems.append(f"{at}: team {'AB'[team]} has Buncos but too few points")
        head_target = table.get("table") == 1 and bell == {"table": 1, "reason": "target"}
        if head_target and max(points) < rules.target:
            problems.append(f"{at}: bell for the target but nobody reached {rules.target}")
    return problems


def _check_rotation(before, after, where) -> list[str]:
    """Winners up, losers down, Head winners and Foot losers stay, partners split."""
    old = before["tables"]
    count = len(old)
    place = {p: t["table"] for t in after["tables"] for p in t["seats"]}
    partner = {
        p: t["seats"][(i + 2) % 4] for t in after["tables"] for i, p in enumerate(t["seats"])
    }
    problems = []
    for table in old:
        number, seats = table["table"], table["seats"]
        for team in ("A", "B"):
            first = 0 if team == "A" else 1
            pair = (seats[first], seats[first + 2])
            won = table["winner"] == team
            if count == 1:
                goal = 1
            elif won:
                goal = max(1, number - 1)
            else:
                goal = min(count, number + 1)
            for player in pair:
                if place.get(player) != goal:
                    problems.append(f"{where}: {player} should be at table {goal}")
            if partner.get(pair[0]) == pair[1]:
                problems.append(f"{where}: {pair[0]} and {pair[1]} kept their partnership")
    return problems


def _check_fuzzy_die(record, ghosts, tallied) -> list[str]:
    holder = record["fuzzy_die"]
    if holder in ghosts or holder not in tallied:
        return [f"fuzzy_die: {holder!r} is not a player"]
    any_bunco = any(row["buncos"] for row in tallied.values())
    if any_bunco and tallied[holder]["buncos"] == 0:
        return [f"fuzzy_die: {holder} never rolled a Bunco but holds the fuzzy die"]
    if (
        not any_bunco
        and record["rounds"]
        and holder != record["rounds"][0]["tables"][0]["seats"][0]
    ):
        return ["fuzzy_die: with no Bunco it stays with Head seat 0 of the first round"]
    return []


def _check_prizes(record, real, ghosts, rules) -> list[str]:
    problems = []
    # a real night records who paid; the simulator's players all pay
    paying = [p for p in record["players"] if not p.get("ghost") and p.get("paid", True)]
    if record["pot"] != rules.contribution * len(paying):
        problems.append(
            f"pot: {record['pot']} is not {rules.contribution} x {len(paying)} paying players"
        )
    amounts = [a.get("amount") for a in record["prizes"]]
    if any(not isinstance(a, int) or isinstance(a, bool) or a < 0 for a in amounts):
        return problems + ["prizes: amounts must be whole dollars, 0 or more"]
    if sum(amounts) != record["pot"]:
        problems.append(f"prizes: they add up to {sum(amounts)}, the pot is {record['pot']}")
    held = Counter(a.get("player") for a in record["prizes"])
    for award in record["prizes"]:
        if award.get("player") in ghosts or award.get("player") not in real:
            problems.append(f"prizes: {award.get('prize')} went to {award.get('player')!r}")
        if award.get("prize") not in PRIZE_KINDS:
            problems.append(f"prizes: unknown prize {award.get('prize')!r}")
    doubled = max(held.values(), default=0) > 1
    if not rules.several_prizes and doubled and any(held[p] == 0 for p in real):
        problems.append("prizes: someone holds two prizes while another player has none")
    return problems
