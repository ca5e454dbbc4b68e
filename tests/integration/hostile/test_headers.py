"""Security headers on every kind of page: the Content-Security-Policy (django-csp), no
framing, no sniffing, the referrer policy; HSTS only with HTTPS on; and no inline script
or style left in the templates for the policy to break."""

import re
from pathlib import Path

import pytest
from django.test import Client

from tests.helpers.hostile import make_night

ROOT = Path(__file__).resolve().parents[3]
POLICY = {
    "default-src": "'self'",
    "script-src": "'self'",
    "style-src": "'self'",
    "img-src": "'self' data:",
    "connect-src": "'self'",
    "frame-ancestors": "'none'",
    "object-src": "'none'",
    "base-uri": "'self'",
    "form-action": "'self'",
}


def policy_of(response) -> dict:
    header = response["Content-Security-Policy"]
    parts = (part.strip().split(None, 1) for part in header.split(";") if part.strip())
    return {name: value for name, value in parts}


@pytest.fixture
def pages(host, host_client):
    night, room, people = make_night(host)
    anonymous = Client()
    return [
        (anonymous, "/"),
        (anonymous, "/accounts/login/"),
        (anonymous, f"/play/{people[0].token}/"),
        (anonymous, f"/screen/{night.screen_token}/"),
        (anonymous, f"/rooms/{room.pk}/play/{people[0].token}/"),
        (anonymous, "/play/not-a-token/"),  # an error page too
        (host_client, f"/nights/{night.pk}/"),
        (host_client, f"/nights/{night.pk}/dashboard/"),
        (host_client, f"/nights/{night.pk}/print/sheets/"),
    ]


@pytest.mark.django_db
def test_every_page_carries_the_policy_and_the_security_headers(pages):
    for client, url in pages:
        response = client.get(url)
        assert response.status_code in (200, 404), url
        assert policy_of(response) == POLICY, url
        assert response["X-Frame-Options"] == "DENY"
        assert response["X-Content-Type-Options"] == "nosniff"
        assert response["Referrer-Policy"] == "same-origin"
        assert "Strict-Transport-Security" not in response  # plain HTTP in tests


@pytest.mark.django_db
def test_hsts_is_sent_when_https_is_on(client, settings):
    settings.SECURE_HSTS_SECONDS = 31_536_000
    settings.SECURE_SSL_REDIRECT = False
    response = client.get("/", secure=True)
    assert response["Strict-Transport-Security"].startswith("max-age=31536000")


def test_no_template_has_inline_script_handlers_or_styles():
    """What the policy would block: inline <script> (a json_script data block is fine),
    on*="..." handlers, javascript: links, style attributes. Only the PDFs' own <style>
    (rendered by WeasyPrint on the server, never served to a browser) stays."""
    for path in (ROOT / "templates").rglob("*.html"):
        text = path.read_text()
        for tag in re.findall(r"<script\b[^>]*>", text):
            assert "src=" in tag, f"{path}: inline {tag}"
        assert not re.search(r"\son[a-z]+\s*=", text), f"{path}: inline event handler"
        assert "javascript:" not in text, path
        assert not re.search(r"\sstyle\s*=", text), f"{path}: style attribute"
        for block in re.finditer(r"\{% if pdf %\}<style>|<style", text):
            assert block.group(0).startswith("{% if pdf %}"), f"{path}: <style> block"
