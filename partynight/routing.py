"""The nights' websockets (docs/protocol.md); composed with the card rooms' in config/asgi.py.
The routes are named so the pages reverse a socket's path as they do a page's
(live.routing.socket_path)."""

from django.urls import path

from partynight import consumers

websocket_urlpatterns = [
    path("ws/status/", consumers.StatusConsumer.as_asgi(), name="status"),
    path("ws/play/<str:token>/", consumers.PlayerConsumer.as_asgi(), name="play"),
    path("ws/screen/<str:token>/", consumers.WatchConsumer.as_asgi(), name="screen"),
    path("ws/nights/<int:night_id>/", consumers.HostConsumer.as_asgi(), name="night"),
]
