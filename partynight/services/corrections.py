"""The host's corrections: undo a roll, adjust points, move a Bunco, replace a player who
leaves by a ghost, seat a late arrival in a ghost's chair. Each lands in the event log and
updates every screen."""

from django.db import transaction

from partynight.models import Event, Night, Player, Round, Seat, Table
from partynight.rules.errors import RulesError
from partynight.rules.table import TableRound, adjust_points, move_bunco, replace_player
from partynight.services import broadcast
from partynight.services.common import current_round, idempotent, lock_night, log_event
from partynight.services.errors import ServiceError
from partynight.services.nights import check_name_free, clean_name
from partynight.services.play import (
    announce_night,
    announce_table,
    finish_round_if_done,
    save_table,
)
from partynight.services.selectors import names_of, roll_name, undone_event_ids

IN_PLAY = (Night.State.PLAYING, Night.State.BREAK)


def roll_undo(*, night_id, table_number, actor, client_id=None) -> dict:
    """Take back the last roll a person entered at a table (and the ghosts' rolls after it).
    A repeated client id (a double-clicked button) is answered, not undone twice."""

    def action():
        night, round_, table = _open_table(night_id, table_number)
        undone = undone_event_ids(night)
        rolls = [
            e
            for e in Event.objects.filter(
                night=night, kind="roll", round_number=round_.number, table_number=table_number
            ).order_by("-id")
            if e.pk not in undone
        ]
        taken_back = []
        for event in rolls:
            taken_back.append(event)
            if event.actor != "app":
                break
        else:
            raise ServiceError("There is no roll to undo at this table this round.", "nothing")
        if any(e.result["roll"]["rings_bell"] for e in taken_back):
            raise ServiceError("That roll rang the bell; adjust the points instead.", "wrong_state")
        first = taken_back[-1]
        buncos = [e.result["roll"]["credited"] for e in taken_back if e.result["roll"]["credited"]]
        if buncos and night.fuzzy_holder_id and night.fuzzy_holder.key == buncos[0]:
            night.fuzzy_holder_id = first.data["fuzzy_before"]
            night.save(update_fields=["fuzzy_holder"])
        save_table(table, TableRound.from_dict(first.data["before"]))
        result = {"ok": True, "undone": len(taken_back)}
        data = {"events": [e.pk for e in taken_back]}
        notice = f"The host took back {roll_name(first.result['roll'], names_of(night))}."
        if len(taken_back) > 1:
            notice += " The ghosts' rolls after it are taken back too."
        _log_correction(night, round_, table, "roll_undone", actor, data, result, client_id, notice)
        return result

    return idempotent(night_id, client_id, action, asked=[actor, None])


def points_adjust(*, night_id, table_number, team, delta, reason, actor, client_id=None) -> dict:
    reason = " ".join((reason or "").split())
    if not reason:
        raise ServiceError("Say why the points change (it goes in the night's log).", "invalid")
    if isinstance(delta, bool) or not isinstance(delta, int) or not delta or abs(delta) > 100:
        raise ServiceError("Adjust by a whole number from -100 to 100, not 0.", "invalid")

    def action():
        night, round_, table = _open_table(night_id, table_number)
        state = TableRound.from_dict(table.state)
        try:
            new = adjust_points(state, team, delta)
        except RulesError as error:
            raise ServiceError(str(error), "invalid") from None
        save_table(table, new)
        result = {"ok": True, "points": list(new.points)}
        data = {"team": team, "delta": delta, "reason": reason[:200]}
        names = names_of(night)
        pair = " & ".join(names.get(k, k) for k in state.team_players(team))
        change = f"gave {pair} {delta} more" if delta > 0 else f"took {-delta} from {pair}"
        points = "point" if abs(delta) == 1 else "points"
        notice = (
            f"The host {change} {points} ({reason[:200]}): now {new.points[0]} to {new.points[1]}."
        )
        _log_correction(
            night, round_, table, "points_adjusted", actor, data, result, client_id, notice
        )
        finish_round_if_done(night, round_)
        return result

    return idempotent(night_id, client_id, action, asked=[actor, None])


