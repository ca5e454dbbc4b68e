"""The bare relay floor for bench/live.py, kept out of the production package: the same
channel layer and the same fan-out as a table (a group of 5), with no database and no JSON
decoding. bench/live.py serves `bench.relay:application`: the app people use, plus this
relay under /ws/bench/relay/<group>/."""

from channels.generic.websocket import AsyncWebsocketConsumer
from channels.routing import URLRouter
from django.urls import path

from config.asgi import application as partynight_app


class RelayConsumer(AsyncWebsocketConsumer):
    async def connect(self):
        self.group = "bench-relay-" + self.scope["url_route"]["kwargs"]["group"]
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()

    async def disconnect(self, code):
        await self.channel_layer.group_discard(self.group, self.channel_name)

    async def receive(self, text_data=None, bytes_data=None):
        await self.channel_layer.group_send(
            self.group, {"type": "relay.message", "text": text_data}
        )

    async def relay_message(self, event):
        await self.send(text_data=event["text"])


relay = URLRouter([path("ws/bench/relay/<str:group>/", RelayConsumer.as_asgi())])


async def application(scope, receive, send):
    if scope["type"] == "websocket" and scope["path"].startswith("/ws/bench/relay/"):
        return await relay(scope, receive, send)
    return await partynight_app(scope, receive, send)
