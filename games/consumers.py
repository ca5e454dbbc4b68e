"""The card rooms' websockets, thin like the dice side's (on live.consumers.LiveConsumer):
authenticate, join groups, send a snapshot on connect, validate (games/services/messages.py),
pass actions to the services (games/services/). One consumer serves every game. A phone is
always in its player's room group, where its own frame comes (its seat's view, or the public
one without a seat), and while it has no seat also in the watch group with the screens (the
public view). Frames arrive built by the services; a socket never queries the database for
them. Protocol: docs/rooms.md."""

from games import selectors, timers
from games.models import Room
from games.services import playing, rooms, seating
from games.services.messages import parse_room_message
from live import db, limits
from live.consumers import LiveConsumer
from live.groups import link_group, room_player_group, room_versions_key, room_watch_group
from live.snapshots import SharedSnapshots
from live.words import said
from partynight import links


def _public_snapshot(room_id):
    return selectors.room_snapshot(Room.objects.get(pk=room_id), None)


# The spectators' view of a room, one per room and version (live/snapshots.py).
public_snapshots = SharedSnapshots(selectors.room_version, _public_snapshot)


class RoomConsumer(LiveConsumer):
    """A player's phone in a room, by the player's own per-night link token."""

    role = "room"
    actions = ("act", "sit", "bot", "fill_bots", "leave", "start", "vote_bot")
    refusal = said("This room link is not valid (a mistyped link, or not a player of this night).")
    player = None
    version = -1  # the room version of the newest frame sent on

    @db.runs_on_db
    def authenticate(self):
        kwargs = self.scope["url_route"]["kwargs"]
        self.room_id, self.seat = kwargs["room_id"], None
        self.player = links.player(kwargs["token"], room_id=self.room_id)
        return self.player is not None

    def socket_owners(self):  # the room sockets count with the phone's others
        return limits.player_sockets(links.player_actor(self.player))

    def link_group(self):
        return link_group(self.player.pk)

    def versions_key(self):  # the screens' too: a lost frame is noticed at the next beat
        return room_versions_key(self.room_id)

    def parse(self, text):
        return parse_room_message(text, self.actions)

    def groups_for(self, seat):
        """The player's own group always; the watch group while they have no seat."""
        mine = [room_player_group(self.room_id, self.player.pk)]
        return mine if seat is not None else [*mine, room_watch_group(self.room_id)]

    async def send_snapshot(self):
        # Join the groups first, then read, so no frame falls between snapshot and stream.
        await self.join(self.groups_for(None))
        snapshot = await db.run(self.snapshot)()
        self.seat = snapshot["seat"]
        await self.join(self.groups_for(self.seat))
        await self.forward(snapshot)

    def snapshot(self):
        return selectors.room_snapshot(Room.objects.get(pk=self.room_id), self.player)

    def act(self, message):
        kind = message["type"]
        common = {"room_id": self.room_id, "client_id": message["client_id"]}
        actor = links.player_actor(self.player)
        if kind == "act":
            return playing.action_apply(
                seat=self.seat, action=message["action"], seen_version=message.get("v"),
                player=self.player, **common,
            )  # fmt: skip
        if kind == "sit":
            return seating.seat_join(player=self.player, seat=message.get("seat"), **common)
        mine = {"actor": actor, "player": self.player, **common}
        if kind == "bot":
            return seating.seat_add_bot(seat=message.get("seat"), **mine)
        if kind == "fill_bots":
            return seating.seats_fill_with_bots(**mine)
        if kind == "leave":
            return seating.seat_leave(seat=self.seat, **mine)
        if kind == "vote_bot":
            return seating.seat_vote_bot(seat=message["seat"], player=self.player, **common)
        return rooms.room_start(**mine)

    async def room_mine(self, event):
        """This player's own frame: their seat's view, or the public one once they have no
        seat. It says where they sit now, so the socket follows them between groups."""
        frame = event["frame"]
        if event["player"] != self.player.pk or frame["v"] <= self.version:  # stray or old
            return
        self.seat = frame["seat"]
        await self.join(self.groups_for(self.seat))
        await self.forward(frame)

    async def room_frame(self, event):
        """The public frame, for the screens and phones without a seat. A phone seated at
        that version gets its own frame through its player's group instead."""
        frame = event["frame"]
        if frame["seat"] is not None or (self.player and self.player.pk in event["seated"]):
            return  # another seat's view, or this player's own comes the other way
        if frame["v"] > self.version:  # a phone that just stood up may get it twice
            await self.forward(frame)

    async def forward(self, frame):
        """Send on a frame (or snapshot) newer than any before, and arm the room's timer."""
        self.version = max(self.version, frame["v"])
        await self.send_json(frame)
        self.arm(frame)

    def arm(self, frame):
        """The room's one timer in this process plays a waiting person's default action
        (games/timers.py); every socket passes on each frame's deadline."""
        timers.arm(self.room_id, frame)


class RoomScreenConsumer(RoomConsumer):
    """The big screen and spectators: the public view only, by the room's screen link."""

    role = "room-screen"
    resync_every = limits.SCREEN_RESYNC_EVERY
    actions = ()
    refusal = said("This room screen link is not valid.")

    @db.runs_on_db
    def authenticate(self):
        token = self.scope["url_route"]["kwargs"]["token"]
        room = links.find(Room.objects, screen_token=token)
        self.room_id, self.seat = (room and room.pk), None
        return room is not None

    def socket_owners(self):
        link = f"room-screen:{self.room_id}"
        return limits.screen_sockets(link, limits.client_ip(self.scope))

    def groups_for(self, seat):
        return [room_watch_group(self.room_id)]

    def link_group(self):
        return None

    async def send_snapshot(self):
        await self.join(self.groups_for(None))
        await self.forward(await public_snapshots.get(self.room_id))  # shared: never changed
