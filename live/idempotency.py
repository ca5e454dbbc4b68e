"""Idempotent actions: each carries a client id; a repeat (a double tap, a retry after a
dropped connection) gets the first answer back instead of a second effect. Each app passes
the lookup that finds what was recorded under an id (a night's events, a room's actions).

An id belongs to the action that first used it: the lookup gives who asked what under it,
and another actor's use of the id, or its use for another request, is `client_id_reused`,
never a replay of someone else's answer (ids travel in messages a screen may show)."""

from django.db import IntegrityError, transaction

from live.errors import ServiceError
from live.words import said

REUSED_ID = said("That message id was already used for another action: send it with a new id.")


def replayed(scope_id: int, client_id: str | None, lookup, asked: list) -> dict | None:
    """The first answer to this very action if already recorded under this client id, or
    None. `lookup(scope_id, client_id)` gives (who and what was asked, the answer) or None;
    `asked` is the same for this action."""
    if not client_id:
        return None
    return replay(lookup(scope_id, client_id), asked)


def replay(record, asked: list) -> dict | None:
    """The first answer from `record` (who and what was asked, the answer; or None)."""
    if record is None:
        return None
    first, result = record
    if first != asked:
        raise ServiceError(REUSED_ID, "client_id_reused")
    return {**result, "replayed": True}


def idempotent(scope_id: int, client_id: str | None, action, *, lookup, asked: list, first=True):
    """Run `action()` in a transaction unless this client id was already recorded (the
    record's unique constraint catches two copies racing past the check). `first=False`:
    the action reads the record itself, in its own first query, and answers with `replay`
    (the roll: one round trip fewer)."""
    if first:
        answer = replayed(scope_id, client_id, lookup, asked)
        if answer is not None:
            return answer
    try:
        with transaction.atomic():
            return action()
    except IntegrityError:
        # Two copies raced past the check above; the loser answers with the winner's result.
        first = replayed(scope_id, client_id, lookup, asked)
        if first is None:
            raise
        return first
