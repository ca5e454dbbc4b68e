"""Throttles on what the pages let one person do (numbers in the README's Operations
section). The link and socket limits, shared with the consumers, are in the limits module;
these reuse its cache helpers, so they too let everyone through when the cache is down.

- Nights: a host plans at most `NIGHTS_PER_HOUR` nights an hour through the pages (a
  runaway script cannot fill the database; commands and tests call the services directly).
  Counted from the nights' own creation times, so it needs no cache.
- Accounts (partynight/web/accounts.py): wrong passwords slow down per address and per
  user name, as bad links do (the limits module's growing delay, with `ACCOUNT_FAILURES`'
  free counts and windows); every attempt waits before it is checked as long as its failure
  would, so a right password waits too. At most `LOGINS_PER_NAME` attempts for one user
  name and `LOGINS_PER_ADDRESS` from one address are in flight at once (waiting or being
  checked); more are answered 429 at once, unchecked, so a flood of guesses cannot hold
  every worker while other hosts' pages wait (tests/system/hostile).
  Refused signup forms slow down the same way; at most `SIGNUPS_IN_FLIGHT` forms of one
  address are read or wait at once, more are answered 429 unread. One address makes at
  most `SIGNUPS_PER_HOUR` accounts an hour.
- PDFs (paper/pdf.py): written by `PDF_RENDERS_AT_ONCE` worker per process;
  a host makes one at a time and at most `PDFS_PER_HOUR` an hour.
"""

import contextlib
import hashlib
from datetime import timedelta

from django.contrib.auth import get_user_model
from django.utils import timezone

from live import limits
from live.cache import cache
from live.errors import ServiceError
from live.limits import _safely
from live.text import render
from live.words import said, said_n
from partynight.models import Night

NIGHTS_PER_HOUR = 10
# kind -> (failures answered at once, window in seconds)
ACCOUNT_FAILURES = {
    "login": (20, 900),  # wrong passwords per address
    "login-name": (5, 900),  # wrong passwords per user name
    "signup": (10, 900),  # refused signup forms per address
}
LOGINS_PER_ADDRESS = 4  # login attempts in flight at once, per process
LOGINS_PER_NAME = 2
SIGNUPS_IN_FLIGHT = 4  # signup forms of one address read or waiting at once, per process
SIGNUPS_PER_HOUR = 5  # accounts made per address
PDFS_PER_HOUR = 30  # per host: a night needs a handful (sheets, tables, results)
PDF_RENDERS_AT_ONCE = 1  # per process; more wait their turn
PDF_RENDER_LEASE = 300  # seconds: the "PDF being made" mark of a crashed render then lapses

TOO_MANY_LOGINS = said(
    "Too many log-in attempts are under way for this account or from this network. "
    "Wait a few seconds and try again."
)
TOO_MANY_SIGNUPS_AT_ONCE = said(
    "Too many sign-up forms are being sent from this network at once. "
    "Wait a few seconds and try again."
)
TOO_MANY_SIGNUPS = said_n(
    "%(n)s account was made from this network in the last hour: try again later, or log in to it.",
    "%(n)s accounts were made from this network in the last hour: "
    "try again later, or log in to one of them.",
    SIGNUPS_PER_HOUR,
)
PDF_BUSY = said(
    "Your other PDF is still being made (a few seconds). Try again once it has downloaded."
)
PDF_HOURLY = said_n(
    "You made %(n)s PDF in the last hour: wait a little before the next.",
    "You made %(n)s PDFs in the last hour: wait a little before the next.",
    PDFS_PER_HOUR,
)


def night_quota(host) -> None:
    """Refuse (ServiceError) a new night from `host` past NIGHTS_PER_HOUR in the hour. Runs
    inside the transaction that creates the night (nights.night_create, `capped`) with the
    host's row locked first, so requests at the same moment count each other: exact."""
    get_user_model().objects.select_for_update().get(pk=host.pk)
    since = timezone.now() - timedelta(hours=1)
    if Night.objects.filter(host=host, created__gt=since).count() >= NIGHTS_PER_HOUR:
        message = said_n(
            "You planned %(n)s night in the last hour: wait a little before planning more.",
            "You planned %(n)s nights in the last hour: wait a little before planning more.",
            NIGHTS_PER_HOUR,
        )
        raise ServiceError(message, "too_many")


@_safely(default=None)
def pdf_start(user_id: int) -> str | None:
    """May this host start a PDF now? None, or the reason not (one at a time, at most
    PDFS_PER_HOUR an hour), in the page's language. pdf_done() ends it."""
    hour = f"throttles:pdfs:{user_id}"
    if _this_hour(hour) >= PDFS_PER_HOUR:
        return render(PDF_HOURLY)
    if not cache.add(f"throttles:pdf-now:{user_id}", 1, timeout=PDF_RENDER_LEASE):
        return render(PDF_BUSY)
    _count_this_hour(hour)
    return None


@_safely(default=None)
def pdf_done(user_id: int) -> None:
    cache.delete(f"throttles:pdf-now:{user_id}")


def login_attempts(address: str, user_name: str) -> list[tuple[str, str]]:
    """What a login attempt counts against: its address and the user name it tried (hashed:
    a name is any text a form sends)."""
    name = hashlib.sha256(user_name[:150].casefold().encode()).hexdigest()[:32]
    return [("login", address), ("login-name", name)]


_logins_in_flight = {
    "login": limits.InFlight(LOGINS_PER_ADDRESS),
    "login-name": limits.InFlight(LOGINS_PER_NAME),
}


@contextlib.contextmanager
def login_places(attempts: list[tuple[str, str]]):
    """A place in flight for a login attempt, per address and per user name, while the
    block runs; the block gets False when one of them is full."""
    with contextlib.ExitStack() as held:
        yield all(held.enter_context(_logins_in_flight[kind].place(who)) for kind, who in attempts)


signups_in_flight = limits.InFlight(SIGNUPS_IN_FLIGHT)


def delay_before(attempts: list[tuple[str, str]]) -> float:
    """How long an attempt waits before it is checked: as long as its failure would (the
    longest over what it counts against), so the speed of the answer tells nothing."""
    return max(
        limits.delay_after(limits.failures(kind, who) + 1, ACCOUNT_FAILURES[kind][0])
        for kind, who in attempts
    )


def account_failed(attempts: list[tuple[str, str]]) -> float:
    """Count a wrong password or a refused signup form; the delay its answer waits."""
    return max(limits.failed(kind, who, *ACCOUNT_FAILURES[kind]) for kind, who in attempts)


@_safely(default=True)
def signup_counted(address: str) -> bool:
    """Count one more account made from `address`, unless SIGNUPS_PER_HOUR were made in
    the hour: whether it was counted."""
    key = f"throttles:signups:{address}"
    if _this_hour(key) >= SIGNUPS_PER_HOUR:
        return False
    _count_this_hour(key)
    return True


def _this_hour(key: str) -> int:
    """How many were counted in `key`'s hour (the first count opens the hour)."""
    cache.add(key, 0, timeout=3600)
    return cache.get(key) or 0


def _count_this_hour(key: str) -> None:
    try:
        cache.incr(key)
    except ValueError:  # the hour ran out in between
        cache.set(key, 1, timeout=3600)
