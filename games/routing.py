"""The card rooms' websockets (docs/rooms.md); composed with the nights' in config.asgi.
The routes are named so the pages reverse a socket's path as they do a page's
(live.routing.socket_path)."""

from django.urls import path

from games import consumers

websocket_urlpatterns = [
    path(
        "ws/rooms/screen/<str:token>/", consumers.RoomScreenConsumer.as_asgi(), name="room_screen"
    ),
    path("ws/rooms/<int:room_id>/<str:token>/", consumers.RoomConsumer.as_asgi(), name="room"),
]
