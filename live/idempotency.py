"""Idempotent actions: each carries a client id; a repeat (a double tap, a retry after a
dropped connection) gets the first answer back instead of a second effect. Each app passes
the lookup that finds an answer recorded under an id (a night's events, a room's actions)."""

from django.db import IntegrityError, transaction


def replayed(scope_id: int, client_id: str | None, lookup) -> dict | None:
    """The first answer to an action already recorded with this client id, or None.
    `lookup(scope_id, client_id)` finds it."""
    if not client_id:
        return None
    result = lookup(scope_id, client_id)
    if result is None:
        return None
    return {**result, "replayed": True}


def idempotent(scope_id: int, client_id: str | None, action, lookup):
    """Run `action()` in a transaction unless this client id was already recorded (the
    record's unique constraint catches two copies racing past the check)."""
    first = replayed(scope_id, client_id, lookup)
    if first is not None:
        return first
    try:
        with transaction.atomic():
            return action()
    except IntegrityError:
        # Two copies raced past the check above; the loser answers with the winner's result.
        first = replayed(scope_id, client_id, lookup)
        if first is None:
            raise
        return first
