"""Card-game rooms: a room of a night plays one game; its state is the engine's JSON state and
`RoomAction` is the append-only log that rebuilds it (`games.engines.replay`). `games.services`
changes them (one transaction, the room row locked, a version bump, broadcast after commit)."""

from django.db import models

from partynight.models import Night, new_token


class Room(models.Model):
    class Status(models.TextChoices):
        OPEN = "open"  # taking seats
        PLAYING = "playing"
        FINISHED = "finished"

    night = models.ForeignKey(Night, on_delete=models.CASCADE, related_name="rooms")
    game = models.CharField(max_length=30, help_text="a key of games.engines.ENGINES")
    config = models.JSONField(default=dict, help_text="the engine config as given")
    seed = models.BigIntegerField(help_text="new_state(config, Random(seed)) starts the game")
    # Per seat: a player id, "bot", or None (empty).
    seats = models.JSONField(default=list)
    state = models.JSONField(null=True, blank=True, help_text="the engine state once started")
    version = models.PositiveIntegerField(default=0)
    timeout = models.PositiveIntegerField(
        null=True,
        blank=True,
        default=None,
        help_text="seconds a person's choice waits before it is played for them; null: no timer",
    )
    # Seat (as a string) -> the ids of the players who voted a bot in for that seat's person.
    votes = models.JSONField(default=dict, blank=True)
    join_token = models.CharField(max_length=32, unique=True, default=new_token)
    screen_token = models.CharField(max_length=32, unique=True, default=new_token)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.OPEN)
    opened_by = models.CharField(
        max_length=40, blank=True, default="", help_text="the actor who opened it (caps count it)"
    )
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True, help_text="the last change: timeouts count")

    class Meta:
        ordering = ["-id"]

    def __str__(self):
        return f"{self.game} room {self.pk}"


class RoomAction(models.Model):
    """One applied action (a person's, a bot's or a timeout's), in order: `seq` 1, 2, ..."""

    room = models.ForeignKey(Room, on_delete=models.CASCADE, related_name="actions")
    seq = models.PositiveIntegerField()
    seat = models.PositiveSmallIntegerField()
    action = models.JSONField()
    by = models.CharField(max_length=10, help_text="player | bot | timeout")
    # NULL for bots and timeouts: the unique constraint ignores NULLs.
    client_id = models.CharField(max_length=64, null=True, blank=True)  # noqa: DJ001
    version = models.PositiveIntegerField(help_text="the room version this action produced")
    result = models.JSONField(default=dict, help_text="the first answer, for a repeated id")
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["room", "seq"]
        constraints = [
            models.UniqueConstraint(fields=["room", "seq"], name="unique_room_seq"),
            models.UniqueConstraint(fields=["room", "client_id"], name="unique_room_client_id"),
        ]

    def __str__(self):
        return f"{self.room} #{self.seq}: seat {self.seat} {self.action.get('type')}"


class RoomRequest(models.Model):
    """A seat request (sit, bot, fill_bots, leave, start) sent with a client id: who asked
    what, and the first answer, which a repeat gets back (live.idempotency). Game actions
    keep theirs in `RoomAction`, the log that rebuilds the game; these change no game state."""

    room = models.ForeignKey(Room, on_delete=models.CASCADE, related_name="requests")
    client_id = models.CharField(max_length=64)
    asked = models.JSONField(help_text="[kind, actor, seat]")
    result = models.JSONField(help_text="the first answer, for a repeated id")
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["room", "client_id"], name="unique_room_request_client_id"
            ),
        ]

    def __str__(self):
        return f"{self.room} request {self.client_id}: {self.asked}"
