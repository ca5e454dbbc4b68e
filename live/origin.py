"""The websocket origin check, port included.

Channels' AllowedHostsOriginValidator compares only the origin's host name with
ALLOWED_HOSTS, so a page served from another port of the same host (http://host:8666)
could open sockets with the visitor's session. As Django's CSRF check does for forms, the
origin must be the very address the socket was opened on (scheme's default port filled
in), or one of CSRF_TRUSTED_ORIGINS (a proxy that rewrites the Host header).
"""

from urllib.parse import urlsplit

from channels.security.websocket import AllowedHostsOriginValidator, WebsocketDenier
from django.conf import settings

DEFAULT_PORTS = {"http": 80, "https": 443}


def _address(scheme: str, netloc: str) -> tuple[str, int] | None:
    try:
        parts = urlsplit(f"{scheme}://{netloc}")
        return (parts.hostname or "", parts.port or DEFAULT_PORTS[scheme])
    except (ValueError, KeyError):  # a port that is not a number, an unknown scheme
        return None


def same_origin(headers: dict[bytes, bytes]) -> bool:
    origin = headers.get(b"origin", b"").decode("latin1").rstrip("/")
    host = headers.get(b"host", b"").decode("latin1")
    scheme, _, netloc = origin.partition("://")
    if not netloc or not host:
        return False
    if origin in settings.CSRF_TRUSTED_ORIGINS:
        return True
    mine = _address(scheme, netloc)
    return mine is not None and mine == _address(scheme, host)


class SameOriginValidator:
    def __init__(self, application):
        self.application = application

    async def __call__(self, scope, receive, send):
        if same_origin(dict(scope.get("headers", []))):
            return await self.application(scope, receive, send)
        return await WebsocketDenier()(scope, receive, send)


def origin_checked(application):
    """The host names in ALLOWED_HOSTS, and the origin the same address as the socket."""
    return AllowedHostsOriginValidator(SameOriginValidator(application))
