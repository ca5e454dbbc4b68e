"""Snapshots: the whole picture one screen needs, sent on connect, on a resync and with a
night-level change (a round starting or ending, the players). Everything is built from one
load of the night (partynight.services.store) and its players, so the service can build every
audience's snapshot once, after commit, and the sockets only forward them."""

import dataclasses
import functools

from live.words import Text, Words, said
from partynight import frames
from partynight.models import Night, Player
from partynight.rules.night import round_plan
from partynight.rules.phone import phone_view
from partynight.rules.prizes import PRIZE_KINDS, USUAL_NAMES, prize_title
from partynight.rules.reducer import ghost_chairs as reducer_ghost_chairs
from partynight.rules.reducer import standings
from partynight.rules.rotation import Move, describe_move
from partynight.rules.seating import table_count, table_name
from partynight.services import charts, selectors, store
from partynight.services.common import rules_of
from partynight.services.selectors import pot_of, view_of_table

ZERO = {"wins": 0, "losses": 0, "buncos": 0}


@dataclasses.dataclass
class NightData:
    """One read of a night: its state and rows, its players, what they are called."""

    night: Night
    loaded: store.Loaded
    players: list[Player]

    # Read once per build: a round's end builds 48 players' snapshots from one NightData.
    @functools.cached_property
    def names(self) -> dict[str, str]:
        return {p.key: p.name for p in self.players}

    @functools.cached_property
    def ghosts(self) -> set[str]:
        return {p.key for p in self.players if p.is_ghost}

    @functools.cached_property
    def totals(self) -> dict[str, dict[str, int]]:
        return standings(self.loaded.state, (p.key for p in self.players if p.active))

    @functools.cached_property
    def plan(self) -> list:
        return round_plan(rules_of(self.night))

    @functools.cached_property
    def awards(self) -> list[frames.Award]:
        """The prizes with why (none before the night is finished)."""
        if self.night.state != Night.State.FINISHED:
            return []
        return selectors.awards_view(self.night, self.names, self.ghosts)

    @functools.cached_property
    def undo_offers(self) -> dict[int, frames.UndoOffer]:
        """Each table's last roll its phones may take back (selectors.undo_offers)."""
        versions = {n: row.version for n, row in self.loaded.tables.items()}
        return selectors.undo_offers(self.night, self.loaded.state, versions, self.names)

    @functools.cached_property
    def next_round(self) -> bool:
        """A round is still to come: the drawn or rotated seating is waiting for it (after
        the last round the rules still rotate the chairs, for a round that never comes)."""
        state = self.loaded.state
        if self.night.state == Night.State.FINISHED:
            return False
        return not (
            self.loaded.round and state.round == len(self.plan) and state.round_state == "done"
        )

    def chart(self) -> str | None:
        """The night's chart, while the stage shows it: between rounds and at the end."""
        done = self.loaded.state.round_state == "done" or self.night.state == Night.State.FINISHED
        if not done:
            return None
        return charts.night_chart(self.night, self.names, self.ghosts, self.loaded.state.fuzzy)

    def versions(self) -> dict[str, int]:
        state, versions = self.loaded.state, {"night": self.night.version}
        for number, row in self.loaded.tables.items():
            versions[f"table:{state.round}:{number}"] = row.version
        return versions

    def table_view(self, number: int, names: dict) -> frames.TableView:
        state = self.loaded.state
        count = len(state.tables)
        row = self.loaded.tables[number]
        return view_of_table(state.table(number), row.version, state.round, names, count)


def night_data(night: Night) -> NightData:
    return NightData(night, store.load(night), list(night.players.all()))


def leaders(totals: dict, ghosts: set, fuzzy: str | None) -> dict[str, list[str]]:
    """Who is on track for each prize right now (ties listed together)."""
    people = {k: t for k, t in totals.items() if k not in ghosts}
    if not people:
        return {}

    def best(score):  # in the players' order, however `totals` was ordered
        top = max(score(t) for t in people.values())
        return sorted((k for k, t in people.items() if score(t) == top), key=store.id_of)

    found = {
        "most_buncos": best(lambda t: t["buncos"]),
        "most_wins": best(lambda t: t["wins"]),
        "most_losses": best(lambda t: t["losses"]),
        "fifty_fifty": best(lambda t: -abs(t["wins"] - t["losses"])),
    }
    if fuzzy:
        found["traveling"] = [fuzzy]
    return found


