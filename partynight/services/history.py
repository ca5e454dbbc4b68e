"""Reads for paper and for a group's history: what the printed score sheets, table tally
sheets and results sheet show, the text summary for a group chat, and a group's past nights
and season standings. Tallies come from `selectors.standings` (never recounted here)."""

import calendar
import datetime

from django.utils import formats

from live.text import render
from live.words import said, said_n
from partynight.models import GroupMember, Night, Player, Seat
from partynight.rules.night import round_plan
from partynight.rules.seating import table_count, table_name, table_seat
from partynight.services import charts, selectors
from partynight.services.common import rules_of


def first_seats(night: Night) -> dict[str, tuple[int, int]]:
    """Where each player starts, {key: (table 1.., seat 0..3)}: the seats drawn before
    play; once play has started, the first round each played (a late guest's first chair),
    else the seat waiting for them."""
    seats = {
        key: (number, position)
        for number, table in enumerate(night.pending_seating, 1)
        for position, key in enumerate(table)
    }
    rows = Seat.objects.filter(table__round__night=night).order_by("-table__round__number")
    for player, number, position in rows.values_list("player_id", "table__number", "position"):
        seats[f"p{player}"] = (number, position)  # the earliest round is written last
    return seats


def sheet_layout(night: Night) -> dict:
    """A score sheet's grid: the sets as columns, a set's rounds as rows (in round r the
    number up is r), as the night's rules say."""
    rules = rules_of(night)
    return {"sets": range(1, rules.sets + 1), "rounds": range(1, rules.rounds_per_set + 1)}


HALF_PAGE_ROUNDS = 6  # a sheet's grid with this many rounds a set still fits half a page


def sheets_per_page(night: Night) -> int:
    """Two score sheets a page when one fits on half a page, else one."""
    return 2 if rules_of(night).rounds_per_set <= HALF_PAGE_ROUNDS else 1


def score_sheets(night: Night, blank: int = 0) -> list[dict]:
    """One sheet per player still at the night (ghosts need none), or `blank` nameless
    sheets for groups that play without phones."""
    if blank:
        return [{"name": "", "token": None, "star": False, "start": ""} for _ in range(blank)]
    starts, tables = first_seats(night), len(night.pending_seating)
    sheets = []
    for player in night.players.filter(active=True, is_ghost=False):
        table, seat = starts.get(player.key, (None, None))
        start = render(table_seat(table, tables, seat)) if table else ""
        sheets.append(
            {"name": player.name, "token": player.token, "star": table == 1, "start": start}
        )
    return sheets


def tally_tables(night: Night) -> list[dict]:
    """Each table with its name, and the night's rounds for its team A / team B grid."""
    count = len(night.pending_seating) or table_count(
        night.players.filter(active=True, is_ghost=False).count()
    )
    plan = round_plan(rules_of(night))
    return [
        {"number": n, "name": render(table_name(n, count)), "rounds": plan}
        for n in range(1, count + 1)
    ]


def results(night: Night, snapshot: dict) -> dict:
    """The results sheet: standings without ghosts, each prize with why it was won,
    the fuzzy die's holder and the pot."""
    names = {p["id"]: p["name"] for p in snapshot["players"]}
    awards = [  # paper and text: in the language being rendered
        {**a, "name": render(a["name"]), "why": render(a["why"])}
        for a in selectors.awards_with_ties(snapshot["awards"], names)
    ]
    holder = snapshot["night"]["fuzzy_holder"]
    return {
        "standings": [row for row in snapshot["standings"] if not row["ghost"]],
        "awards": awards,
        "fuzzy_holder": names.get(holder) if holder else None,
        "pot": snapshot["night"]["pot"],
        "rounds_line": rounds_line(snapshot),
        "chart": snapshot["chart"],
    }


def rounds_played(snapshot: dict) -> int:
    round_ = snapshot["round"]
    if round_ is None:
        return 0
    return round_["number"] if round_["state"] == "done" else round_["number"] - 1


def rounds_line(snapshot: dict) -> str:
    """How much of the night was played, in the page's language: "All 24 rounds played."
    or, for a night the host ended early, "12 of 24 rounds played (the night ended
    early)."."""
    played, planned = rounds_played(snapshot), snapshot["night"]["rounds_in_night"]
    if played == planned:
        line = said_n("All %(n)s round played.", "All %(n)s rounds played.", planned)
    elif snapshot["night"]["state"] == "finished":
        line = said_n(
            "%(played)s of %(n)s round played (the night ended early).",
            "%(played)s of %(n)s rounds played (the night ended early).",
            planned,
            played=played,
        )
    else:
        line = said_n(
            "%(played)s of %(n)s round played.",
            "%(played)s of %(n)s rounds played.",
            planned,
            played=played,
        )
    return render(line)


