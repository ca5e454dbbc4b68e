"""Hostile input: the failures' pauses, recorded instead of waited (the strategies, the
night and the dump are in tests/helpers/hostile.py)."""

import pytest

from live import limits


@pytest.fixture
def pauses(monkeypatch):
    """The delays failures were answered after (limits.pause, without the waiting)."""
    seen = []

    async def record(seconds):
        seen.append(seconds)

    monkeypatch.setattr(limits, "pause", record)
    return seen
