"""Limits against hostile or runaway clients, one module for the views and the consumers
(numbers in the README's Operations section and docs/protocol.md).

- Failures slow down, nothing locks out: every failed link lookup (a forged, malformed or
  stale player, join, screen, results or room token) counts against the client's address.
  The first `FREE_FAILURES` in a window of `FAILURE_WINDOW` seconds are answered at once;
  each further one waits twice as long as the one before (`FIRST_DELAY`, up to
  `MAX_DELAY`). A correct link is never slowed or refused: every phone at a party shares
  the Wi-Fi's address, and one guest's typos must not stop the others. (Tokens are 128
  random bits: the delay makes floods of bad links expensive, it is not what keeps links
  secret.) Wrong passwords and refused signups count the same way (partynight/views.py).
- Sockets per player: each player link holds at most `SOCKETS_PER_PLAYER` open websockets;
  each big-screen link (a night's or a room's) `SOCKETS_PER_SCREEN`, and one address at most
  `SCREEN_SOCKETS_PER_ADDRESS` screen sockets over all screen links. A socket leases one of
  its owner's numbered slots in the cache and renews it while open, so a crashed process
  frees its slots when the lease runs out instead of locking anyone out.
- Actions per socket: a token bucket (`ACTIONS_PER_SECOND`, burst `ACTION_BURST`), kept in
  the consumer (a socket lives in one process).

Counts live in Django's cache: LocMemCache for one process, Redis (REDIS_URL) so several
processes share them. When the cache itself fails the limits let everyone through: a
missing counter must never stop a party.
"""

import asyncio
import functools
import logging
import time

from asgiref.sync import sync_to_async
from django.core.cache import cache
from django.http import Http404

FREE_FAILURES = 20  # per address and window, answered at once
FAILURE_WINDOW = 60  # seconds, from the first failure
FIRST_DELAY = 0.25  # seconds, doubling with each further failure
MAX_DELAY = 8.0
# Accounts (partynight/views.py): kind -> (failures answered at once, window in seconds).
ACCOUNT_FAILURES = {
    "login": (20, 900),  # wrong passwords per address
    "login-name": (5, 900),  # wrong passwords per user name
    "signup": (10, 900),  # refused signup forms per address
}
SIGNUPS_PER_HOUR = 5  # accounts made per address
TOO_MANY_SIGNUPS = (
    f"{SIGNUPS_PER_HOUR} accounts were made from this network in the last hour: "
    "try again later, or log in to one of them."
)
SOCKETS_PER_PLAYER = 5
SOCKETS_PER_SCREEN = 20  # the TV, the host's laptop, spectators' phones
SCREEN_SOCKETS_PER_ADDRESS = 40  # every phone at a party shares the Wi-Fi's address
SCREEN_RESYNC_EVERY = 1.0  # seconds: a screen's resync requests in between fold into one
SOCKET_LEASE = 90  # seconds; an open socket renews its slot every third of it
ACTIONS_PER_SECOND = 10
ACTION_BURST = 20

TOO_MANY_SOCKETS = (
    "This link is open in too many places (at most {most}). "
    "Close a tab or another phone, then reload."
)
TOO_MANY_SCREENS = (
    "Too many screens are open from this network (at most {most}). Close some, then reload."
)
SLOW_DOWN = f"Too many messages (at most {ACTIONS_PER_SECOND} a second): this one was ignored."

log = logging.getLogger(__name__)


def _safely(default):
    """The cache's answer, or `default` when the cache is down (fail open)."""

    def wrap(call):
        @functools.wraps(call)
        def safe(*args, **kwargs):
            try:
                return call(*args, **kwargs)
            except Exception:  # noqa: BLE001 - any cache failure: let the client through
                log.warning("limits: cache unavailable in %s", call.__name__, exc_info=True)
                return default

        return safe

    return wrap


def client_ip(scope: dict) -> str:
    """The client address of an ASGI scope (Daphne's --proxy-headers fills it from
    X-Forwarded-For behind the proxy)."""
    client = scope.get("client") or ()
    return str(client[0]) if client else "unknown"


def failures_key(kind: str, who: str) -> str:
    return f"limits:failed:{kind}:{who}"


def _free_and_window(kind: str) -> tuple[int, int]:
    if kind == "link":
        return FREE_FAILURES, FAILURE_WINDOW
    return ACCOUNT_FAILURES[kind]


def delay_after(failures: int, free: int) -> float:
    """How long the answer to the `failures`-th failure of a window waits."""
    extra = failures - free
    return 0.0 if extra <= 0 else min(MAX_DELAY, FIRST_DELAY * 2 ** (extra - 1))


@_safely(default=0)
def failures(kind: str, who: str) -> int:
    return cache.get(failures_key(kind, who)) or 0


