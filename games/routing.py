"""The card rooms' websockets (docs/rooms.md); composed with the nights' in config.asgi."""

from django.urls import path

from games import consumers

websocket_urlpatterns = [
    path("ws/rooms/screen/<str:token>/", consumers.RoomScreenConsumer.as_asgi()),
    path("ws/rooms/<int:room_id>/<str:token>/", consumers.RoomConsumer.as_asgi()),
]
