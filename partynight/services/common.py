"""Shared plumbing for the services: locking, versions, the event log, seeded randomness."""

import random

from django.utils import translation

from live import sql
from live.errors import ServiceError
from live.idempotency import idempotent_action, replay
from live.steps import Action, fetch, perform, plain, written_once
from live.text import render
from live.words import said
from partynight.models import Event, Night, Round
from partynight.rules.config import Rules


def host_actor(user) -> str:
    """The event log's actor for something the host did (pages and the dashboard socket)."""
    return f"host:{user.username}"


@written_once
def lock_night(night_id: int):
    """The night row, locked for this transaction: every change to a night queues here."""
    found = yield from sql.select(Night, {"id": night_id}, lock=True)
    if not found:
        raise ServiceError(said("That night does not exist."), "not_found")
    return found[0]


def ghost_name(night: Night, number: int) -> str:
    """A ghost's name, stored as a player's is: in the night's language (the stage's)."""
    with translation.override(night.language):
        return render(said("Ghost %(number)s", number=number))


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


@written_once
def log_event(night, kind, actor, data=None, result=None, client_id=None, round_=None, table=None):
    event = Event(
        night=night,
        kind=kind,
        actor=actor,
        data=data or {},
        result=result or {},
        client_id=client_id,
        round_number=round_.number if round_ else None,
        table_number=table,
    )
    yield from sql.insert([event])
    return event


@written_once
def event_record(night_id: int, client_id: str):
    """Who logged the night's event with this client id, its kind and the request it
    recorded (a roll's; None for the others), and its answer; or None."""
    # on every action, so SQL by hand (live.sql); (night, client_id) is unique
    query = (
        f"SELECT {record_columns('e')} FROM {sql.table(Event)} e"
        " WHERE e.night_id = %s AND e.client_id = %s"
    )
    rows = yield from fetch(query, [night_id, client_id])
    return record_of(rows[0]) if rows else None


def record_fields() -> list:
    return [Event._meta.get_field(name) for name in ("actor", "kind", "data", "result")]


def record_columns(alias: str) -> str:
    """The columns event_record reads, of the event table as `alias`."""
    return sql.columns_of(record_fields(), alias)


def record_of(row) -> tuple[list, dict] | None:
    """event_record's answer from its columns' raw values (all NULL: no such event)."""
    if row[0] is None:
        return None
    actor, kind, data, result = sql.values(row, record_fields())
    return [actor, kind, data.get("request")], result


def idempotent(night_id: int, client_id: str | None, action, *, actor, kind, request=None):
    """Run `action()` (through Django's ORM) in a transaction now, as `idempotent_steps`."""
    action = idempotent_steps(
        night_id, client_id, plain(action), actor=actor, kind=kind, request=request
    )
    return perform(action)


def idempotent_steps(
    night_id: int, client_id: str | None, steps, *, actor, kind, request=None, inside=False
) -> Action:
    """The action that runs `steps()` (live/steps.py) in a transaction unless this client
    id was already recorded for the night; a repeat of the same request by the same actor
    gets the first answer back, any other use of the id is refused (live.idempotency).
    `kind` is the event the action logs under the id. `inside`: the steps' first query
    reads what was recorded under the client id itself, and `steps(replay)` answers
    `replay(record)` when that is not None (the roll: one round trip fewer)."""
    asked = [actor, kind, request]
    if inside:
        body = steps

        def steps():
            return body(lambda record: replay(record, asked))

    return idempotent_action(
        night_id, client_id, steps, lookup=event_record.steps, asked=asked, first=not inside
    )


def current_round(night: Night) -> Round | None:
    return night.rounds.order_by("-number").first()
