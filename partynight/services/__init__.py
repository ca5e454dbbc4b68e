"""Services: every change to a night goes through here.

Each public function is named `<noun>_<verb>`, takes keyword-only arguments, runs in one
transaction, locks the night row (so two phones or two host tabs queue instead of racing),
bumps a version, appends to the event log and broadcasts after commit.
"""

from live.errors import ServiceError

__all__ = ["ServiceError"]
