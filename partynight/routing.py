"""The nights' websockets (docs/protocol.md); composed with the card rooms' in config/asgi.py."""

from django.urls import path

from partynight import consumers

websocket_urlpatterns = [
    path("ws/status/", consumers.StatusConsumer.as_asgi()),
    path("ws/play/<str:token>/", consumers.PlayerConsumer.as_asgi()),
    path("ws/screen/<str:token>/", consumers.WatchConsumer.as_asgi()),
    path("ws/nights/<int:night_id>/", consumers.HostConsumer.as_asgi()),
]
