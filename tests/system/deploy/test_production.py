"""Production settings on a real server, probed over HTTP: the compose health check passes
behind the TLS proxy, other pages redirect to https://, pages carry the security headers,
unknown host names are refused, and the demo account never exists there (issue 12,
findings 10 and 13)."""

import http.client
import io
import re
import subprocess
import sys
from urllib.parse import urlsplit

import pytest
from django.contrib.auth import get_user_model
from django.core.management import CommandError, call_command

from partynight.management.commands.seed_demo import DEMO_PASSWORD, DEMO_USER
from tests.helpers.deploy import compose
from tests.helpers.servers import start_daphne

PRODUCTION = {
    "DJANGO_SETTINGS_MODULE": "config.settings",
    "DEBUG": "0",
    "SECRET_KEY": "k" * 20 + "-production-like-secret-" + "z" * 30,
    "ALLOWED_HOSTS": "localhost,127.0.0.1",  # compose's default
    "HTTPS": "1",  # behind the compose file's TLS proxy
    "TRUSTED_PROXIES": "127.0.0.1",  # the tests' requests come as the proxy's would
}


@pytest.fixture(scope="module")
def production(django_db_setup, tmp_path_factory):
    """Daphne on the production settings, as behind the compose file's TLS proxy."""
    server = start_daphne(tmp_path_factory.mktemp("production"), name="production", **PRODUCTION)
    yield server
    server.stop()


def get(server, path, **headers):
    """One plain-HTTP request to `server`, redirects not followed."""
    parts = urlsplit(server.url)
    connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=30)
    connection.request("GET", path, headers={"Host": parts.netloc, **headers})
    response = connection.getresponse()
    response.read()
    connection.close()
    return response


@pytest.mark.live
def test_the_compose_health_check_passes_behind_the_tls_proxy(production):
    """With HTTPS=1 every plain-HTTP request is redirected to https://, and the health
    check used to follow that redirect into a TLS handshake with a plain server."""
    shell = {"SECRET_KEY": "unused", "POSTGRES_PASSWORD": "unused"}
    check = compose(shell)["services"]["web"]["healthcheck"]["test"]
    assert check[:2] == ["CMD", "python"]
    port = urlsplit(production.url).port
    (url,) = re.findall(r"https?://[^'\"]+", check[-1])
    script = check[-1].replace(url, url.replace(f":{urlsplit(url).port}/", f":{port}/"))
    assert script != check[-1]  # the check asks the server at the port it was given
    result = subprocess.run(
        [sys.executable, *check[2:-1], script], capture_output=True, text=True, timeout=30
    )
    assert result.returncode == 0, result.stderr[-2000:]
    # every other page still goes to https://
    redirect = get(production, "/")
    assert (redirect.status, redirect.getheader("Location")) == (301, f"https://127.0.0.1:{port}/")


@pytest.mark.live
def test_pages_behind_the_tls_proxy_carry_the_security_headers(production):
    page = get(production, "/", **{"X-Forwarded-Proto": "https"})
    assert page.status == 200
    hsts = page.getheader("Strict-Transport-Security")
    assert "max-age=31536000" in hsts and "includeSubDomains" in hsts
    policy = dict(
        part.strip().split(" ", 1) for part in page.getheader("Content-Security-Policy").split(";")
    )
    assert policy["default-src"] == policy["script-src"] == "'self'"
    assert policy["frame-ancestors"] == "'none'"
    assert page.getheader("X-Frame-Options") == "DENY"
    assert page.getheader("X-Content-Type-Options") == "nosniff"
    assert page.getheader("Referrer-Policy") == "same-origin"
    for cookie in page.msg.get_all("Set-Cookie") or []:
        assert "Secure" in cookie, cookie


@pytest.mark.live
def test_a_host_name_not_allowed_is_refused(production):
    refused = get(production, "/", Host="evil.example", **{"X-Forwarded-Proto": "https"})
    assert refused.status == 400


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


@pytest.mark.live
def test_the_admin_is_off_in_production(production):
    for path in ("/admin/", "/admin/login/", "/admin/partynight/night/"):
        assert get(production, path, **{"X-Forwarded-Proto": "https"}).status == 404, path


@pytest.mark.live
def test_forwarded_headers_count_only_from_the_proxys_address(tmp_path):
    """A replica reached from elsewhere than its proxy: X-Forwarded-Proto is not believed
    (the page still redirects to https://), nor X-Forwarded-For (live/proxy.py)."""
    server = start_daphne(
        tmp_path, name="untrusted", **{**PRODUCTION, "TRUSTED_PROXIES": "10.9.9.9"}
    )
    try:
        page = get(server, "/", **{"X-Forwarded-Proto": "https", "X-Forwarded-For": "10.1.1.1"})
        assert page.status == 301 and page.getheader("Location").startswith("https://")
    finally:
        server.stop()
