"""The proxy's forwarded headers, believed from the proxy alone. Behind nginx every request
comes from the proxy's address, with the client's own in X-Forwarded-For and the scheme in
X-Forwarded-Proto; the app then takes them as the ASGI client address (which the limits
count per address) and scheme (https: secure cookies, no redirect). From any other address
they are ignored, so a replica reached directly (published without the proxy, or from
inside the network) cannot be told another client address. Daphne's own --proxy-headers
believes them from anyone, so the image does not use it."""

from django.conf import settings

SCHEMES = {"http": {"https": "https", "http": "http"}, "websocket": {"https": "wss", "http": "ws"}}


def _header(scope: dict, name: bytes) -> str:
    values = [value for key, value in scope.get("headers", ()) if key == name]
    return values[-1].decode("latin-1") if values else ""


class ProxyHeaders:
    def __init__(self, app, trusted=None):
        self.app = app
        self.trusted = frozenset(settings.TRUSTED_PROXIES if trusted is None else trusted)

    async def __call__(self, scope, receive, send):
        client = scope.get("client")
        if scope["type"] in SCHEMES and client and client[0] in self.trusted:
            scope = dict(scope)
            # The last address is the one the proxy added (nginx sets it alone).
            forwarded = _header(scope, b"x-forwarded-for").split(",")[-1].strip()
            if forwarded:
                scope["client"] = (forwarded, 0)
            scheme = SCHEMES[scope["type"]].get(_header(scope, b"x-forwarded-proto").strip())
            if scheme:
                scope["scheme"] = scheme
        return await self.app(scope, receive, send)
