"""The proxy's forwarded headers are believed from its own address only (live/proxy.py)."""

import asyncio

import pytest

from config.asgi import application
from live.proxy import ProxyHeaders

PROXY = "172.30.0.10"


def seen(kind, client, **headers):
    """The scope the app behind ProxyHeaders gets for a request from `client`."""
    got = {}

    async def app(scope, receive, send):
        got.update(scope)

    scope = {
        "type": kind,
        "scheme": "ws" if kind == "websocket" else "http",
        "client": (client, 5000),
        "headers": [(k.replace("_", "-").encode(), v.encode()) for k, v in headers.items()],
    }
    asyncio.run(ProxyHeaders(app, trusted=[PROXY])(scope, None, None))
    return got


@pytest.mark.parametrize("kind, secure", [("http", "https"), ("websocket", "wss")])
def test_from_the_proxy_the_client_and_scheme_are_the_forwarded_ones(kind, secure):
    scope = seen(kind, PROXY, x_forwarded_for="203.0.113.7", x_forwarded_proto="https")
    assert scope["client"] == ("203.0.113.7", 0) and scope["scheme"] == secure
    # a client's own X-Forwarded-For is kept in front by a proxy that appends: the last counts
    scope = seen(kind, PROXY, x_forwarded_for="1.2.3.4, 203.0.113.7")
    assert scope["client"][0] == "203.0.113.7"


@pytest.mark.parametrize("kind", ["http", "websocket"])
def test_from_anywhere_else_the_headers_are_ignored(kind):
    scope = seen(kind, "198.51.100.2", x_forwarded_for="10.0.0.1", x_forwarded_proto="https")
    assert scope["client"] == ("198.51.100.2", 5000)
    assert scope["scheme"] in ("http", "ws")


def test_a_proxy_request_without_the_headers_keeps_its_own():
    assert seen("http", PROXY)["client"] == (PROXY, 5000)


def test_the_application_is_behind_it():
    assert isinstance(application, ProxyHeaders)
