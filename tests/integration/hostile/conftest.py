"""Hostile input: shared fixtures (the strategies, the night and the dump are in
tests/helpers/hostile.py)."""

import pytest
from django.test import Client

from live import limits


@pytest.fixture
def host_client(host):
    client = Client()
    client.force_login(host)
    return client


@pytest.fixture
def pauses(monkeypatch):
    """The delays failures were answered after (limits.pause, without the waiting)."""
    seen = []

    async def record(seconds):
        seen.append(seconds)

    monkeypatch.setattr(limits, "pause", record)
    return seen
