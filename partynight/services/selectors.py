"""Reads: what the dashboard, the big screen, the phones and the exports show.
Plain dicts, ready for JSON; no writes here."""

from django.urls import reverse
from django.utils import timezone

from partynight.models import Event, Night, Player, Round, Seat, Table
from partynight.rules.explain import award_why, roll_words
from partynight.rules.night import add_table_result, empty_totals, round_plan
from partynight.rules.phone import phone_view
from partynight.rules.rotation import Move, describe_move
from partynight.rules.seating import table_count, table_name
from partynight.rules.simulation import table_record
from partynight.rules.table import TableRound, whose_turn
from partynight.services.common import current_round, rules_of

_names: dict[tuple[str, int], dict[str, str]] = {}


def names_of(night: Night) -> dict[str, str]:
    """Everyone's display name by key. Cached per night version: every change to the
    players bumps it, and a roll (the hot path) does not."""
    key = (night.join_token, night.version)  # the token, not the id: ids can be reused
    names = _names.get(key)
    if names is None:
        if len(_names) > 2000:
            _names.clear()
        names = _names[key] = {p.key: p.name for p in night.players.all()}
    return names


def table_view(table: Table, round_: Round, names: dict | None = None) -> dict:
    state = TableRound.from_dict(table.state)
    names = names if names is not None else names_of(round_.night)
    tables = len(round_.night.pending_seating)  # the same count all night
    turn = whose_turn(state)
    return {
        "number": table.number,
        "name": table_name(table.number, tables),
        "round": round_.number,
        "up": state.up,
        "seats": [
            {"id": key, "name": names.get(key, key), "ghost": key in state.ghosts}
            for key in state.seats
        ],
        "points": list(state.points),
        "turn": turn.seat if turn else None,
        "phase": state.phase,
        "winner": state.winner,
        "rolloffs": state.rolloffs,
        "buncos": state.buncos,
        "version": table.version,
    }


def standings(night: Night) -> dict[str, dict]:
    """Wins, losses and Buncos so far for everyone (ghosts included, marked)."""
    players = list(night.players.all())
    totals = empty_totals(p.key for p in players if p.active or p.seats.exists())
    for table in Table.objects.filter(round__night=night).order_by("round__number", "number"):
        state = TableRound.from_dict(table.state)
        if state.is_done:
            totals = add_table_result(totals, state.seats, state.winner, state.buncos)
        else:
            totals = add_table_result(totals, (), "A", state.buncos)
    return totals


def prize_leaders(night: Night, totals: dict, ghosts: set) -> dict[str, list[str]]:
    """Who is on track for each prize right now (ties listed together)."""
    people = {k: t for k, t in totals.items() if k not in ghosts}
    if not people:
        return {}

    def best(score):
        top = max(score(t) for t in people.values())
        return [k for k, t in people.items() if score(t) == top]

    leaders = {
        "most_buncos": best(lambda t: t["buncos"]),
        "most_wins": best(lambda t: t["wins"]),
        "most_losses": best(lambda t: t["losses"]),
        "fifty_fifty": best(lambda t: -abs(t["wins"] - t["losses"])),
    }
    if night.fuzzy_holder_id:
        leaders["traveling"] = [night.fuzzy_holder.key]
    return leaders


def pot_of(night: Night) -> int:
    # a player who left mid-night paid too; one removed while planning was refunded
    paying = night.players.filter(is_ghost=False, paid=True).count()
    return rules_of(night).contribution * paying


def night_versions(night_id: int) -> tuple:
    """What night_snapshot() depends on: every change it shows bumps one of these."""
    version, number = Night.objects.values_list("version", "round_number").get(pk=night_id)
    tables = Table.objects.filter(round__night_id=night_id, round__number=number)
    return version, number, tuple(sorted(tables.values_list("number", "version")))


def night_snapshot(night: Night, log: bool = False) -> dict:
    """Everything the host's dashboard and the big screen show; with `log`, each table's
    roll log of this round too (the dashboard page's, for corrections)."""
    names = names_of(night)
    players = list(night.players.all())
    ghosts = {p.key for p in players if p.is_ghost}
    round_ = current_round(night)
    totals = standings(night)
    tables, versions = [], {"night": night.version}
    if round_:
        for table in round_.tables.all():
            tables.append(table_view(table, round_, names))
            versions[f"table:{round_.number}:{table.number}"] = table.version
    plan = round_plan(rules_of(night))
    snapshot = {
        "type": "snapshot",
        "versions": versions,
        "night": {
            "id": night.pk,
            "name": night.name,
            "state": night.state,
            "rounds_in_night": len(plan),
            "fuzzy_holder": night.fuzzy_holder.key if night.fuzzy_holder_id else None,
            "pot": pot_of(night),
        },
        "round": _round_view(round_, plan),
        "tables": tables,
        "seating": _seating(night, names),
        "moves": _moves(round_, names),
        "players": [
            {"id": p.key, "name": p.name, "ghost": p.is_ghost, "paid": p.paid, "active": p.active}
            for p in players
        ],
        "standings": [
            {"id": k, "name": names.get(k, k), "ghost": k in ghosts, **t}
            for k, t in sorted(
                totals.items(), key=lambda kv: (-kv[1]["wins"], names.get(kv[0], ""))
            )
        ],
        "leaders": prize_leaders(night, totals, ghosts),
        "awards": awards_view(night, names, ghosts),
    }
    if log:  # the dashboard page only: sockets never carry it (docs/protocol.md)
        snapshot["logs"] = roll_log(night, round_, names) if round_ else {}
    return snapshot


