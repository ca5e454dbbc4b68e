"""Fixtures for the printed sheets, the results link and the groups: hosts, nights played
through the services, and WeasyPrint (skipped with a reason where its system libraries
are missing, but required under CI, as Chromium is for the browser tests)."""

import datetime
import os
import random

import pytest

from paper.pdf import load_weasyprint
from partynight.rules.config import Rules
from partynight.services import finish, nights
from tests.integration.services.test_play_flow import play_round

XSS = "<script>alert(1)</script>"
SHORT = Rules(sets=2, rounds_per_set=3, break_after_set=None)


def plan_night(host, names, rules=SHORT, date=datetime.date(2026, 12, 4), **fields):
    night = nights.night_create(host=host, name="Friday Bunco", date=date, seed=5, rules=rules)
    for name in names:
        nights.player_add(night_id=night.pk, name=name, actor="host", paid=True)
    for field, value in fields.items():
        setattr(night, field, value)
    night.save()
    return night


def play_night(night, seed=3):
    """Draw the seats, play every round with random dice, award the prizes."""
    nights.seats_draw(night_id=night.pk, actor="host")
    rng = random.Random(seed)
    rules = Rules.from_dict(night.rules)
    for number in range(1, rules.sets * rules.rounds_per_set + 1):
        play_round(night, rng, number)
    finish.night_finish(night_id=night.pk, actor="host")
    night.refresh_from_db()
    return night


@pytest.fixture
def weasyprint():
    module = load_weasyprint()
    if module is None:
        reason = "WeasyPrint's system libraries are missing (apt-get install libpango-1.0-0 "
        reason += "libpangoft2-1.0-0 libharfbuzz-subset0)"
        if os.environ.get("CI"):
            pytest.fail(f"the PDF tests must run in CI: {reason}")
        pytest.skip(reason)
    return module
