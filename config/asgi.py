"""ASGI entry point: HTTP through Django, websockets through Channels.

The proxy's forwarded headers count only from the proxy's address (live/proxy.py).
Websockets pass the origin check (an allowed host on the same port: live/origin.py) and get
the session user (hosts) before reaching a consumer; players authenticate with their link
token inside the consumer.
"""

import gc
import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
django_asgi_app = get_asgi_application()  # set up Django before importing consumers

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402

from games.routing import websocket_urlpatterns as room_routes  # noqa: E402
from live.origin import origin_checked  # noqa: E402
from live.proxy import ProxyHeaders  # noqa: E402
from partynight.routing import websocket_urlpatterns as night_routes  # noqa: E402

application = ProxyHeaders(
    ProtocolTypeRouter(
        {
            "http": django_asgi_app,
            "websocket": origin_checked(AuthMiddlewareStack(URLRouter(night_routes + room_routes))),
        }
    )
)

# What the imports built never becomes garbage: full collections skip it, and each one
# holds every roll in flight for less time with many sockets open (bench/README.md).
# Collecting the young generation less often was tried and not kept: the server kept
# garbage longer and grew (tests/system/hostile/test_daphne.py).
gc.freeze()