LOG_LINES = 8  # per table: enough to see what an undo would take back


def roll_name(roll: dict, names: dict) -> str:
    """ "Eve's roll: 1 point": a roll as the log, the undo button and its notice name it."""
    return f"{names.get(roll['player'], roll['player'])}'s roll: {roll_words(roll)}"


def log_entry(event: Event, night: Night, names: dict | None = None) -> dict:
    """One line of a table's roll log: who rolled, the dice or the phone's entry, the
    points, when, and who entered it ("app" for a ghost's virtual dice)."""
    names = names if names is not None else names_of(night)
    roll = event.result["roll"]
    actor = event.actor
    if actor.startswith("player:"):
        by = names.get("p" + actor.split(":", 1)[1], "a phone")
    else:
        by = "app" if actor == "app" else "host"
    return {
        "id": event.pk,
        "who": names.get(roll["player"], roll["player"]),
        "by": by,
        "dice": roll["dice"],
        "entry": event.data.get("entry"),
        "points": roll["points"],
        "kind": roll["kind"],
        "name": roll_name(roll, names),
        "at": timezone.localtime(event.created).strftime("%H:%M:%S"),
    }


def undone_event_ids(night: Night) -> set[int]:
    """The roll events the host took back."""
    ids = set()
    for data in Event.objects.filter(night=night, kind="roll_undone").values_list(
        "data", flat=True
    ):
        ids.update(data["events"])
    return ids


def roll_log(night: Night, round_: Round, names: dict) -> dict[str, list[dict]]:
    """The last rolls at each table this round (taken-back rolls left out), oldest first."""
    undone = undone_event_ids(night)
    events = Event.objects.filter(night=night, kind="roll", round_number=round_.number)
    logs: dict[str, list[dict]] = {}
    for event in events.exclude(pk__in=undone).order_by("-id"):
        lines = logs.setdefault(str(event.table_number), [])
        if len(lines) < LOG_LINES:
            lines.insert(0, log_entry(event, night, names))
    return logs


def awards_view(night: Night, names: dict, ghosts: set) -> list[dict]:
    """The night's prizes, each with `why` (the same words on every page and phone)."""
    awards = [
        {
            "prize": a.prize,
            "name": a.name,
            "player": a.player.key,
            "player_name": a.player.name,
            "amount": a.amount,
            "detail": a.detail,
        }
        for a in night.awards.select_related("player")
    ]
    if not awards:
        return awards
    left = ghosts | {p.key for p in night.players.filter(active=False)}
    holder = night.fuzzy_holder.key if night.fuzzy_holder_id else None
    for award in awards:
        award["why"] = award_why(award, awards, holder, names, left)
    return awards


def _round_view(round_: Round | None, plan) -> dict | None:
    if round_ is None:
        return None
    planned = plan[round_.number - 1]
    return {
        "number": round_.number,
        "set": round_.set_number,
        "round": round_.round_in_set,
        "up": round_.up,
        "state": round_.state,
        "bell": {"table": round_.bell_table, "reason": round_.bell_reason}
        if round_.bell_reason
        else None,
        "break_after": planned.break_after,
        "last": round_.number == len(plan),
    }


def _seating(night: Night, names: dict) -> list[dict]:
    """The seating waiting to be played (the draw, or the next round's)."""
    count = len(night.pending_seating)
    return [
        {
            "number": number,
            "name": table_name(number, count),
            "seats": [{"id": k, "name": names.get(k, k)} for k in seats],
        }
        for number, seats in enumerate(night.pending_seating, 1)
    ]


def _moves(round_: Round | None, names: dict) -> dict[str, str]:
    if round_ is None or not round_.moves:
        return {}
    return {key: describe_move(Move(**move), names) for key, move in round_.moves.items()}


