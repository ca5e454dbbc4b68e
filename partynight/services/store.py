"""The night reducer's state in the database: load it from the rows, save what an action
changed, log the events, and number each change (table and night versions) for the clients.

A night's state lives in the night row (state, round number, fuzzy holder, the seating to
play, the finished rounds' totals), the current round's row (bell, moves) and its table
rows (each `TableRound`). Loading is one query after the locked night row.
"""

import dataclasses
import functools

from django.utils import timezone

from live import sql
from live.steps import fetch, written_once
from partynight import links
from partynight.models import Award, Event, Night, Player, Round, Seat, Table
from partynight.rules.reducer import NightState, apply_event
from partynight.rules.table import TableRound
from partynight.services.common import event_record, lock_night, record_columns, record_of

TABLE_EVENTS = ("roll_scored", "bell_heard", "table_corrected")
NIGHT_STATES = {"planning": "seating"}  # the rules know no planning: no seating yet


def key_of(player_id: int | None) -> str | None:
    return f"p{player_id}" if player_id else None


def id_of(key: str | None) -> int | None:
    return int(key[1:]) if key else None


@dataclasses.dataclass
class Loaded:
    """A night's rows and the state they hold."""

    night: Night
    round: Round | None
    tables: dict[int, Table]  # the current round's rows by number
    state: NightState
    player: Player | None = None  # lock_and_load's player as the database has them now
    recorded: tuple | None = None  # what lock_and_load's client id recorded (event_record)


@written_once
def lock_and_load(night_id: int, player: Player | None = None, client_id=None):
    """The night, locked, and its state in one round trip while a round is under way (the
    roll path); otherwise as `load` after locking. The same query reads `player` as the
    database has them now (links.player_now; None if they no longer play) and what was
    recorded under `client_id` (common.event_record), so a roll makes one read, not three.
    The table rows are locked too: a transaction that waited for the lock then reads their
    committed versions (PostgreSQL re-reads only the rows it locks), so two phones'
    simultaneous rolls count once. The SQL is written by hand: the ORM took longer to build
    it than the database to run it."""
    params = [*links.now_params(player), client_id, night_id]
    rows = yield from fetch(_lock_and_load_sql(sql.database().vendor), params)
    if not rows:
        loaded = yield from load.steps((yield from lock_night.steps(night_id)))
        if player:
            loaded.player = yield from links.player_row.steps(player)
        if client_id:
            loaded.recorded = yield from event_record.steps(night_id, client_id)
        return loaded
    # a row per table; the round, night, player and event columns repeat on every row
    width = len(Table._meta.concrete_fields)
    round_, night, fresh = sql.instances(rows[0][width:], Round, Night, Player)
    tables = [sql.instances(row, Table)[0] for row in rows]
    for table in tables:
        table.round = round_
    loaded = _loaded(night, tables)
    loaded.player, loaded.recorded = fresh, record_of(rows[0][-4:])
    return loaded


@functools.cache
def _lock_and_load_sql(vendor: str) -> str:
    """The roll's one read, for the database `vendor` (written once a process: quoting its
    70 column names on every roll cost a tenth of a millisecond)."""
    table, round_, night, player, event = (
        sql.table(m) for m in (Table, Round, Night, Player, Event)
    )
    return (
        f"SELECT {sql.columns(Table, 't')}, {sql.columns(Round, 'r')}, {sql.columns(Night, 'n')},"
        f" {sql.columns(Player, 'p')}, {record_columns('e')}"
        f" FROM {table} t JOIN {round_} r ON t.round_id = r.id JOIN {night} n ON r.night_id = n.id"
        f" LEFT JOIN {player} p ON {links.NOW_WHERE}"
        f" LEFT JOIN {event} e ON e.night_id = n.id AND e.client_id = %s"
        " WHERE r.night_id = %s AND r.number = n.round_number ORDER BY t.number"
        # the night's row first, then the tables' in order: the order every action locks in
        # (the others lock the night alone first), so two actions never wait on each other
        + sql.lock_clause("n", "t")
    )