def bunco_reassign(*, night_id, table_number, from_player, to_player, actor, client_id=None):
    def action():
        night, round_, table = _open_table(night_id, table_number)
        try:
            new = move_bunco(TableRound.from_dict(table.state), from_player, to_player)
        except RulesError as error:
            raise ServiceError(str(error), "invalid") from None
        if night.fuzzy_holder_id and night.fuzzy_holder.key == from_player:
            night.fuzzy_holder_id = int(to_player[1:])
            night.save(update_fields=["fuzzy_holder"])
        save_table(table, new)
        data = {"from": from_player, "to": to_player}
        result = {"ok": True}
        names = names_of(night)
        notice = (
            f"The host moved a Bunco from {names.get(from_player, from_player)} "
            f"to {names.get(to_player, to_player)}."
        )
        _log_correction(
            night, round_, table, "bunco_reassigned", actor, data, result, client_id, notice
        )
        return result

    return idempotent(night_id, client_id, action, asked=[actor, None])


def player_replace_by_ghost(*, night_id, player_id, actor) -> Player:
    """A player leaves during the night: a ghost takes their chair from now on; what they
    won so far stays theirs."""
    with transaction.atomic():
        night = lock_night(night_id)
        if night.state not in IN_PLAY:
            raise ServiceError("Before play starts, simply remove the player.", "wrong_state")
        player = _active(night, player_id, ghost=False)
        number = night.players.filter(is_ghost=True).count() + 1
        ghost = Player.objects.create(night=night, name=f"Ghost {number}", is_ghost=True)
        _take_chair(night, player, ghost)
        log_event(night, "player_replaced", actor, {"player": player.pk, "ghost": ghost.pk})
        announce_night(night, "players")
        return ghost


def player_late_arrival(*, night_id, name, actor) -> Player:
    """Someone arrives after play started: they take a ghost's chair."""
    name = clean_name(name)
    with transaction.atomic():
        night = lock_night(night_id)
        if night.state not in IN_PLAY:
            raise ServiceError("Play has not started: add them as a player.", "wrong_state")
        check_name_free(night, name)
        ghost = night.players.filter(active=True, is_ghost=True).order_by("id").first()
        if ghost is None:
            raise ServiceError("Every chair is taken: there is no ghost to replace.", "full")
        player = Player.objects.create(night=night, name=name)
        _take_chair(night, ghost, player)
        log_event(night, "late_arrival", actor, {"player": player.pk, "ghost": ghost.pk})
        announce_night(night, "players")
        return player


def _take_chair(night: Night, old: Player, new: Player) -> None:
    """`new` sits wherever `old` sits now and in the seating to come; `old` is retired."""
    night.pending_seating = [
        [new.key if k == old.key else k for k in t] for t in night.pending_seating
    ]
    night.save(update_fields=["pending_seating"])
    round_ = current_round(night)
    if round_ and round_.state != Round.State.DONE:
        for seat in Seat.objects.filter(table__round=round_, player=old).select_related("table"):
            seat.player = new
            seat.save(update_fields=["player"])
            table = seat.table
            state = replace_player(
                TableRound.from_dict(table.state), old.key, new.key, new.is_ghost
            )
            save_table(table, state)
            announce_table(night, round_, table, None)
    old.active = False
    old.save(update_fields=["active"])
    broadcast.player_removed(old.pk)


def _log_correction(night, round_, table, kind, actor, data, result, client_id, notice) -> None:
    """Log a table correction and tell every screen (the standings may have changed); the
    table's phones show `notice`, so everyone at the table sees what the host changed."""
    log_event(night, kind, actor, data, result, client_id, round_, table.number)
    announce_table(night, round_, table, None, notice=notice)
    announce_night(night, "correction")


def _active(night: Night, player_id, ghost: bool) -> Player:
    player = night.players.filter(pk=player_id, active=True, is_ghost=ghost).first()
    if player is None:
        raise ServiceError("That player is not at this night.", "not_found")
    return player


def _open_table(night_id, table_number):
    """The locked night, its current round (not finished) and that round's table."""
    night = lock_night(night_id)
    round_ = current_round(night)
    if round_ is None or round_.state == Round.State.DONE:
        raise ServiceError("Corrections apply to the round being played.", "wrong_state")
    try:
        table = round_.tables.get(number=table_number)
    except (Table.DoesNotExist, ValueError):
        raise ServiceError("There is no such table this round.", "not_found") from None
    return night, round_, table
