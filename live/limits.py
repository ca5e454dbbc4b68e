"""Limits against hostile or runaway clients, one module for the views and the consumers
(numbers in the README's Operations section and docs/protocol.md).

- Failures slow down, nothing locks out: every failed link lookup (a forged, malformed or
  stale player, join, screen, results or room token) counts against the client's address.
  The first `FREE_FAILURES` in a window of `FAILURE_WINDOW` seconds are answered at once;
  each further one waits twice as long as the one before (`FIRST_DELAY`, up to
  `MAX_DELAY`). A correct link is never slowed or refused: every phone at a party shares
  the Wi-Fi's address, and one guest's typos must not stop the others. (Tokens are 128
  random bits: the delay makes floods of bad links expensive, it is not what keeps links
  secret.) `failed()` takes other kinds of failure with their own free count and window.
- Waiting costs the server nothing: a failure waits its delay in an await that holds no
  thread and no database connection (the view gives its connection back to the pool before
  it returns: issue 28, thirty slowed bad links held the pool of ten and every night on
  the server stalled). At most `WAITING_PER_ADDRESS` failures of one address wait at once;
  past those a failure is answered at once (HTTP 429; a socket's refusal without the
  wait), so a flood cannot pile up waiting requests. Only failures wait or are refused:
  a correct link from the same address is looked up and served at once.
- Sockets per player: each player link holds at most `SOCKETS_PER_PLAYER` open websockets;
  each big-screen link (a night's or a room's) and each host's dashboards
  `SOCKETS_PER_SCREEN`, and one address at most `SCREEN_SOCKETS_PER_ADDRESS` screen sockets
  over all screen links. A socket leases one of each owner's numbered slots in the cache and
  renews it while open, so a crashed process frees its slots when the lease runs out instead
  of locking anyone out.
- Screen resyncs: a screen's resync requests fold into one snapshot per
  `SCREEN_RESYNC_EVERY` seconds (always answered, never refused).
- Actions per socket: a token bucket (`ACTIONS_PER_SECOND`, burst `ACTION_BURST`), kept in
  the consumer (a socket lives in one process).

Counts live in Django's cache: LocMemCache for one process, Redis (REDIS_URL) so several
processes share them. When the cache itself fails the limits let everyone through: a
missing counter must never stop a party. Windows and leases are the counts' expiry times,
so the cache keeps the time: this module's `cache` (and partynight/throttles.py's) is where
another clock goes in; the tests put a cache there whose clock they move instead of
sleeping through a window (tests/helpers/clock.py).
"""

import asyncio
import collections
import contextlib
import functools
import logging
import time

from asgiref.sync import sync_to_async
from django.db import connections
from django.http import Http404
from django.shortcuts import render

from live import text
from live.cache import cache, touch_many
from live.words import Text, Words, said

FREE_FAILURES = 20  # per address and window, answered at once
FAILURE_WINDOW = 60  # seconds, from the first failure
FIRST_DELAY = 0.25  # seconds, doubling with each further failure
MAX_DELAY = 8.0
WAITING_PER_ADDRESS = 4  # failures of one address waiting their delay at once, per process
GUESSES_PER_ADDRESS = 4  # join-code lookups of one address in flight at once, per process
SOCKETS_PER_PLAYER = 5
SOCKETS_PER_SCREEN = 20  # the TV, the host's laptop, spectators' phones
SCREEN_SOCKETS_PER_ADDRESS = 40  # every phone at a party shares the Wi-Fi's address
SCREEN_RESYNC_EVERY = 1.0  # seconds: a screen's resync requests in between fold into one
SOCKET_LEASE = 90  # seconds; an open socket renews its slot every third of it
ACTIONS_PER_SECOND = 10
ACTION_BURST = 20

TOO_MANY_WAITING = said(
    "Too many wrong links were opened from this network at once. "
    "Check the link, wait a few seconds and try again."
)
TOO_MANY_GUESSES = said(
    "Too many join codes are being tried from this network right now. "
    "Wait a few seconds and try again, or scan the QR code on the big screen."
)
SLOW_DOWN = said(
    "Too many messages (at most %(most)s a second): this one was ignored.",
    most=ACTIONS_PER_SECOND,
)


def too_many_sockets(most: int) -> Words:
    return said(
        "This link is open in too many places (at most %(most)s). "
        "Close a tab or another phone, then reload.",
        most=most,
    )


def too_many_screens(most: int) -> Words:
    return said(
        "Too many screens are open from this network (at most %(most)s). Close some, then reload.",
        most=most,
    )


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


def delay_after(failures: int, free: int) -> float:
    """How long the answer to the `failures`-th failure of a window waits."""
    extra = failures - free
    return 0.0 if extra <= 0 else min(MAX_DELAY, FIRST_DELAY * 2 ** (extra - 1))


@_safely(default=0)
def failures(kind: str, who: str) -> int:
    return cache.get(failures_key(kind, who)) or 0


@_safely(default=0.0)
def failed(kind: str, who: str, free: int | None = None, window: int | None = None) -> float:
    """Count one failure of `kind` ("link", ...) by `who` (an address, a user name); the
    first opens the window. The delay its answer waits. `free` and `window` default to
    the links' (FREE_FAILURES, FAILURE_WINDOW)."""
    free = FREE_FAILURES if free is None else free
    window = FAILURE_WINDOW if window is None else window
    key = failures_key(kind, who)
    cache.add(key, 0, timeout=window)
    try:
        count = cache.incr(key)
    except ValueError:  # the window ran out in between
        cache.set(key, count := 1, timeout=window)
    return delay_after(count, free)


