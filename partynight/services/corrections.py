"""The host's corrections: undo a roll, adjust points, move a Bunco, replace a player who
leaves by a ghost, seat a late arrival in a ghost's chair. Each lands in the event log and
updates every screen."""

import json

from django.db import transaction

from live import sql
from live.errors import ServiceError
from live.steps import live_action, written_once
from live.words import joined, said, said_n
from partynight import links
from partynight.models import Event, Night, Player, Seat
from partynight.rules import reducer
from partynight.rules.errors import RulesError
from partynight.rules.reducer import ghost_chairs
from partynight.rules.table import TableRound, adjust_points, move_bunco, replace_player
from partynight.services import arrivals, emit, store
from partynight.services.common import (
    ghost_name,
    idempotent,
    idempotent_steps,
    lock_night,
    log_event,
    rules_of,
)
from partynight.services.nights import NOT_HERE, player_add
from partynight.services.play import chance_of, commit, reduce
from partynight.services.selectors import names_of, roll_name, undone_event_ids

IN_PLAY = (Night.State.PLAYING, Night.State.BREAK)
NO_SUCH_TABLE = said("There is no such table this round.")


@live_action
def roll_undo(*, night_id, table_number, actor, client_id=None):
    """Take back the last roll a person entered at a table (and the ghosts' rolls after it).
    A repeated client id (a double-clicked button) is answered, not undone twice."""

    def steps():
        night, loaded = yield from _open_table.steps(night_id, table_number)
        taken_back = yield from _last_rolls(night, loaded, table_number)
        return (
            yield from _take_back.steps(
                night, loaded, table_number, taken_back, actor, None, client_id, request
            )
        )

    request = _request(table=table_number)
    kind = "roll_undone"
    return idempotent_steps(night_id, client_id, steps, actor=actor, kind=kind, request=request)


@live_action
def roll_take_back(*, night_id, player, seen_version, client_id):
    """A phone at the table takes back the table's last roll, until the next roll (or
    anything else) changes the table: `seen_version` must still be the table's version
    and the version that roll left. Older mistakes stay the host's (roll_undo)."""
    actor = links.player_actor(player)

    def steps():
        player_now = yield from links.player_now.steps(player)
        night = yield from lock_night.steps(night_id)
        loaded = yield from store.load.steps(night)
        table = loaded.state.table_of(player_now.key)
        if table is None or loaded.state.round_state == "done":
            raise ServiceError(said("You are not at a table that is playing."), "not_seated")
        number = table.table
        version = loaded.tables[number].version
        taken_back = seen_version == version and (yield from _last_rolls(night, loaded, number))
        if not taken_back or undo_version(taken_back[-1]) != version:
            message = said(
                "Only the table's last roll can be taken back, before the next one: "
                "ask the host to fix older rolls."
            )
            raise ServiceError(message, "too_late")
        who = player_now.name
        return (
            yield from _take_back.steps(
                night, loaded, number, taken_back, actor, who, client_id, request
            )
        )

    request = _request(seen_version=seen_version)
    kind = "roll_undone"
    return idempotent_steps(night_id, client_id, steps, actor=actor, kind=kind, request=request)


def undo_version(event: Event) -> int:
    """The table version a person's roll left (with the ghosts' rolls that followed)."""
    return event.result["table_version"]


def _last_rolls(night, loaded, table_number):
    """The last roll a person entered at the table this round and the ghosts' after it,
    newest first."""
    undone = yield from undone_event_ids.steps(night)
    where = {
        "night": night.pk,
        "kind": "roll",
        "round_number": loaded.state.round,
        "table_number": table_number,
    }
    rolls = [e for e in reversed((yield from sql.select(Event, where))) if e.pk not in undone]
    taken_back = []
    for event in rolls:
        taken_back.append(event)
        if event.actor != "app":
            return taken_back
    raise ServiceError(said("There is no roll to undo at this table this round."), "nothing")


