"""The room timer (games/timers.py) tries again only when it fired too early by the
database's clock; any other refusal (the room is gone, say) is logged and the timer stops,
instead of asking the database every second for ever."""

import asyncio
import logging

import pytest

from games import timers
from live.errors import ServiceError

pytestmark = pytest.mark.django_db


@pytest.fixture
def answers(monkeypatch):
    """seat_timeout answers from a script: each item is raised, or returned."""
    script, calls = [], []

    def seat_timeout(**kwargs):
        calls.append(kwargs)
        answer = script.pop(0)
        if isinstance(answer, Exception):
            raise answer
        return answer

    monkeypatch.setattr(timers.playing, "seat_timeout", seat_timeout)
    monkeypatch.setattr(timers, "RETRY_SECONDS", 0)
    return script, calls


async def test_a_timer_that_fired_too_early_tries_again(answers):
    script, calls = answers
    early = ServiceError("The choice has not waited long enough yet.", "too_early")
    script += [early, early, {"ok": True, "timed_out": [1]}]
    await asyncio.wait_for(timers._time_out(7, 3, 0), 5)
    assert len(calls) == 3 and calls[-1] == {"room_id": 7, "actor": "timer", "seen_version": 3}


async def test_a_timer_gives_up_when_no_retry_can_help(answers, caplog):
    script, calls = answers
    script += [ServiceError("That room does not exist.", "not_found")] * 50
    with caplog.at_level(logging.WARNING, logger="games.timers"):
        await asyncio.wait_for(timers._time_out(7, 3, 0), 5)
    assert len(calls) == 1
    assert "room 7: timeout not played: That room does not exist." in caplog.text