def player_snapshot(player: Player) -> dict:
    """What one player's phone shows: their seat, table, tallies, where to go next, and
    `phone`: the phase and headline saying what to do now (partynight.rules.phone)."""
    night = player.night
    names = names_of(night)
    round_ = current_round(night)
    plan = round_plan(rules_of(night))
    all_totals = standings(night)
    totals = all_totals.get(player.key, {"wins": 0, "losses": 0, "buncos": 0})
    seat = None
    table = None
    versions = {"night": night.version}
    if round_:
        row = (
            Seat.objects.filter(table__round=round_, player=player).select_related("table").first()
        )
        if row:
            table = table_view(row.table, round_, names)
            seat = row.position
            versions[f"table:{round_.number}:{row.table.number}"] = row.table.version
    waiting = None
    if night.pending_seating and (round_ is None or round_.state == Round.State.DONE):
        for number, seats in enumerate(night.pending_seating, 1):
            if player.key in seats:
                position = seats.index(player.key)
                waiting = {
                    "table": number,
                    "name": table_name(number, len(night.pending_seating)),
                    "seat": position,
                    "partner": names.get(seats[(position + 2) % 4]),
                }
    moves = _moves(round_, names)
    round_view = _round_view(round_, plan)
    results = None
    if night.state == Night.State.FINISHED:
        results = _player_results(night, player, all_totals, names)
    phone = phone_view(
        night_state=night.state,
        round_=round_view,
        table=table,
        seat=seat,
        next_seat=waiting,
        tables=len(night.pending_seating),
        won_prizes=[a for a in (results or {}).get("prizes", []) if a["mine"]],
    )
    return {
        "type": "snapshot",
        "versions": versions,
        "me": {"id": player.key, "name": player.name, **totals},
        "night": {
            "name": night.name,
            "state": night.state,
            "fuzzy_holder": night.fuzzy_holder.key if night.fuzzy_holder_id else None,
            "fuzzy_holder_name": night.fuzzy_holder.name if night.fuzzy_holder_id else None,
            "rules": night.rules,
        },
        "round": round_view,
        "table": table,
        "seat": seat,
        "next": waiting,
        "move": moves.get(player.key),
        "tables_in_night": table_count(night.players.filter(active=True, is_ghost=False).count()),
        "phone": phone.to_dict(),
        "results": results,
    }


def table_phones(table: dict, round_: Round, tables: int) -> dict[str, dict]:
    """The phone view of each person seated at `table` (a table view) after a change there,
    so a table event carries each phone's new headline (the round is still being played)."""
    round_view = {"number": round_.number, "state": round_.state, "last": False}
    return {
        seat["id"]: phone_view(
            night_state="playing",
            round_=round_view,
            table=table,
            seat=position,
            next_seat=None,
            tables=tables,
        ).to_dict()
        for position, seat in enumerate(table["seats"])
        if not seat["ghost"]
    }


def _player_results(night: Night, player: Player, totals: dict, names: dict) -> dict:
    """The night is over: every prize with why, and this player's place by wins."""
    ghosts = {p.key for p in night.players.all() if p.is_ghost}
    people = {k: t for k, t in totals.items() if k not in ghosts}
    mine = people.get(player.key, {"wins": 0})
    prizes = [
        {
            "name": a["name"],
            "player_name": a["player_name"],
            "amount": a["amount"],
            "why": a["why"],
            "mine": a["player"] == player.key,
        }
        for a in awards_view(night, names, ghosts)
    ]
    return {
        "place": 1 + sum(1 for t in people.values() if t["wins"] > mine["wins"]),
        "of": len(people),
        "prizes": prizes,
        "link": reverse("results_public", args=[night.results_token]),
    }


def night_record(night: Night) -> dict:
    """The night's record in the shape of `simulate_night --json` (docs/night-record.md)."""
    players = list(night.players.all())
    rounds = []
    for round_ in night.rounds.filter(state=Round.State.DONE).prefetch_related("tables"):
        states = [TableRound.from_dict(t.state) for t in round_.tables.all()]
        rounds.append(
            {
                "set": round_.set_number,
                "round": round_.round_in_set,
                "up": round_.up,
                "bell": {"table": round_.bell_table, "reason": round_.bell_reason},
                "tables": [table_record(s) for s in states],
            }
        )
    seated = {k for r in rounds for t in r["tables"] for k in t["seats"]}
    totals = empty_totals(sorted(seated))
    for played in rounds:
        for t in played["tables"]:
            totals = add_table_result(totals, t["seats"], t["winner"], t["buncos"])
    return {
        "rules": night.rules,
        "players": [
            {"id": p.key, "name": p.name, "ghost": p.is_ghost, "paid": p.paid}
            for p in players
            if p.key in seated or (p.active and not rounds)
        ],
        "rounds": rounds,
        "totals": totals,
        "fuzzy_die": night.fuzzy_holder.key if night.fuzzy_holder_id else None,
        "pot": pot_of(night),
        "prizes": [
            {"prize": a.prize, "player": a.player.key, "amount": a.amount}
            for a in night.awards.select_related("player")
        ],
    }


def tie_text(tie: dict | None, names: dict) -> list[str]:
    """How a prize tie was settled, one line per roll-off round (or the draw / split)."""
    if not tie:
        return []
    tied = ", ".join(names.get(k, k) for k in tie.get("tied", tie.get("among", [])))
    if tie["method"] == "draw":
        return [f"Drawn at random among {tied}."]
    if tie["method"] == "split":
        return [f"Split between {tied}."]
    lines = [f"Tied: {tied}."]
    for number, rolls in enumerate(tie.get("rolls", []), 1):
        dice = "; ".join(
            f"{names.get(k, k)} {'-'.join(map(str, rolls[k]))} = {sum(rolls[k])}"
            for k in tie["tied"]
            if k in rolls  # in the tied order: PostgreSQL's jsonb does not keep key order
        )
        lines.append(f"Roll-off {number}: {dice}.")
    return lines
