"""Database work written once, run two ways.

A live action (a roll, a round's start, the bell, an undo) is a generator of statements: it
yields each `Query` and gets its rows back, and returns its answer; everything between the
statements is plain Python (the reducer, the messages). A runner executes the statements:

- `run` / `perform` here: Django's connection, on the calling thread (SQLite, management
  commands, views, tests; and the database threads of live/db.py);
- `live.pg.perform`: psycopg's async connection, on the event loop (PostgreSQL under
  Daphne), so a roll's statements cost no thread hop and no wait for the GIL.

Both run the same generator, so the two paths cannot drift apart. A helper written this way
(`@written_once`) is still called as a plain function by code that runs on Django's
connection; `helper.steps(...)` gives its statements to an action.
"""

import dataclasses
import functools
from collections.abc import Callable, Generator, Sequence
from typing import Any

from django.db import IntegrityError, connection, transaction


@dataclasses.dataclass(frozen=True, slots=True)
class Query:
    """One statement in the database's paramstyle (%s), as Django's cursor takes it;
    `rows`: it returns rows, which the steps get back (else None, and the loop's runner
    need not wait for its answer before sending the next)."""

    sql: str
    params: Sequence = ()
    rows: bool = True


Steps = Generator[Query, list[tuple], Any]


@dataclasses.dataclass(frozen=True)
class Action:
    """A live action for a runner: `steps()` runs in one transaction; if the commit or a
    statement breaks a unique constraint (two copies of one message racing), `retry()` runs
    in a fresh one and its answer stands, unless it is None (then the error does)."""

    steps: Callable[[], Steps]
    retry: Callable[[], Steps] | None = None


def fetch(sql: str, params: Sequence = ()) -> Steps:
    """The rows of one statement."""
    return (yield Query(sql, params))


def execute(sql: str, params: Sequence = ()) -> Steps:
    """One statement that returns no rows (an UPDATE)."""
    yield Query(sql, params, rows=False)


def written_once(steps_of: Callable[..., Steps]):
    """`steps_of`, called as a plain function, runs now on Django's connection;
    `.steps(...)` gives its statements, for an action's `yield from`."""

    @functools.wraps(steps_of)
    def now(*args, **kwargs):
        return run(steps_of(*args, **kwargs))

    now.steps = steps_of
    return now


def plain(call: Callable[[], Any]) -> Callable[[], Steps]:
    """A function that works through Django's ORM, as steps that yield nothing: it runs only
    where Django's connection is (`perform`, a database thread), never on the event loop."""

    def steps():
        return call()
        yield  # noqa: RET503 - a generator that yields nothing

    return steps


def run(steps: Steps):
    """Execute `steps` on Django's connection, inside the caller's transaction, if any."""
    try:
        query = next(steps)
        with connection.cursor() as cursor:
            while True:
                cursor.execute(query.sql, query.params)
                query = steps.send(cursor.fetchall() if query.rows else None)
    except StopIteration as done:
        return done.value


def perform(action: Action):
    """Run `action` in a transaction on Django's connection; its after-commit messages go
    out when it commits (transaction.on_commit)."""
    try:
        with transaction.atomic():
            return run(action.steps())
    except IntegrityError:
        answer = run(action.retry()) if action.retry else None
        if answer is None:
            raise
        return answer


def live_action(build: Callable[..., Action]):
    """`build(...)` makes an Action: calling the decorated function performs it now on
    Django's connection (`perform`); `.action(...)` gives it to another runner (live/db.py)."""

    @functools.wraps(build)
    def now(*args, **kwargs):
        return perform(build(*args, **kwargs))

    now.action = build
    return now
