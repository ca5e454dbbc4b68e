"""A bare relay for bench/live.py (routed only when BENCH_RELAY=1): the same channel layer
and the same fan-out as a table (a group of 5), with no database and no JSON decoding."""

from channels.generic.websocket import AsyncWebsocketConsumer


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