async def pause(seconds: float) -> None:
    """Wait without holding a thread (a sleeping view would stall Django's one sync thread
    for everyone); tests replace it to see the delays."""
    if seconds > 0:
        await asyncio.sleep(seconds)


class InFlight:
    """How many requests per key (an address, a user name) are in flight in this process,
    capped at `most`. Counted on the event loop, which runs every request's awaits: no
    lock, and a crashed request gives its place back with its task."""

    def __init__(self, most: int):
        self.most, self.counts = most, collections.Counter()

    def full(self, key: str) -> bool:
        return self.counts[key] >= self.most

    @contextlib.contextmanager
    def place(self, *keys: str):
        """A place for each of `keys` while the block runs; the block gets False (and holds
        none) when any of them is full."""
        if any(self.full(key) for key in keys):
            yield False
            return
        self.counts.update(keys)
        try:
            yield True
        finally:
            self.counts.subtract(keys)
            for key in keys:
                if self.counts[key] <= 0:
                    del self.counts[key]


waiting = InFlight(WAITING_PER_ADDRESS)
guessing = InFlight(GUESSES_PER_ADDRESS)


async def wait_out(who: str, seconds: float) -> bool:
    """Wait a failure's delay, holding one of `who`'s waiting places; False at once (no
    wait) when all of them are taken."""
    with waiting.place(who) as placed:
        if placed or seconds <= 0:  # a free failure needs no place: it waits for nothing
            await pause(seconds)
            return True
        return False


async def link_failed(ip: str) -> bool:
    """A failed link lookup: counted, and answered after its delay (False: too many of this
    address's failures wait already; answer at once)."""
    return await wait_out(ip, await sync_to_async(failed, thread_sensitive=False)("link", ip))


def too_many_waiting(request, message: Text = TOO_MANY_WAITING):
    """The 429 page for what a flood sends past its places (rendered on the event loop: the
    page is small and reads nothing from the database, so a flood's refusals cost little)."""
    context = {"message": text.render(message)}
    response = render(request, "phone/busy.html", context, status=429)
    response["Retry-After"] = str(int(MAX_DELAY))
    return response


def releasing(view):
    """`view` as a coroutine whose database connection goes back to the pool as the view
    returns, in the thread that ran it, so whatever the request awaits next (a failure's
    delay) holds no connection. Django would close it only once the response is sent."""

    def run(request, *args, **kwargs):
        try:
            return view(request, *args, **kwargs)
        finally:
            for connection in connections.all(initialized_only=True):
                if not connection.in_atomic_block:  # a test's transaction stays open
                    connection.close()

    return sync_to_async(functools.wraps(view)(run))


def guard_link(view):
    """For views behind a secret link: a 404 (the link matched nothing) counts as a failure
    and is answered after its delay, holding no database connection (or 429 at once past
    the address's waiting places); a correct link is served at once, always. The view runs
    as Django runs any sync view; the guard itself is async so a delay costs no thread."""
    run = releasing(view)

    async def guarded(request, *args, **kwargs):
        ip = request.META.get("REMOTE_ADDR") or "unknown"
        try:
            response = await run(request, *args, **kwargs)
        except Http404:
            if not await link_failed(ip):
                return too_many_waiting(request)
            raise
        if response.status_code == 404 and not await link_failed(ip):
            return too_many_waiting(request)
        return response

    return functools.wraps(view)(guarded)


def guard_guess(view):
    """For a secret short enough to guess (a night's six-letter join code): as guard_link,
    and at most GUESSES_PER_ADDRESS lookups of one address in flight at once, each holding
    its place through its delay; more are answered 429 before any lookup. So guessing from
    one address goes at most that many per delay. (Links of 128 bits are always looked up.)"""
    guarded = guard_link(view)

    async def bounded(request, *args, **kwargs):
        with guessing.place(request.META.get("REMOTE_ADDR") or "unknown") as placed:
            if not placed:
                return too_many_waiting(request, TOO_MANY_GUESSES)
            return await guarded(request, *args, **kwargs)

    return functools.wraps(view)(bounded)


@_safely(default="")
def socket_claim(owner: str, channel: str, most: int) -> str | None:
    """Lease a free slot of `owner`'s `most` sockets for `channel`: its key, or None when
    all are taken ("" when the cache is down: no slot, no limit)."""
    for slot in range(most):
        key = f"limits:sockets:{owner}:{slot}"
        if cache.add(key, channel, timeout=SOCKET_LEASE):
            return key
    return None


def player_sockets(owner: str) -> list:
    """A player link's sockets (its phone page and card rooms count together)."""
    return [(owner, SOCKETS_PER_PLAYER, too_many_sockets(SOCKETS_PER_PLAYER))]


def screen_sockets(link: str, address: str) -> list:
    """A big-screen link's sockets, capped per link and per address (issue 12: 150 of them
    from one address made other players' handshakes fail)."""
    return [
        (link, SOCKETS_PER_SCREEN, too_many_sockets(SOCKETS_PER_SCREEN)),
        (
            f"screens:{address}",
            SCREEN_SOCKETS_PER_ADDRESS,
            too_many_screens(SCREEN_SOCKETS_PER_ADDRESS),
        ),
    ]


@_safely(default=None)
def socket_renew(keys: list[str]) -> None:
    """Keep the slots of open sockets leased (a slot that lapsed stays free: see
    socket_claim)."""
    touch_many(cache, keys, SOCKET_LEASE)


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