@written_once
def load(night: Night):
    """The state of `night` (already locked by the caller) and the rows it came from
    (lock_and_load, the roll's path, leaves a finished night's prizes out)."""
    if not night.round_number:
        return _loaded(night, [])
    rows = yield from fetch(_load_sql(sql.database().vendor), [night.pk, night.round_number])
    round_ = sql.instances(rows[0], Round)[0] if rows else None
    tables = [table for _, table in (sql.instances(row, Round, Table) for row in rows) if table]
    for table in tables:
        table.round = round_
    loaded = _loaded(night, tables, round_)
    if night.state == Night.State.FINISHED:  # the prizes it ended with: its Award rows
        awards = yield from sql.select(Award, {"night": night.pk})
        loaded.state = dataclasses.replace(loaded.state, prizes=tuple(map(_prize, awards)))
    return loaded


def _prize(award: Award) -> dict:
    """An Award row as the reducer's prize (rules.prizes.award_prizes)."""
    return {
        "prize": award.prize,
        "name": award.name,
        "player": key_of(award.player_id),
        "amount": award.amount,
        "tie": award.detail.get("tie"),
    }


@functools.cache
def _load_sql(vendor: str) -> str:
    round_, table = sql.table(Round), sql.table(Table)
    return (
        f"SELECT {sql.columns(Round, 'r')}, {sql.columns(Table, 't')}"
        f" FROM {round_} r LEFT JOIN {table} t ON t.round_id = r.id"
        " WHERE r.night_id = %s AND r.number = %s ORDER BY t.number"
    )


def _loaded(night: Night, rows: list[Table], round_: Round | None = None) -> Loaded:
    rows.sort(key=lambda t: t.number)
    for row in rows:
        row.round = rows[0].round
    round_ = rows[0].round if rows else round_
    if round_ is not None:
        round_.night = night  # the locked row, not a second copy
    state = NightState(
        state=NIGHT_STATES.get(night.state, night.state),
        round=night.round_number,
        round_state=round_.state if round_ else None,
        bell={"table": round_.bell_table, "reason": round_.bell_reason}
        if round_ and round_.bell_reason
        else None,
        tables=tuple(TableRound.from_dict(t.state) for t in rows),
        fuzzy=key_of(night.fuzzy_holder_id),
        seating=tuple(tuple(t) for t in night.pending_seating),
        moves=round_.moves if round_ else {},
        totals=night.totals,
        waiting=tuple(night.waiting),
    )
    return Loaded(night, round_, {t.number: t for t in rows}, state)


@dataclasses.dataclass
class Saved:
    """What an action changed, numbered: each table event with its table's version, each
    event with the night version it brought (night-level events bump it)."""

    state: NightState
    events: list[dict]
    table_versions: list[int | None]  # per event: the table's version after it, or None
    night_version: int  # before the action: its night-level messages count on from here
    first_result: dict | None = None  # the logged answer of the person's roll, if any
    logged: list = dataclasses.field(default_factory=list)  # per event: its Event row or None


@written_once
def save(
    loaded: Loaded,
    new: NightState,
    events: list[dict],
    actor: str,
    client_id=None,
    bumps=0,
    entry=None,
    request=None,
    result=None,
) -> Saved:
    """Write `new` back (changed rows only), log every event as the reducer gave it (the
    night replays from its log: reducer.apply_event), number the events; the night's
    version goes up by `bumps` (one per night-level message). The action's first event is
    `actor`'s and carries `client_id` with its answer: `result`, or the person's roll's,
    with the `request` it stands for; the events that follow (ghosts' rolls, the round's
    end) are the app's."""
    night = loaded.night
    versions = {n: t.version for n, t in loaded.tables.items()}
    current = loaded.state
    logs, table_versions, first_result = [], [], None
    for index, event in enumerate(events):
        kind = event["type"]
        if kind == "round_started":  # the new round's rows were created by the caller
            versions = {n: t.version for n, t in loaded.tables.items()}
        number = event.get("table")
        if kind in TABLE_EVENTS:
            versions[number] += 1
            table_versions.append(versions[number])
        else:
            table_versions.append(None)
        log = Event(
            night=night,
            kind=kind,
            actor=actor if index == 0 else "app",
            client_id=client_id if index == 0 else None,
            data={k: v for k, v in event.items() if k != "type"},
            result=result if index == 0 and result is not None else {},
            round_number=event.get("round"),
            table_number=number,
        )
        if kind == "roll_scored":
            log.data.update(
                before=current.table(number).to_dict(),
                fuzzy_before=id_of(current.fuzzy),
                dice=event["roll"]["dice"],
            )
            log.result = {"ok": True, "roll": event["roll"], "table_version": None}
            if index == 0 and not event["ghost"]:  # the person's roll
                if entry is not None:
                    log.data["entry"] = entry
                if request is not None:
                    log.data["request"] = request
                first_result = log.result
        elif kind in ("late_seated", "replaced"):
            yield from _chair_taken(loaded, current, event)
        logs.append(log)
        current = apply_event(current, event)
    if first_result is not None:  # the phone waits for this version before its next roll
        first_result["table_version"] = versions[first_result["roll"]["table"]]
    for log in logs:
        if log.kind == "roll_scored" and log.result["table_version"] is None:
            log.result = {**log.result, "table_version": versions[log.table_number]}
    night_version = night.version
    yield from _write(loaded, new, versions, bumps)
    loaded.state = new
    if logs:
        yield from sql.insert(logs)
    logged = [log if log.kind == "roll_scored" else None for log in logs]
    return Saved(new, events, table_versions, night_version, first_result, logged)


