import os

from django.urls import path

from games import consumers as room_consumers
from partynight import consumers

websocket_urlpatterns = [
    path("ws/status/", consumers.StatusConsumer.as_asgi()),
    path("ws/play/<str:token>/", consumers.PlayerConsumer.as_asgi()),
    path("ws/screen/<str:token>/", consumers.WatchConsumer.as_asgi()),
    path("ws/nights/<int:night_id>/", consumers.HostConsumer.as_asgi()),
]
websocket_urlpatterns += [  # the card rooms (docs/rooms.md)
    path("ws/rooms/screen/<str:token>/", room_consumers.RoomScreenConsumer.as_asgi()),
    path("ws/rooms/<int:room_id>/<str:token>/", room_consumers.RoomConsumer.as_asgi()),
]

if os.environ.get("BENCH_RELAY") == "1":  # bench/live.py's bare relay floor only
    from partynight.bench_relay import RelayConsumer

    websocket_urlpatterns.append(path("ws/bench/relay/<str:group>/", RelayConsumer.as_asgi()))
