"""Limits against hostile or runaway clients, one module for the views and the consumers
(numbers in the README's Operations section and docs/protocol.md).

- Link guessing: every failed link lookup (a forged or stale player, join, screen, results
  or room token) counts against the client's IP; past `BAD_LINKS_PER_MINUTE` in a window of
  `BAD_LINK_WINDOW` seconds every link is refused (HTTP 429, websocket `rate_limited`), even
  a correct one, until the window passes.
- Sockets per player: each player link holds at most `SOCKETS_PER_PLAYER` open websockets.
  A socket leases one of the player's numbered slots in the cache and renews it while open,
  so a crashed process frees its slots when the lease runs out instead of locking anyone out.
- Actions per socket: a token bucket (`ACTIONS_PER_SECOND`, burst `ACTION_BURST`), kept in
  the consumer (a socket lives in one process).

Counts live in Django's cache: LocMemCache for one process, Redis (REDIS_URL) so several
processes share them. When the cache itself fails the limits let everyone through: a
missing counter must never stop a party.
"""

import functools
import logging
import time

from django.core.cache import cache
from django.http import Http404
from django.shortcuts import render

BAD_LINKS_PER_MINUTE = 20
BAD_LINK_WINDOW = 60  # seconds
SOCKETS_PER_PLAYER = 5
SOCKET_LEASE = 90  # seconds; an open socket renews its slot every third of it
ACTIONS_PER_SECOND = 10
ACTION_BURST = 20

RATE_LIMITED = "Too many wrong links from this network. Wait a minute, then try again."
TOO_MANY_SOCKETS = (
    f"This link is open in too many places (at most {SOCKETS_PER_PLAYER}). "
    "Close a tab or another phone, then reload."
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


def _link_key(ip: str) -> str:
    return f"limits:badlink:{ip}"


@_safely(default=False)
def link_blocked(ip: str) -> bool:
    return (cache.get(_link_key(ip)) or 0) >= BAD_LINKS_PER_MINUTE


@_safely(default=None)
def link_failed(ip: str) -> None:
    """Count one failed link lookup; the first failure opens the window."""
    key = _link_key(ip)
    cache.add(key, 0, timeout=BAD_LINK_WINDOW)
    try:
        cache.incr(key)
    except ValueError:  # the window ran out in between
        cache.set(key, 1, timeout=BAD_LINK_WINDOW)


def guard_link(view):
    """For views behind a secret link: refuse with 429 while the client is blocked, and
    count a 404 (the link matched nothing) as a failure."""

    @functools.wraps(view)
    def guarded(request, *args, **kwargs):
        ip = request.META.get("REMOTE_ADDR") or "unknown"
        if link_blocked(ip):
            response = render(
                request, "phone/not_found.html", {"message": RATE_LIMITED}, status=429
            )
            response["Retry-After"] = str(BAD_LINK_WINDOW)
            return response
        try:
            response = view(request, *args, **kwargs)
        except Http404:
            link_failed(ip)
            raise
        if response.status_code == 404:
            link_failed(ip)
        return response

    return guarded


@_safely(default="")
def socket_claim(owner: str, channel: str) -> str | None:
    """Lease a free slot of `owner`'s sockets for `channel`: its key, or None when all are
    taken ("" when the cache is down: no slot, no limit)."""
    for slot in range(SOCKETS_PER_PLAYER):
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
