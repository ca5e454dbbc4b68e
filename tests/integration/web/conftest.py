"""The sockets' night: eight players, round 1 started (tests/helpers/sockets.py opens the
sockets). Modules with another night define their own `night`."""

import pytest
from django.test import Client

from tests.helpers.sockets import in_play


@pytest.fixture
def night(host):
    return in_play(host)


@pytest.fixture
def host_cookie(host):
    """The session cookie a logged-in host's dashboard socket sends."""
    client = Client()
    client.force_login(host)
    return f"sessionid={client.cookies['sessionid'].value}"
