"""Throttles on what the pages let one person do (numbers in the README's Operations
section). The link and socket limits, shared with the consumers, are in the limits module;
these reuse its cache helpers, so they too let everyone through when the cache is down.

- Nights: a host plans at most `NIGHTS_PER_HOUR` nights an hour through the pages (a
  runaway script cannot fill the database; commands and tests call the services directly).
  Counted from the nights' own creation times, so it needs no cache.
- PDFs (partynight/print_views.py): written by `PDF_RENDERS_AT_ONCE` worker per process;
  a host makes one at a time and at most `PDFS_PER_HOUR` an hour.
"""

from datetime import timedelta

from django.core.cache import cache
from django.utils import timezone

from live.errors import ServiceError
from live.limits import _safely
from partynight.models import Night

NIGHTS_PER_HOUR = 10
PDFS_PER_HOUR = 30  # per host: a night needs a handful (sheets, tables, results)
PDF_RENDERS_AT_ONCE = 1  # per process; more wait their turn
PDF_RENDER_LEASE = 300  # seconds: a host's "PDF being made" mark outlives no crash longer

PDF_BUSY = "Your other PDF is still being made (a few seconds). Try again once it has downloaded."
PDF_HOURLY = "You made {most} PDFs in the last hour: wait a little before the next."


def night_quota(host, now=None) -> None:
    """Refuse (ServiceError) a new night from `host` past NIGHTS_PER_HOUR in the hour."""
    since = (now or timezone.now()) - timedelta(hours=1)
    if Night.objects.filter(host=host, created__gt=since).count() >= NIGHTS_PER_HOUR:
        raise ServiceError(
            f"You planned {NIGHTS_PER_HOUR} nights in the last hour: "
            "wait a little before planning more.",
            "too_many",
        )


@_safely(default=None)
def pdf_start(user_id: int) -> str | None:
    """May this host start a PDF now? None, or the reason not (one at a time, at most
    PDFS_PER_HOUR an hour). pdf_done() ends it."""
    hour = f"throttles:pdfs:{user_id}"
    cache.add(hour, 0, timeout=3600)
    if (cache.get(hour) or 0) >= PDFS_PER_HOUR:
        return PDF_HOURLY.format(most=PDFS_PER_HOUR)
    if not cache.add(f"throttles:pdf-now:{user_id}", 1, timeout=PDF_RENDER_LEASE):
        return PDF_BUSY
    try:
        cache.incr(hour)
    except ValueError:  # the hour ran out in between
        cache.set(hour, 1, timeout=3600)
    return None


@_safely(default=None)
def pdf_done(user_id: int) -> None:
    cache.delete(f"throttles:pdf-now:{user_id}")