def _chair_taken(loaded: Loaded, state: NightState, event: dict):
    """Someone took a chair (lifecycle.take_chair): whoever left it is retired and, while its
    round is played, the table's seat row is the newcomer's."""
    ghost, player = id_of(event["ghost"]), id_of(event["player"])
    old, new = (ghost, player) if event["type"] == "late_seated" else (player, ghost)
    yield from sql.update_where(Player, {"active": False}, {"id": old})
    table = state.table_of(key_of(old))
    if table is not None and state.round_state != "done":
        row = loaded.tables[table.table]
        yield from sql.update_where(Seat, {"player": new}, {"table": row.pk, "player": old})


def _write(loaded: Loaded, new: NightState, versions: dict[int, int], bumps: int):
    night, round_, old = loaded.night, loaded.round, loaded.state
    changed = [t for t in new.tables if loaded.tables[t.table].version != versions[t.table]]
    for table in changed:  # one UPDATE each: the ORM's bulk_update took longer to build
        row = loaded.tables[table.table]
        row.state, row.version = table.to_dict(), versions[table.table]
        yield from sql.update(row, ["state", "version"])
    if round_ is not None and (
        new.round_state != old.round_state or new.bell != old.bell or new.moves != old.moves
    ):
        round_.state = new.round_state
        if new.bell and not old.bell:
            round_.bell_table, round_.bell_reason = new.bell["table"], new.bell["reason"]
            round_.bell_at = timezone.now()
        round_.moves = new.moves
        yield from sql.update(round_, ["state", "bell_table", "bell_reason", "bell_at", "moves"])
    fields = {
        "state": _stored_state(new),
        "round_number": new.round,
        "fuzzy_holder_id": id_of(new.fuzzy),
        "pending_seating": [list(t) for t in new.seating],
        "totals": new.totals,
        "waiting": list(new.waiting),
        "version": night.version + bumps,
    }
    dirty = [name for name, value in fields.items() if getattr(night, name) != value]
    for name in dirty:
        setattr(night, name, fields[name])
    if dirty:
        yield from sql.update(night, dirty)


def _stored_state(state: NightState) -> str:
    """The night row's state: "planning" until seats are drawn (the rules know no planning)."""
    undrawn = state.state == "seating" and not state.seating and not state.round
    return "planning" if undrawn else state.state


def new_round_rows(loaded: Loaded, started: dict, players: dict):
    """Create the round, table and seat rows a `round_started` event describes (before
    `save`, which then writes the ghosts' rolls onto them)."""
    round_ = Round(
        night=loaded.night,
        number=started["round"],
        set_number=started["set"],
        round_in_set=started["round_in_set"],
        up=started["up"],
    )
    yield from sql.insert([round_])
    tables = [Table(round=round_, number=t["table"], state=t, version=0) for t in started["tables"]]
    yield from sql.insert(tables)
    yield from sql.insert(
        [
            Seat(table=table, position=i, player=players[key])
            for table in tables
            for i, key in enumerate(table.state["seats"])
        ]
    )
    loaded.round = round_
    loaded.tables = {t.number: t for t in tables}
    # the rows now hold a fresh round: `save` compares against that, not the last round
    loaded.state = dataclasses.replace(loaded.state, round_state="playing", bell=None, moves={})
