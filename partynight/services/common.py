"""Shared plumbing for the services: locking, versions, the event log, seeded randomness."""

import random

from django.db import IntegrityError, transaction

from partynight.models import Event, Night, Player, Round
from partynight.rules.config import Rules
from partynight.services.errors import ServiceError

REMOVED = "The host took you off this night's list, so this link no longer plays."


def lock_night(night_id: int) -> Night:
    """The night row, locked for this transaction: every change to a night queues here."""
    try:
        return Night.objects.select_for_update().get(pk=night_id)
    except Night.DoesNotExist:
        raise ServiceError("That night does not exist.", "not_found") from None


def rules_of(night: Night) -> Rules:
    return Rules.from_dict(night.rules)


def seeded(night: Night, *purpose) -> random.Random:
    """An RNG for one purpose (the draw, a ghost's roll, the prizes) derived from the
    night's seed, so a night can be replayed and a retry draws the same dice."""
    return random.Random(":".join(str(part) for part in (night.seed, *purpose)))


def bump(night: Night) -> int:
    night.version += 1
    night.save(update_fields=["version"])
    return night.version


def log_event(night, kind, actor, data=None, result=None, client_id=None, round_=None, table=None):
    return Event.objects.create(
        night=night,
        kind=kind,
        actor=actor,
        data=data or {},
        result=result or {},
        client_id=client_id,
        round_number=round_.number if round_ else None,
        table_number=table,
    )


REUSED_ID = "That message id was already used for another action: send it with a new id."


def event_record(night_id: int, client_id: str) -> tuple[list, dict] | None:
    """Who did the night's event with this client id and what they asked (the request a
    roll records), and its answer; or None."""
    row = (
        Event.objects.filter(night_id=night_id, client_id=client_id)
        .values_list("actor", "data", "result")
        .first()
    )
    if row is None:
        return None
    actor, data, result = row
    return [actor, data.get("request")], result


def replayed(scope_id: int, client_id: str | None, lookup, asked: list) -> dict | None:
    """The first answer to an action already recorded with this client id, or None.
    `lookup(scope_id, client_id)` finds (who and what, answer): a night's events by
    default, a room's actions for the card rooms (games/services.py). The id belongs to
    the first action: another actor's id, or the same id for a different request, is an
    error, never someone else's answer."""
    if not client_id:
        return None
    record = lookup(scope_id, client_id)
    if record is None:
        return None
    first, result = record
    if first != asked:
        raise ServiceError(REUSED_ID, "client_id_reused")
    return {**result, "replayed": True}


def idempotent(scope_id: int, client_id: str | None, action, *, asked: list, lookup=event_record):
    """Run `action()` in a transaction unless this client id was already recorded; a repeat
    (a double tap, a retry after a dropped connection) gets the first answer back. `asked`
    is what `lookup` gives for this action: [actor, request] for a night's events."""
    first = replayed(scope_id, client_id, lookup, asked)
    if first is not None:
        return first
    try:
        with transaction.atomic():
            return action()
    except IntegrityError:
        # Two copies raced past the check above; the loser answers with the winner's result.
        first = replayed(scope_id, client_id, lookup, asked)
        if first is None:
            raise
        return first


def player_now(player: Player) -> Player:
    """`player` as the database has them now, not a socket's copy from connect time: a
    player the host removed or replaced by a ghost may no longer act."""
    fresh = Player.objects.filter(pk=player.pk, active=True, is_ghost=False).first()
    if fresh is None:
        raise ServiceError(REMOVED, "removed")
    return fresh


def current_round(night: Night) -> Round | None:
    return night.rounds.order_by("-number").first()