def results_text(night: Night, sheet: dict) -> str:
    """A plain-text summary to paste into the group chat, in the page's language."""
    date = formats.date_format(night.date, "D d M Y")
    lines = [render(said("%(night)s, %(date)s: results", night=night.name, date=date)), ""]
    for award in sheet["awards"]:
        line = said(
            "%(prize)s: %(name)s $%(amount)s (%(why)s)",
            prize=award["name"],
            name=award["player_name"],
            amount=award["amount"],
            why=render(award["why"]).rstrip("."),
        )
        lines.append(render(line))
    if sheet["fuzzy_holder"]:
        lines.append(render(said("Fuzzy die: %(name)s", name=sheet["fuzzy_holder"])))
    lines += [
        render(said("Pot: $%(pot)s", pot=sheet["pot"])),
        sheet["rounds_line"],
        "",
        # Translators: W-L: wins-losses, as each line below shows them ("3. Ann 5-2, 1").
        render(said("Standings (W-L, Buncos):")),
    ]
    for place, row in enumerate(sheet["standings"], 1):
        lines.append(f"{place}. {row['name']} {row['wins']}-{row['losses']}, {row['buncos']}")
    return "\n".join(lines)


def _empty_row(member: GroupMember) -> dict:
    return {
        "member": member,
        "name": member.name,
        "hosts_month": calendar.month_name[member.hosts_month] if member.hosts_month else "",
        "nights": 0,
        "paid": 0,
        "wins": 0,
        "losses": 0,
        "buncos": 0,
        "prizes": [],
        "winnings": 0,
    }


def group_history(group, season: int | None = None) -> dict:
    """Every night of the group (newest first) and, per member, nights played and paid,
    wins, losses, Buncos and prizes: all time, and for one season (a calendar year). A
    night's player counts for the member linked to them, or else the member of that name."""
    members = list(group.members.order_by("name"))
    by_pk = {m.pk: m for m in members}
    by_name = {m.name.casefold(): m for m in members}
    all_time = {m.pk: _empty_row(m) for m in members}
    nights = list(Night.objects.filter(group=group).order_by("-date", "-id"))
    years = {n.date.year for n in nights}
    season = season or max(years, default=datetime.date.today().year)
    in_season = {m.pk: _empty_row(m) for m in members}
    past, season_wins = [], []  # season_wins: each finished night's wins by member
    for night in nights:
        finished = night.state == Night.State.FINISHED
        totals = selectors.standings(night) if finished else {}
        awards = list(night.awards.select_related("player"))
        wins = {}
        if finished and night.date.year == season:
            season_wins.insert(0, {"label": f"{night.date:%d %b}".lstrip("0"), "wins": wins})
        won = {}
        for award in awards:
            won.setdefault(award.player_id, []).append(award)
        for player in night.players.filter(is_ghost=False):
            member = by_pk.get(player.member_id) or by_name.get(player.name.casefold())
            if member is None or player.key not in totals:
                continue
            rows = [all_time[member.pk]]
            if night.date.year == season:
                rows.append(in_season[member.pk])
            for row in rows:
                _add_night(row, player, totals[player.key], won.get(player.pk, []))
            wins[member.pk] = wins.get(member.pk, 0) + totals[player.key]["wins"]
        past.append(
            {
                "night": night,
                "finished": finished,
                "players": night.players.filter(active=True, is_ghost=False).count(),
                "pot": selectors.pot_of(night),
                "awards": awards,
            }
        )
    return {
        "nights": past,
        "members": list(all_time.values()),
        "season": season,
        "seasons": sorted(years | {season}, reverse=True),
        "standings": season_standings(in_season.values()),
        "chart": charts.season_chart(season_wins, {m.pk: m.name for m in members}),
    }


def season_standings(rows) -> list[dict]:
    """Members who played in the season, most wins first (then Buncos, then winnings)."""
    played = [r for r in rows if r["nights"]]
    return sorted(played, key=lambda r: (-r["wins"], -r["buncos"], -r["winnings"], r["name"]))


def _add_night(row: dict, player: Player, totals: dict, awards: list) -> None:
    row["nights"] += 1
    row["paid"] += player.paid
    for key in ("wins", "losses", "buncos"):
        row[key] += totals[key]
    row["prizes"] += [a.name for a in awards]
    row["winnings"] += sum(a.amount for a in awards)