@_safely(default=0.0)
def failed(kind: str, who: str) -> float:
    """Count one failure of `kind` ("link", "login", ...) by `who` (an address, a user
    name); the first opens the window. The delay its answer waits."""
    free, window = _free_and_window(kind)
    key = failures_key(kind, who)
    cache.add(key, 0, timeout=window)
    try:
        count = cache.incr(key)
    except ValueError:  # the window ran out in between
        cache.set(key, count := 1, timeout=window)
    return delay_after(count, free)


def delay_before(*attempts: tuple[str, str]) -> float:
    """For a password: the delay an attempt waits *before* it is checked, as long as its
    failure would (the longest over its (kind, who) counts). A right password waits as
    long as a wrong one, so the speed of the answer tells a script nothing; it is never
    refused."""
    return max(
        delay_after(failures(kind, who) + 1, _free_and_window(kind)[0]) for kind, who in attempts
    )


@_safely(default=False)
def count_once(key: str, most: int, window: int) -> bool:
    """Count one more of `key` in its window, unless `most` are counted already: whether
    it was counted (signups per address)."""
    cache.add(key, 0, timeout=window)
    if (cache.get(key) or 0) >= most:
        return False
    try:
        cache.incr(key)
    except ValueError:
        cache.set(key, 1, timeout=window)
    return True


def signup_counted(address: str) -> bool:
    """One more account from `address`, unless SIGNUPS_PER_HOUR were made this hour."""
    return count_once(f"limits:signups:{address}", SIGNUPS_PER_HOUR, 3600)


async def pause(seconds: float) -> None:
    """Wait without holding a thread (a sleeping view would stall Daphne's one sync
    thread for everyone); tests replace it to see the delays."""
    if seconds > 0:
        await asyncio.sleep(seconds)


async def link_failed(ip: str) -> None:
    """A failed link lookup: counted, and answered after its delay."""
    await pause(await sync_to_async(failed, thread_sensitive=False)("link", ip))


def guard_link(view):
    """For views behind a secret link: a 404 (the link matched nothing) counts as a failure
    and is answered after its delay; a correct link is served at once, always. The view
    runs as Django runs any sync view; the guard itself is async so a delay costs no
    thread."""
    run = sync_to_async(view)

    async def guarded(request, *args, **kwargs):
        ip = request.META.get("REMOTE_ADDR") or "unknown"
        try:
            response = await run(request, *args, **kwargs)
        except Http404:
            await link_failed(ip)
            raise
        if response.status_code == 404:
            await link_failed(ip)
        return response

    return functools.wraps(view)(guarded)


PDFS_PER_HOUR = 30  # per host: a night needs a handful (sheets, tables, results)
PDF_RENDERS_AT_ONCE = 1  # per process; more wait their turn (partynight/print_views.py)
PDF_BUSY = "Your other PDF is still being made (a few seconds). Try again once it has downloaded."
PDF_HOURLY = f"You made {PDFS_PER_HOUR} PDFs in the last hour: wait a little before the next."


@_safely(default=None)
def pdf_start(user_id: int) -> str | None:
    """May this host start a PDF now? None, or the reason not: one at a time, and at most
    PDFS_PER_HOUR an hour."""
    hour = f"limits:pdfs:{user_id}"
    cache.add(hour, 0, timeout=3600)
    if cache.get(hour, 0) >= PDFS_PER_HOUR:
        return PDF_HOURLY
    if not cache.add(f"limits:pdf-now:{user_id}", 1, timeout=300):
        return PDF_BUSY
    try:
        cache.incr(hour)
    except ValueError:  # the hour ran out in between
        cache.set(hour, 1, timeout=3600)
    return None


@_safely(default=None)
def pdf_done(user_id: int) -> None:
    cache.delete(f"limits:pdf-now:{user_id}")


@_safely(default="")
def socket_claim(owner: str, channel: str, most: int) -> str | None:
    """Lease a free slot of `owner`'s `most` sockets for `channel`: its key, or None when all
    are taken ("" when the cache is down: no slot, no limit)."""
    for slot in range(most):
        key = f"limits:sockets:{owner}:{slot}"
        if cache.add(key, channel, timeout=SOCKET_LEASE):
            return key
    return None


@_safely(default=None)
def socket_renew(key: str) -> None:
    cache.touch(key, SOCKET_LEASE)


@_safely(default=None)
def socket_release(key: str, channel: str) -> None:
    if cache.get(key) == channel:
        cache.delete(key)


class TokenBucket:
    """`rate` actions a second on average, `burst` at once."""

    def __init__(self, rate=None, burst=None, clock=time.monotonic):
        self.rate, self.clock = rate or ACTIONS_PER_SECOND, clock
        self.burst = burst or ACTION_BURST
        self.tokens, self.stamp = float(self.burst), clock()

    def take(self) -> bool:
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False
