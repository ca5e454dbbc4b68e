"""The closing tables of a recorded session (`python -m games.play --trace`).

An engine that ends a hand (a game, a deal) inside `apply` and deals the next one at once
calls `closed(make)` in between, `make` returning the finished table in the engine's trace
notation. Outside a recording nobody listens: `make` is never called and nothing changes, so
`apply` stays a pure function of its arguments. `recording()` collects the tables closed
while it is open (games/play.py empties the list after each action).
"""

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar

_closed: ContextVar[list | None] = ContextVar("closed_tables", default=None)


def closed(make: Callable[[], dict]) -> None:
    """A hand just ended: its table (`make()`) goes to the recording, if there is one."""
    tables = _closed.get()
    if tables is not None:
        tables.append(make())


@contextmanager
def recording() -> Iterator[list]:
    """The list the tables closed from now on are appended to."""
    token = _closed.set([])
    try:
        yield _closed.get()
    finally:
        _closed.reset(token)
