"""Reads: what the dashboard, the big screen, the phones and the exports show.
Plain dicts, ready for JSON; no writes here."""

from django.db.models import F
from django.urls import reverse
from django.utils import timezone

from live import sql
from live.steps import written_once
from live.text import render
from live.words import Text, Words, joined, said
from partynight import frames
from partynight.models import Event, Night, Player, Round, Seat, Table
from partynight.rules.explain import award_why, roll_words
from partynight.rules.night import add_table_result, empty_totals
from partynight.rules.phone import phone_view
from partynight.rules.prizes import prize_title
from partynight.rules.reducer import standings as reducer_standings
from partynight.rules.seating import table_name
from partynight.rules.simulation import table_record
from partynight.rules.table import TableRound, whose_turn
from partynight.services.common import rules_of
from partynight.services.store import load

_names: dict[tuple[str, int], dict[str, str]] = {}


@written_once
def names_of(night: Night):
    """Everyone's display name by key. Cached per night version: every change to the
    players bumps it, and a roll (the hot path) does not."""
    key = (night.join_token, night.version)  # the token, not the id: ids can be reused
    names = _names.get(key)
    if names is None:
        if len(_names) > 2000:
            _names.clear()
        players = yield from sql.select(Player, {"night": night.pk})
        names = _names[key] = {p.key: p.name for p in players}
    return names


def table_view(table: Table, round_: Round, names: dict | None = None) -> frames.TableView:
    names = names if names is not None else names_of(round_.night)
    state = TableRound.from_dict(table.state)
    return view_of_table(
        state, table.version, round_.number, names, len(round_.night.pending_seating)
    )


def view_of_table(
    state: TableRound, version: int, round_number: int, names: dict, tables: int
) -> frames.TableView:
    """What every screen shows of one table (`tables`: how many the night has)."""
    turn = whose_turn(state)
    return {
        "number": state.table,
        "name": table_name(state.table, tables),
        "round": round_number,
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
        "version": version,
    }


def team_of(table: frames.TableView, seat: int) -> frames.Team:
    """Who sits with and against `seat` at `table` (a table view): `side`, the index of its
    team's points; the partner's and opponents' names, and the sentence the phone shows."""
    seats = table["seats"]
    partner, left, right = (seats[(seat + step) % 4]["name"] for step in (2, 1, 3))
    sentence = said(
        "Partner: %(partner)s · Opponents: %(left)s and %(right)s",
        partner=partner,
        left=left,
        right=right,
    )
    return {"side": seat % 2, "partner": partner, "opponents": [left, right], "sentence": sentence}


def standings(night: Night) -> dict[str, dict]:
    """Wins, losses and Buncos so far for everyone (ghosts included, marked): the finished
    rounds' totals kept on the night, plus the round being played."""
    active = night.players.filter(active=True).values_list("pk", flat=True)
    return reducer_standings(load(night).state, (f"p{pk}" for pk in active))


def night_versions(night_id: int) -> tuple:
    """What the night's snapshot depends on: every change it shows bumps one of these (the
    screen token tells a new night apart from a deleted one with the same id)."""
    version, number, token = Night.objects.values_list(
        "version", "round_number", "screen_token"
    ).get(pk=night_id)
    tables = Table.objects.filter(round__night_id=night_id, round__number=number)
    return version, number, token, tuple(sorted(tables.values_list("number", "version")))


def pot_of(night: Night, players=None) -> int:
    """The contributions of everyone who paid (`players`: the night's, when already read)."""
    # a player who left mid-night paid too; one removed while planning was refunded
    if players is None:
        paying = night.players.filter(is_ghost=False, paid=True).count()
    else:
        paying = sum(1 for p in players if p.paid and not p.is_ghost)
    return rules_of(night).contribution * paying


LOG_LINES = 8  # per table: enough to see what an undo would take back


def roll_name(roll: dict, names: dict) -> Words:
    """ "Eve's roll: 1 point": a roll as the log, the undo button and its notice name it."""
    who = names.get(roll["player"], roll["player"])
    return said("%(name)s's roll: %(roll)s", name=who, roll=roll_words(roll))


def log_entry(event: Event, night: Night, names: dict | None = None) -> frames.LogLine:
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


@written_once
def undone_event_ids(night: Night):
    """The roll events the host took back."""
    ids = set()
    for event in (yield from sql.select(Event, {"night": night.pk, "kind": "roll_undone"})):
        ids.update(event.data["events"])
    return ids


