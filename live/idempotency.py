"""Idempotent actions: each carries a client id; a repeat (a double tap, a retry after a
dropped connection) gets the first answer back instead of a second effect. Each app passes
the lookup that finds what was recorded under an id (a night's events, a room's actions).

An id belongs to the action that first used it: the lookup gives who asked what under it,
and another actor's use of the id, or its use for another request, is `client_id_reused`,
never a replay of someone else's answer (ids travel in messages a screen may show)."""

from live.errors import ServiceError
from live.steps import Action, Steps, perform, plain, run
from live.words import said

REUSED_ID = said("That message id was already used for another action: send it with a new id.")


def replayed(scope_id: int, client_id: str | None, lookup, asked: list) -> dict | None:
    """The first answer to this very action if already recorded under this client id, or
    None. `lookup(scope_id, client_id)` gives (who and what was asked, the answer) or None;
    `asked` is the same for this action."""
    return run(_replayed(scope_id, client_id, _steps_of(lookup), asked))


def _replayed(scope_id: int, client_id: str | None, lookup, asked: list) -> Steps:
    """replayed's steps, with `lookup` as steps."""
    if not client_id:
        return None
    return replay((yield from lookup(scope_id, client_id)), asked)


def replay(record, asked: list) -> dict | None:
    """The first answer from `record` (who and what was asked, the answer; or None)."""
    if record is None:
        return None
    first, result = record
    if first != asked:
        raise ServiceError(REUSED_ID, "client_id_reused")
    return {**result, "replayed": True}


def idempotent(scope_id: int, client_id: str | None, action, *, lookup, asked: list, first=True):
    """Run `action()` (through Django's ORM) in a transaction unless this client id was
    already recorded; as `idempotent_action`, run now."""
    made = idempotent_action(
        scope_id, client_id, plain(action), lookup=_steps_of(lookup), asked=asked, first=first
    )
    return perform(made)


def idempotent_action(
    scope_id: int, client_id: str | None, steps, *, lookup, asked: list, first=True
) -> Action:
    """The action that runs `steps()` (live/steps.py) unless this client id was already
    recorded, for either runner; `lookup(scope_id, client_id)` gives the record as steps.
    The record's unique constraint catches two copies racing past the check: the runner
    then retries, and the loser answers with the winner's result. `first=False`: the steps
    read the record themselves, in their own first query, and answer with `replay` (the
    roll: one round trip fewer)."""

    def body() -> Steps:
        if first:
            answer = yield from _replayed(scope_id, client_id, lookup, asked)
            if answer is not None:
                return answer
        return (yield from steps())

    return Action(body, retry=lambda: _replayed(scope_id, client_id, lookup, asked))


def _steps_of(lookup):
    """A lookup through Django's ORM as steps that yield nothing."""
    return lambda scope_id, client_id: plain(lambda: lookup(scope_id, client_id))()
