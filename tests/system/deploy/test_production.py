"""Production settings on a real server: the compose health check passes behind the TLS
proxy, and the demo account never exists there (issue 12, findings 10 and 13)."""

import io
import subprocess
import sys

import pytest
import yaml
from django.contrib.auth import get_user_model
from django.core.management import CommandError, call_command

from partynight.management.commands.seed_demo import DEMO_PASSWORD, DEMO_USER
from tests.helpers.servers import ROOT, start_daphne

PRODUCTION = {
    "DJANGO_SETTINGS_MODULE": "config.settings",
    "DEBUG": "0",
    "SECRET_KEY": "k" * 20 + "-production-like-secret-" + "z" * 30,
    "ALLOWED_HOSTS": "localhost,127.0.0.1",  # compose's default
    "HTTPS": "1",  # behind a TLS-terminating proxy, as the compose comment says
    "PROXY_SSL_HEADER": "1",
}


def compose_health_check() -> list[str]:
    test = yaml.safe_load((ROOT / "docker-compose.yml").read_text())["services"]["web"]
    command = test["healthcheck"]["test"]
    assert command[0] == "CMD" and command[1] == "python"
    return command[1:]


@pytest.mark.live
@pytest.mark.django_db(transaction=True)
def test_the_compose_health_check_passes_behind_the_tls_proxy(tmp_path):
    """With HTTPS=1 every plain-HTTP request is redirected to https://, and the health
    check used to follow that redirect into a TLS handshake with a plain server."""
    command = compose_health_check()
    server = start_daphne(tmp_path, name="production", **PRODUCTION)
    try:
        port = server.url.rsplit(":", 1)[1]
        script = command[-1].replace("127.0.0.1:8000", f"127.0.0.1:{port}")
        assert script != command[-1]  # the command names the address it checks
        result = subprocess.run(
            [sys.executable, *command[1:-1], script], capture_output=True, text=True, timeout=30
        )
        assert result.returncode == 0, result.stderr[-2000:]
        # every other page still goes to https://
        redirect = subprocess.run(
            [sys.executable, "-c", (
                "import http.client; c = http.client.HTTPConnection('127.0.0.1', " + port + ");"
                "c.request('GET', '/'); r = c.getresponse();"
                "print(r.status, r.getheader('Location'))"
            )],
            capture_output=True, text=True, timeout=30,
        )  # fmt: skip
        assert redirect.stdout.split() == ["301", f"https://127.0.0.1:{port}/"]
    finally:
        server.process.terminate()
        server.process.wait(timeout=10)


@pytest.mark.django_db
def test_seed_demo_refuses_without_debug(settings):
    """The demo account's password is published: no demo account on a real server."""
    settings.DEBUG = False
    with pytest.raises(CommandError, match="DEBUG=1"):
        call_command("seed_demo", stdout=io.StringIO())
    assert not get_user_model().objects.filter(username=DEMO_USER).exists()
    settings.DEBUG = True
    call_command("seed_demo", stdout=io.StringIO())
    assert get_user_model().objects.get(username=DEMO_USER).check_password(DEMO_PASSWORD)
