import functools

import pytest

from tests import builders


@pytest.fixture
def make_night(host):
    """The host's nights, by default twelve paid players on seed 7 (builders.night)."""
    return functools.partial(builders.night, host, players=12, seed=7)
