"""Throttles on what the pages let one person make (numbers in the README's Operations
section). The socket and link limits, shared with the consumers, are in the limits module.

- Nights: a host plans at most `NIGHTS_PER_HOUR` nights an hour through the pages (a
  runaway script cannot fill the database; commands and tests call the services directly).
  Counted from the nights' own creation times, so it needs no cache.
"""

from datetime import timedelta

from django.utils import timezone

from live.errors import ServiceError
from partynight.models import Night

NIGHTS_PER_HOUR = 10


def night_quota(host, now=None) -> None:
    """Refuse (ServiceError) a new night from `host` past NIGHTS_PER_HOUR in the hour."""
    since = (now or timezone.now()) - timedelta(hours=1)
    if Night.objects.filter(host=host, created__gt=since).count() >= NIGHTS_PER_HOUR:
        raise ServiceError(
            f"You planned {NIGHTS_PER_HOUR} nights in the last hour: "
            "wait a little before planning more.",
            "too_many",
        )
