"""A clock a test moves on, and a local cache that keeps time by it.

The limits' windows are the expiry times of their counts in the cache (live/limits.py,
partynight/throttles.py): a test injects a `ClockedCache` where they keep their counts and
moves its clock past a window instead of sleeping through it."""

from uuid import uuid4

from django.core.cache.backends.base import DEFAULT_TIMEOUT
from django.core.cache.backends.locmem import LocMemCache


class Clock:
    """Seconds, as time.time() gives them, that move only when the test says so."""

    def __init__(self, now: float = 1_800_000_000.0):
        self.now = now

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


class ClockedCache(LocMemCache):
    """Django's local-memory cache with expiry times read from `clock` (the two places
    LocMemCache reads the wall clock)."""

    def __init__(self, clock: Clock):
        super().__init__(f"clocked-{uuid4().hex}", {})
        self.clock = clock

    def get_backend_timeout(self, timeout=DEFAULT_TIMEOUT):
        if timeout == DEFAULT_TIMEOUT:
            timeout = self.default_timeout
        elif timeout == 0:
            timeout = -1  # as Django does: expired at once
        return None if timeout is None else self.clock() + timeout

    def _has_expired(self, key):
        expiry = self._expire_info.get(key, -1)
        return expiry is not None and expiry <= self.clock()