@written_once
def _take_back(night, loaded, table_number, taken_back, actor, who, client_id, request):
    """Take back `taken_back` (newest first); `who` took it back (None: the host)."""
    if any(e.result["roll"]["rings_bell"] for e in taken_back):
        message = said("That roll rang the bell; adjust the points instead.")
        raise ServiceError(message, "wrong_state")
    first = taken_back[-1]
    buncos = [e.result["roll"]["credited"] for e in taken_back if e.result["roll"]["credited"]]
    fuzzy = loaded.state.fuzzy
    if buncos and fuzzy == buncos[0]:
        fuzzy = store.key_of(first.data["fuzzy_before"])
    before = TableRound.from_dict(first.data["before"])
    names = yield from names_of.steps(night)
    notice = _taken_back(who, roll_name(first.result["roll"], names), len(taken_back))
    undone = [e.pk for e in taken_back]
    yield from _correct.steps(night, loaded, table_number, before, actor, fuzzy, notice, undone)
    result = {"ok": True, "undone": len(taken_back)}
    data = {"events": [e.pk for e in taken_back], "request": request}
    yield from _log_correction.steps(
        night, loaded, table_number, "roll_undone", actor, data, result, client_id
    )
    return result


def points_adjust(*, night_id, table_number, team, delta, reason, actor, client_id=None) -> dict:
    reason = " ".join((reason or "").split())
    if not reason:
        message = said("Say why the points change (it goes in the night's log).")
        raise ServiceError(message, "invalid")
    if isinstance(delta, bool) or not isinstance(delta, int) or not delta or abs(delta) > 100:
        message = said("Adjust by a whole number from -100 to 100, not 0.")
        raise ServiceError(message, "invalid")

    def action():
        night, loaded = _open_table(night_id, table_number)
        state = loaded.state.table(table_number)
        try:
            new = adjust_points(state, team, delta)
        except RulesError as error:
            raise ServiceError(error.message, "invalid") from None
        names = names_of(night)
        pair, team_a, team_b = (
            joined([names.get(k, k) for k in state.team_players(t)]) for t in (team, "A", "B")
        )
        # each team by name: "now 0 to 3" would read the same on both teams' phones
        scores = {"team_a": team_a, "a": new.points[0], "team_b": team_b, "b": new.points[1]}
        if delta > 0:
            notice = said_n(
                "The host gave %(pair)s %(n)s more point (%(reason)s). "
                "Now %(team_a)s have %(a)s and %(team_b)s have %(b)s.",
                "The host gave %(pair)s %(n)s more points (%(reason)s). "
                "Now %(team_a)s have %(a)s and %(team_b)s have %(b)s.",
                delta,
                pair=pair,
                reason=reason[:200],
                **scores,
            )
        else:
            notice = said_n(
                "The host took %(n)s point from %(pair)s (%(reason)s). "
                "Now %(team_a)s have %(a)s and %(team_b)s have %(b)s.",
                "The host took %(n)s points from %(pair)s (%(reason)s). "
                "Now %(team_a)s have %(a)s and %(team_b)s have %(b)s.",
                -delta,
                pair=pair,
                reason=reason[:200],
                **scores,
            )
        _correct(night, loaded, table_number, new, actor, notice=notice)
        result = {"ok": True, "points": list(new.points)}
        data = {"team": team, "delta": delta, "reason": reason[:200], "request": request}
        _log_correction(
            night, loaded, table_number, "points_adjusted", actor, data, result, client_id
        )
        return result

    request = _request(table=table_number, team=team, delta=delta, reason=reason[:200])
    kind = "points_adjusted"
    return idempotent(night_id, client_id, action, actor=actor, kind=kind, request=request)


def bunco_reassign(*, night_id, table_number, from_player, to_player, actor, client_id=None):
    def action():
        night, loaded = _open_table(night_id, table_number)
        try:
            new = move_bunco(loaded.state.table(table_number), from_player, to_player)
        except RulesError as error:
            raise ServiceError(error.message, "invalid") from None
        fuzzy = loaded.state.fuzzy
        names = names_of(night)
        notice = said(
            "The host moved a Bunco from %(giver)s to %(taker)s.",
            giver=names.get(from_player, from_player),
            taker=names.get(to_player, to_player),
        )
        holder = to_player if fuzzy == from_player else fuzzy
        _correct(night, loaded, table_number, new, actor, holder, notice)
        data = {"from": from_player, "to": to_player, "request": request}
        result = {"ok": True}
        _log_correction(
            night, loaded, table_number, "bunco_reassigned", actor, data, result, client_id
        )
        return result

    request = _request(table=table_number, moved_from=from_player, to=to_player)
    kind = "bunco_reassigned"
    return idempotent(night_id, client_id, action, actor=actor, kind=kind, request=request)


