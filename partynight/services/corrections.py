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
from partynight.models import Event, Night, Player
from partynight.rules import lifecycle, reducer
from partynight.rules.reducer import ghost_chairs
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
        "kind": "roll_scored",
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
    first = taken_back[-1]
    rolls = [e.result["roll"] for e in taken_back]
    fuzzy_before = store.key_of(first.data["fuzzy_before"])
    args = (table_number, first.data["before"], rolls, fuzzy_before)
    new, events = _reduce(night, loaded, lifecycle.take_back, *args)
    names = yield from names_of.steps(night)
    notice = _taken_back(who, roll_name(first.result["roll"], names), len(taken_back))
    undone = [e.pk for e in taken_back]
    yield from commit.steps(loaded, new, events, actor, notice=notice, undone=undone)
    result = {"ok": True, "undone": len(taken_back)}
    data = {"events": undone, "request": request}
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
        args = (table_number, team, delta)
        changed, events = _reduce(night, loaded, lifecycle.adjust_points, *args)
        new = changed.table(table_number)
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
        commit(loaded, changed, events, actor, notice=notice)
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
        args = (table_number, from_player, to_player)
        new, events = _reduce(night, loaded, lifecycle.reassign_bunco, *args)
        names = names_of(night)
        notice = said(
            "The host moved a Bunco from %(giver)s to %(taker)s.",
            giver=names.get(from_player, from_player),
            taker=names.get(to_player, to_player),
        )
        commit(loaded, new, events, actor, notice=notice)
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
        player = _active(night, player_id, ghost=False)
        number = night.players.filter(is_ghost=True).count() + 1
        ghost = Player.objects.create(night=night, name=ghost_name(night, number), is_ghost=True)
        loaded = store.load(night)
        new, events = reduce(lifecycle.replace_by_ghost, loaded.state, player.key, ghost.key)
        commit(loaded, new, events, actor)  # store retires the player and moves their seat
        emit.link_revoked(player.pk, links.REMOVED)
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


def _reduce(night, loaded, step, *args):
    """A correction's reducer step on the loaded night (its rules and randomness)."""
    return reduce(step, loaded.state, rules_of(night), *args, chance_of(night))


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
    reduce(reducer.correctable, loaded.state, table_number)
    return night, loaded
