"""The nights' websocket consumers: thin, on live.consumers.LiveConsumer. They
authenticate, join groups, send a full snapshot on connect (and on a resync), pass actions
to the services, and forward the events the services built: a socket never queries the
database because something happened elsewhere. The protocol is documented in
docs/protocol.md."""

from channels.generic.websocket import AsyncJsonWebsocketConsumer

from live import db, limits
from live.consumers import LiveConsumer
from live.groups import link_group
from live.snapshots import SharedSnapshots
from live.words import said
from partynight import demo, links
from partynight.models import Night, Player
from partynight.services import broadcast, corrections, emit, play, selectors, snapshots
from partynight.services.common import host_actor
from partynight.services.messages import parse_night_message


class StatusConsumer(AsyncJsonWebsocketConsumer):
    """Answers every connection with the server's live status: pages use it to show
    that live updates work before a night is open."""

    async def connect(self):
        await self.accept()
        layer = type(self.channel_layer).__name__ if self.channel_layer else None
        await self.send_json({"type": "status", "live": True, "layer": layer})


class NightConsumer(LiveConsumer):
    """A night's sockets (phone, dashboard, big screen): the night's messages, its
    heartbeat versions, and the table and night events the services built."""

    def parse(self, text):
        return parse_night_message(text, self.actions)

    def versions_key(self):
        return emit.versions_key(self.night_id())

    async def table_event(self, event):
        await self.send(text_data=event["text"])

    async def night_event(self, event):
        await self.send(text_data=event["text"])

    async def perform(self, message):
        """`act` builds the live action (no database work); live.db runs it where it runs
        best: on the event loop on PostgreSQL."""
        return await db.perform(self.act(message))


class PlayerConsumer(NightConsumer):
    """A player's phone, by their secret link: scores at their own table only."""

    role = "player"
    actions = ("roll", "start_round", "undo")
    refusal = said("This player link is not valid (it may be mistyped or the player was removed).")

    @db.runs_on_db
    def authenticate(self):
        self.player = links.player(self.scope["url_route"]["kwargs"]["token"])
        return self.player is not None

    def socket_owners(self):
        return limits.player_sockets(links.player_actor(self.player))

    def link_group(self):
        return link_group(self.player.pk)

    def night_id(self):
        return self.player.night_id

    def groups_for(self, table):
        groups = [broadcast.night_group(self.night_id()), broadcast.player_group(self.player.pk)]
        if table:
            groups.append(broadcast.table_group(self.night_id(), table))
        return groups

    async def send_snapshot(self):
        # Join first, then read: an event sent in between reaches this socket (and is
        # older than, or the same as, what the snapshot shows), never falls in a gap.
        table = await db.run(selectors.table_number_of)(self.player)
        await self.join(self.groups_for(table))
        snapshot = await db.run(self.snapshot)()
        mine = snapshot["table"]["number"] if snapshot["table"] else None
        if mine != table:  # a round started in between: its snapshot comes to this player
            await self.join(self.groups_for(mine))
        await self.send_json(snapshot)

    def snapshot(self):
        self.player = Player.objects.select_related("night").get(pk=self.player.pk)
        return snapshots.player_snapshot(self.player)

    async def player_event(self, event):
        """This player's own snapshot after a round-level change: follow them to their new
        table's group, then pass it on. A roll at the new table published before this
        socket joined its group never reached it (seen under seconds of queueing: a busy
        consumer handles its seat change late); if the versions the heartbeat reads are
        already past the snapshot's table, a fresh snapshot follows at once."""
        await self.join(self.groups_for(event["table"]))
        await self.send(text_data=event["text"])
        now = await self.versions_now()
        if any(now.get(scope, -1) > v for scope, v in event["seen"].items()):
            await self.send_snapshot()

    def act(self, message):
        if message["type"] == "start_round":  # the Head table rings the bell to start
            return play.round_start.action(
                night_id=self.player.night_id,
                number=message["round"],
                actor=links.player_actor(self.player),
                client_id=message["client_id"],
                player=self.player,
            )
        if message["type"] == "undo":  # the table's last roll, from any phone at it
            return corrections.roll_take_back.action(
                night_id=self.player.night_id,
                player=self.player,
                seen_version=message["v"],
                client_id=message["client_id"],
            )
        return play.roll_record.action(
            night_id=self.player.night_id,
            player=self.player,
            table_number=message.get("table"),
            dice=message.get("dice"),
            entry=message.get("entry"),
            seen_version=message.get("v"),
            client_id=message["client_id"],
            actor=links.player_actor(self.player),
        )


def _night_snapshot(night_id):
    return snapshots.night_snapshot(Night.objects.get(pk=night_id))


# One snapshot per night and versions, shared by its dashboards and big screens.
night_snapshots = SharedSnapshots(selectors.night_versions, _night_snapshot)


class WatchConsumer(NightConsumer):
    """The big screen: read-only, by the night's screen link."""

    role = "screen"
    refusal = said("This big-screen link is not valid.")
    resync_every = limits.SCREEN_RESYNC_EVERY

    def socket_owners(self):
        return limits.screen_sockets(f"screen:{self.night.pk}", limits.client_ip(self.scope))

    @db.runs_on_db
    def authenticate(self):
        token = self.scope["url_route"]["kwargs"]["token"]
        self.night = links.find(Night.objects, screen_token=token)
        return self.night is not None

    def night_id(self):
        return self.night.pk

    async def send_snapshot(self):
        if self.night.is_demo:
            demo.ensure_driver(self.night.pk)  # virtual dice play while someone watches
        await self.join(
            [broadcast.night_group(self.night.pk), broadcast.watch_group(self.night.pk)]
        )
        await self.send_json(await night_snapshots.get(self.night.pk))


class HostConsumer(WatchConsumer):
    """The host's dashboard: logged in, own nights only; can ring the bell, start rounds
    and enter a roll at any table."""

    role = "host"
    actions = ("roll", "bell", "start_round")
    refusal = said("Log in as this night's host to open its dashboard.")

    def socket_owners(self):
        user = self.scope["user"].pk
        most = limits.SOCKETS_PER_SCREEN
        return [(f"host:{user}", most, limits.too_many_sockets(most))]

    @db.runs_on_db
    def authenticate(self):
        user = self.scope.get("user")
        night_id = self.scope["url_route"]["kwargs"]["night_id"]
        if not user or not user.is_authenticated:
            return False
        self.night = links.find(Night.objects.filter(host=user), pk=night_id)
        self.actor = host_actor(user)
        return self.night is not None

    def act(self, message):
        common = {"night_id": self.night.pk, "actor": self.actor, "client_id": message["client_id"]}
        if message["type"] == "bell":
            return play.bell_ring.action(number=message["round"], **common)
        if message["type"] == "start_round":
            return play.round_start.action(number=message["round"], **common)
        return play.roll_record.action(
            table_number=message.get("table"),
            dice=message.get("dice"),
            entry=message.get("entry"),
            seen_version=message.get("v"),
            **common,
        )