def player_replace_by_ghost(*, night_id, player_id, actor) -> Player:
    """A player leaves during the night: a ghost takes their chair from now on; what they
    won so far stays theirs."""
    with transaction.atomic():
        night = lock_night(night_id)
        if night.state not in IN_PLAY:
            message = said("Before play starts, simply remove the player.")
            raise ServiceError(message, "wrong_state")
        player = _active(night, player_id, ghost=False)
        number = night.players.filter(is_ghost=True).count() + 1
        ghost = Player.objects.create(night=night, name=ghost_name(night, number), is_ghost=True)
        _take_chair(night, player, ghost, actor)
        log_event(night, "player_replaced", actor, {"player": player.pk, "ghost": ghost.pk})
        emit.night_changed(night, "players")
        return ghost


def player_late_arrival(*, night_id, name, actor) -> tuple[Player, bool]:
    """The host types the name of someone who arrived during play: they take the first
    ghost's chair, or wait on the list when every chair is taken (services.arrivals).
    Returns the player and whether they got a chair."""
    with transaction.atomic():
        night = lock_night(night_id)
        if night.state not in IN_PLAY:
            message = said("Play has not started: add them as a player.")
            raise ServiceError(message, "wrong_state")
        player = player_add(night_id=night_id, name=name, actor=actor)
        if not ghost_chairs(store.load(night).state, arrivals.ghost_keys(night)):
            return player, False
        arrivals.late_guest_seat(night_id=night_id, player_id=player.pk, actor=actor)
        return player, True


def _take_chair(night: Night, old: Player, new: Player, actor) -> None:
    """`new` sits wherever `old` sits now and in the seating to come; `old` is retired."""
    night.pending_seating = [
        [new.key if k == old.key else k for k in t] for t in night.pending_seating
    ]
    night.save(update_fields=["pending_seating"])
    loaded = store.load(night)
    table = loaded.state.table_of(old.key)
    if table is not None and loaded.state.round_state != "done":
        Seat.objects.filter(table=loaded.tables[table.table], player=old).update(player=new)
        moved = replace_player(table, old.key, new.key, new.is_ghost)
        _correct(night, loaded, table.table, moved, actor)
    old.active = False
    old.save(update_fields=["active"])
    if not old.is_ghost:
        emit.link_revoked(old.pk, links.REMOVED)


@written_once
def _correct(night, loaded, number, new_table, actor, fuzzy=None, notice=None, undone=()):
    """Put `new_table` in place through the reducer (the round may end); `fuzzy` is who
    holds the fuzzy die afterwards (None: unchanged); the table's phones show `notice`, so
    everyone at the table sees what the host changed."""
    rules = rules_of(night)
    args = (loaded.state, rules, number, new_table, chance_of(night))
    new, events = reduce(reducer.correct, *args)
    if fuzzy is not None:
        new, more = reducer.move_fuzzy(new, fuzzy)
        events += more
    yield from commit.steps(loaded, new, events, actor, notice=notice, undone=undone)


def _taken_back(who, roll, rolls: int):
    """The table's notice of a roll taken back (by `who`, or the host when None), and of
    the ghosts' rolls after it when `rolls` > 1."""
    if who is None and rolls > 1:
        return said("The host took back %(roll)s and the ghosts' rolls after it.", roll=roll)
    if who is None:
        return said("The host took back %(roll)s.", roll=roll)
    if rolls > 1:
        return said(
            "%(name)s took back %(roll)s and the ghosts' rolls after it.", name=who, roll=roll
        )
    return said("%(name)s took back %(roll)s.", name=who, roll=roll)


def _request(**fields) -> dict:
    """What a correction's client id stands for, as the log stores it (JSON): a repeat must
    ask the very same thing to get the first answer (live.idempotency), not only be the same
    kind of correction by the same host."""
    return json.loads(json.dumps(fields))


@written_once
def _log_correction(night, loaded, number, kind, actor, data, result, client_id):
    """Log a table correction (its table event carries the standings it changed)."""
    yield from log_event.steps(night, kind, actor, data, result, client_id, loaded.round, number)


def _active(night: Night, player_id, ghost: bool) -> Player:
    player = night.players.filter(pk=player_id, active=True, is_ghost=ghost).first()
    if player is None:
        raise ServiceError(NOT_HERE, "not_found")
    return player


@written_once
def _open_table(night_id, table_number):
    """The locked night and its state, with a round being played that has this table."""
    night = yield from lock_night.steps(night_id)
    loaded = yield from store.load.steps(night)
    if loaded.round is None or loaded.state.round_state == "done":
        message = said("Corrections apply to the round being played.")
        raise ServiceError(message, "wrong_state")
    if not isinstance(table_number, int) or table_number not in loaded.tables:
        raise ServiceError(NO_SUCH_TABLE, "not_found")
    return night, loaded