def prize_names(night: Night) -> dict[str, Text]:
    """What each prize kind is called at this night (`leaders`' keys): the name in its prize
    table (a host's own name as typed), else the prize's usual name."""
    names: dict[str, Text] = dict(USUAL_NAMES)
    names.update((e["prize"], prize_title(e["name"])) for e in night.prize_table or ())
    return {kind: names[kind] for kind in PRIZE_KINDS}


# Whole sentences per reason, at a table and with none (the host rang it by hand).
BELL_AT = {
    "target": said("The bell rang at the %(table)s table: a team reached the target."),
    "bunco": said("The bell rang at the %(table)s table: a Bunco."),
    "host": said("The bell rang at the %(table)s table: rung by the host."),
}
BELL_ANYWHERE = {
    "target": said("The bell rang: a team reached the target."),
    "bunco": said("The bell rang: a Bunco."),
    "host": said("The bell rang: rung by the host."),
}


def bell_sentence(bell: dict, tables: int) -> Words:
    """Why the bell rang, and where, as every screen says it."""
    reason = bell["reason"] if bell["reason"] in BELL_AT else "host"
    if bell["table"] is None:
        return BELL_ANYWHERE[reason]
    return {**BELL_AT[reason], "args": {"table": table_name(bell["table"], tables)}}


def standing_rows(totals: dict, names: dict, ghosts: set, keys=None) -> list[frames.StandingRow]:
    """Standings rows, most wins first (only `keys` when given)."""
    rows = totals.items() if keys is None else ((k, totals.get(k, ZERO)) for k in keys)
    return [
        {"id": k, "name": names.get(k, k), "ghost": k in ghosts, **t}
        for k, t in sorted(rows, key=lambda kv: (-kv[1]["wins"], names.get(kv[0], "")))
    ]


def night_snapshot(
    night: Night, data: NightData | None = None, log: bool = False
) -> frames.WatchSnapshot:
    """Everything the host's dashboard and the big screen show; with `log`, each table's
    roll log of this round too (the dashboard page's, for corrections)."""
    data = data or night_data(night)
    state, names, ghosts = data.loaded.state, data.names, data.ghosts
    totals = data.totals
    plan = data.plan
    snapshot: frames.WatchSnapshot = {
        "type": "snapshot",
        "versions": data.versions(),
        "night": {
            "id": night.pk,
            "name": night.name,
            "state": night.state,
            "rounds_in_night": len(plan),
            "fuzzy_holder": state.fuzzy,
            "pot": pot_of(night, data.players),
        },
        "round": round_view(data, plan),
        "tables": [data.table_view(t.table, names) for t in state.tables],
        "seating": _seating(state.seating, names) if data.next_round else [],
        "waiting": [{"id": k, "name": names.get(k, k)} for k in state.waiting],
        "ghost_chairs": ghost_chairs(data),
        "moves": _moves(state.moves, names) if data.next_round else {},
        "players": [
            {
                "id": p.key,
                "name": p.name,
                "ghost": p.is_ghost,
                "paid": p.paid,
                "active": p.active,
                "joined": p.claimed,
            }
            for p in data.players
        ],
        "standings": standing_rows(totals, names, ghosts),
        "leaders": leaders(totals, ghosts, state.fuzzy),
        "prize_names": prize_names(night),
        "awards": data.awards,
        "chart": data.chart(),
    }
    if log and data.loaded.round:  # the dashboard page only: sockets never carry it
        snapshot["logs"] = selectors.roll_log(night, data.loaded.round, names)
    elif log:
        snapshot["logs"] = {}
    return snapshot


