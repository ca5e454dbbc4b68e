"""The card rooms' websockets (docs/rooms.md); composed with the nights' in config.asgi.
The routes are named so the pages reverse a socket's path as they do a page's."""

from django.urls import path, reverse

from games import consumers

websocket_urlpatterns = [
    path(
        "ws/rooms/screen/<str:token>/", consumers.RoomScreenConsumer.as_asgi(), name="room_screen"
    ),
    path("ws/rooms/<int:room_id>/<str:token>/", consumers.RoomConsumer.as_asgi(), name="room"),
]
urlpatterns = websocket_urlpatterns  # what reverse(urlconf=this module) reads


def socket_path(name: str, **kwargs) -> str:
    """The path of the room websocket named `name` ("room", "room_screen")."""
    return reverse(name, urlconf=__name__, kwargs=kwargs)
