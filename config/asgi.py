"""ASGI entry point: HTTP through Django, websockets through Channels.

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
from partynight.routing import websocket_urlpatterns as night_routes  # noqa: E402

application = ProtocolTypeRouter(
    {
        "http": django_asgi_app,
        "websocket": origin_checked(AuthMiddlewareStack(URLRouter(night_routes + room_routes))),
    }
)

# Garbage collection, measured with a thousand sockets open (bench/live.py, 100 nights): with
# Python's defaults the objects a roll holds for a few milliseconds were promoted, and a full
# collection of the heap (a quarter of a second on a 2-core machine) ran every half minute,
# holding every roll in flight. Young collections less often let them die young; what the
# imports built never becomes garbage, so full collections skip it.
gc.set_threshold(10_000, 10, 10)
gc.freeze()