def undo_offers(
    night: Night, state, versions: dict[int, int], names: dict
) -> dict[int, frames.UndoOffer]:
    """What each table's phones may take back now, {table number: offer} (see undo_offer):
    a person's last roll there, while the table is still at the version it left."""
    if state.round_state in (None, "done"):
        return {}
    undone = undone_event_ids(night)
    rolls = Event.objects.filter(night=night, kind="roll_scored", round_number=state.round)
    offers, seen = {}, set()
    for event in rolls.exclude(pk__in=undone).order_by("-id"):
        number = event.table_number
        if number in seen:
            continue
        if event.result["roll"]["rings_bell"]:
            seen.add(number)  # the bell cannot be taken back at the table
        elif event.actor != "app":
            seen.add(number)
            offer = undo_offer(event, names)
            if offer["v"] == versions.get(number):
                offers[number] = offer
    return offers


def undo_offers_made(events: list[dict], logged: list, names: dict) -> dict[int, frames.UndoOffer]:
    """undo_offers for what one action did (`events` and their roll log rows, as
    store.save returns them): a person's roll at a table, unless a roll rang the bell."""
    offers, rang = {}, set()
    for event, row in zip(events, logged, strict=True):
        if event["type"] != "roll_scored":
            continue
        number = event["table"]
        if event["roll"]["rings_bell"]:
            rang.add(number)
            offers.pop(number, None)
        elif not event["ghost"] and number not in rang:
            offers[number] = undo_offer(row, names)
    return offers


def undo_offer(event: Event, names: dict) -> frames.UndoOffer:
    """The phones' button for taking back a person's roll: its words and the table version
    it stands for (the roll's, ghosts' rolls after it included)."""
    roll = event.result["roll"]
    who = names.get(roll["player"], roll["player"])
    label = said("Undo %(name)s's roll (%(roll)s)", name=who, roll=roll_words(roll))
    return {"label": label, "v": event.result["table_version"]}


def roll_log(night: Night, round_: Round, names: dict) -> dict[str, list[frames.LogLine]]:
    """The last rolls at each table this round (taken-back rolls left out), oldest first."""
    undone = undone_event_ids(night)
    events = Event.objects.filter(night=night, kind="roll_scored", round_number=round_.number)
    logs: dict[str, list[frames.LogLine]] = {}
    for event in events.exclude(pk__in=undone).order_by("-id"):
        lines = logs.setdefault(str(event.table_number), [])
        if len(lines) < LOG_LINES:
            lines.insert(0, log_entry(event, night, names))
    return logs


def awards_view(night: Night, names: dict, ghosts: set) -> list[frames.Award]:
    """The night's prizes, each with `why` (the same words on every page and phone)."""
    awards = [
        {
            "prize": a.prize,
            "name": prize_title(a.name),
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


def table_phones(
    table: frames.TableView, round_: Round, tables: int
) -> dict[str, frames.PhoneView]:
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


def player_results(night: Night, player: Player, totals: dict, names: dict) -> frames.Results:
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
        "link": reverse("paper:results_public", args=[night.results_token]),
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
        "rounds_planned": rules_of(night).rounds,
        "rounds": rounds,
        "totals": totals,
        "fuzzy_die": night.fuzzy_holder.key if night.fuzzy_holder_id else None,
        "pot": pot_of(night),
        "prizes": [
            {"prize": a.prize, "player": a.player.key, "amount": a.amount}
            for a in night.awards.select_related("player")
        ],
    }


def awards_with_ties(awards: list[dict], names: dict) -> list[dict]:
    """The awards, each with `tie`: how its tie was settled, in the page's language
    (results pages: rendered on the server)."""
    return [
        {**a, "tie": [render(line) for line in tie_text(a["detail"].get("tie"), names)]}
        for a in awards
    ]


def tie_text(tie: dict | None, names: dict) -> list[Text]:
    """How a prize tie was settled, one line per roll-off round (or the draw / split)."""
    if not tie:
        return []
    tied = joined([names.get(k, k) for k in tie.get("tied", tie.get("among", []))])
    if tie["method"] == "draw":
        return [said("Drawn at random among %(names)s.", names=tied)]
    if tie["method"] == "split":
        return [said("Split between %(names)s.", names=tied)]
    lines = [said("Tied: %(names)s.", names=tied)]
    for number, rolls in enumerate(tie.get("rolls", []), 1):
        dice = "; ".join(  # names and numbers only: the same in every language
            f"{names.get(k, k)} {'-'.join(map(str, rolls[k]))} = {sum(rolls[k])}"
            for k in tie["tied"]
            if k in rolls  # in the tied order: PostgreSQL's jsonb does not keep key order
        )
        lines.append(said("Roll-off %(number)s: %(dice)s.", number=number, dice=dice))
    return lines


def table_number_of(player: Player) -> int | None:
    """The table where `player` sits in their night's latest round, or None (one query)."""
    return (
        Seat.objects.filter(player=player, table__round__night_id=player.night_id)
        .filter(table__round__number=F("table__round__night__round_number"))
        .values_list("table__number", flat=True)
        .first()
    )