def round_view(data: NightData, plan=None) -> frames.RoundView | None:
    round_ = data.loaded.round
    if round_ is None:
        return None
    plan = plan or data.plan
    state = data.loaded.state
    return {
        "number": round_.number,
        "set": round_.set_number,
        "round": round_.round_in_set,
        "up": round_.up,
        "state": state.round_state,
        "bell": state.bell
        and {**state.bell, "sentence": bell_sentence(state.bell, len(state.tables))},
        "break_after": plan[round_.number - 1].break_after,
        "last": round_.number == len(plan),
    }


def ghost_chairs(data: NightData) -> list[frames.GhostChair]:
    """The ghosts' chairs a waiting guest could take, where they are in the seating to come
    ({id, name, table (1..), table_name, seat (1..4)})."""
    state, names, count = data.loaded.state, data.names, len(data.loaded.state.seating)
    chairs: list[frames.GhostChair] = []
    for key in reducer_ghost_chairs(state, data.ghosts):
        number, seats = next((n, t) for n, t in enumerate(state.seating, 1) if key in t)
        chairs.append(
            {
                "id": key,
                "name": names.get(key, key),
                "table": number,
                "table_name": table_name(number, count),
                "seat": seats.index(key) + 1,
            }
        )
    return chairs


def _seating(seating, names: dict) -> list[frames.SeatingTable]:
    """The seating waiting to be played (the draw, or the next round's)."""
    return [
        {
            "number": number,
            "name": table_name(number, len(seating)),
            "seats": [{"id": k, "name": names.get(k, k)} for k in seats],
        }
        for number, seats in enumerate(seating, 1)
    ]


def _moves(moves: dict, names: dict) -> dict[str, str]:
    return {key: describe_move(Move(**move), names) for key, move in moves.items()}


def player_snapshot(player: Player, data: NightData | None = None) -> frames.PlayerSnapshot:
    """What one player's phone shows: their seat, table, tallies and where to go next."""
    night = player.night
    data = data or night_data(night)
    state, names = data.loaded.state, data.names
    table = state.table_of(player.key)
    versions = {"night": night.version}
    if table is not None:
        versions[f"table:{state.round}:{table.table}"] = data.loaded.tables[table.table].version
    waiting = None
    if state.seating and state.round_state in (None, "done") and data.next_round:
        for number, seats in enumerate(state.seating, 1):
            if player.key in seats:
                position = seats.index(player.key)
                waiting = {
                    "table": number,
                    "name": table_name(number, len(state.seating)),
                    "seat": position,
                    "partner": names.get(seats[(position + 2) % 4]),
                }
    move = state.moves.get(player.key) if data.next_round else None
    people = sum(1 for p in data.players if p.active and not p.is_ghost)
    table_view = data.table_view(table.table, names) if table else None
    seat = table.seats.index(player.key) if table else None
    round_ = round_view(data)
    results = None
    if night.state == Night.State.FINISHED:
        results = selectors.player_results(night, player, data.totals, names)
    phone = phone_view(
        night_state=night.state,
        round_=round_,
        table=table_view,
        seat=seat,
        next_seat=waiting,
        tables=len(state.seating),
        won_prizes=[a for a in (results or {}).get("prizes", []) if a["mine"]],
        free_chairs=len(reducer_ghost_chairs(state, data.ghosts))
        if player.key in state.waiting
        else None,
    )
    return {
        "type": "snapshot",
        "versions": versions,
        "me": {"id": player.key, "name": player.name, **data.totals.get(player.key, ZERO)},
        "night": {
            "name": night.name,
            "state": night.state,
            "fuzzy_holder": state.fuzzy,
            "fuzzy_holder_name": names.get(state.fuzzy) if state.fuzzy else None,
            "rules": night.rules,
        },
        "round": round_,
        "table": table_view,
        "seat": seat,
        "team": selectors.team_of(table_view, seat) if table else None,
        "next": waiting,
        "move": describe_move(Move(**move), names) if move else None,
        "tables_in_night": table_count(people),
        "phone": phone.to_dict(),
        "undo": data.undo_offers.get(table.table) if table else None,
        "results": results,
    }
