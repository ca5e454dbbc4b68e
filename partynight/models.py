"""What a Bunco night records. The models keep the state; `partynight.rules` decides it,
and `partynight.services` changes it (one transaction, a version bump, an event, then a
broadcast after commit)."""

import secrets

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


def new_token() -> str:
    return secrets.token_urlsafe(16)


# Join codes are typed from a TV across the room: capitals only, none that read alike
# (no I/L, O, U/V). 21**6 = 85 million codes; guessing is throttled like any link.
JOIN_CODE_ALPHABET = "ABCDEFGHJKMNPQRSTWXYZ"
JOIN_CODE_LENGTH = 6


def new_join_code() -> str:
    while True:
        code = "".join(secrets.choice(JOIN_CODE_ALPHABET) for _ in range(JOIN_CODE_LENGTH))
        if not Night.objects.filter(join_code=code).exists():
            return code


def normalise_join_code(typed: str) -> str:
    """What a guest typed ("abc-def ", "ABC DEF") as a stored code would read."""
    return "".join(ch for ch in (typed or "").upper() if ch.isalnum())[:16]


class Group(models.Model):
    """A club that meets monthly; a night may belong to one."""

    host = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE)
    name = models.CharField(max_length=80)
    created = models.DateTimeField(auto_now_add=True)

    def __str__(self):
        return self.name


class GroupMember(models.Model):
    group = models.ForeignKey(Group, on_delete=models.CASCADE, related_name="members")
    name = models.CharField(max_length=40)
    contact = models.CharField(max_length=120, blank=True)
    hosts_month = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="Month (1-12) this member hosts."
    )

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["group", "name"], name="unique_member_name"),
        ]

    def __str__(self):
        return self.name


class Night(models.Model):
    class State(models.TextChoices):
        PLANNING = "planning", _("Planning")
        SEATING = "seating", _("Seating")  # seats drawn, the first round not started
        PLAYING = "playing", _("Playing")
        BREAK = "break", _("Break")
        FINISHED = "finished", _("Finished")

    host = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE)
    group = models.ForeignKey(Group, null=True, blank=True, on_delete=models.SET_NULL)
    name = models.CharField(max_length=80)
    date = models.DateField()
    place = models.CharField(max_length=120, blank=True)
    rules = models.JSONField(default=dict, help_text="partynight.rules.Rules.to_dict()")
    prize_table = models.JSONField(default=list, help_text="[{key, name, share}] rows")
    state = models.CharField(max_length=10, choices=State.choices, default=State.PLANNING)
    seed = models.BigIntegerField(help_text="Seeds the draw, ghosts' dice and prize roll-offs.")
    # Seats drawn for the first round, or computed for the next: per table, its players'
    # keys ("p12") in seat order.
    pending_seating = models.JSONField(default=list, blank=True)
    fuzzy_holder = models.ForeignKey(
        "Player", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    # Guests who arrived after the draw, by player key, oldest first: they wait for the
    # host's choice (a ghost's chair, a redraw) or a free chair at the next round.
    waiting = models.JSONField(default=list, blank=True)
    # The printed sheets' paper: Letter, as the nights' money is dollars, unless the host
    # picks A4 in the settings.
    paper = models.CharField(
        max_length=6, choices=[("letter", _("Letter")), ("a4", "A4")], default="letter"
    )
    # The stage's and the printed sheets' language (each phone reads its own): the host's
    # language when the night was planned.
    language = models.CharField(
        max_length=8, choices=settings.LANGUAGES, default=settings.LANGUAGE_CODE
    )
    version = models.PositiveIntegerField(default=0)
    # The latest round's number (0 before play): the roll path finds its table in one query.
    round_number = models.PositiveSmallIntegerField(default=0)
    totals = models.JSONField(
        default=dict,
        blank=True,
        help_text="Wins, losses and Buncos of the finished rounds, by player key.",
    )
    is_demo = models.BooleanField(default=False, help_text="Virtual dice play every seat.")
    join_token = models.CharField(max_length=32, unique=True, default=new_token)
    join_code = models.CharField(max_length=JOIN_CODE_LENGTH, unique=True, default=new_join_code)
    screen_token = models.CharField(max_length=32, unique=True, default=new_token)
    results_token = models.CharField(max_length=32, unique=True, default=new_token)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-date", "-id"]

    def __str__(self):
        return f"{self.name} ({self.date})"


class Player(models.Model):
    """A person at the night, or a ghost filling an empty seat."""

    night = models.ForeignKey(Night, on_delete=models.CASCADE, related_name="players")
    name = models.CharField(max_length=40)
    token = models.CharField(max_length=32, unique=True, default=new_token)
    paid = models.BooleanField(default=False)
    is_ghost = models.BooleanField(default=False)
    active = models.BooleanField(default=True, help_text="False once removed or replaced.")
    # A phone has this player's link: it claimed the name at the join page, joined as them,
    # or opened the link. A claimed name cannot be claimed from another phone until the
    # host releases it (which also gives the player a new link).
    claimed = models.BooleanField(default=False)
    member = models.ForeignKey(
        GroupMember,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="players",
        help_text="The group member who played (a group's history counts their nights).",
    )
    # The language this player picked on their phone; blank: their browser's.
    language = models.CharField(max_length=8, choices=settings.LANGUAGES, blank=True)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["id"]
        constraints = [
            models.UniqueConstraint(
                fields=["night", "name"],
                condition=models.Q(active=True),
                name="unique_active_player_name",
            ),
        ]

    def __str__(self):
        return self.name

    @property
    def key(self) -> str:
        """The id the rules layer and the night record use."""
        return f"p{self.pk}"


class Round(models.Model):
    class State(models.TextChoices):
        PLAYING = "playing"
        FINISHING = "finishing"  # bell rang; tables finish turns and roll-offs
        DONE = "done"

    night = models.ForeignKey(Night, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField(help_text="1.. across the whole night")
    set_number = models.PositiveSmallIntegerField()
    round_in_set = models.PositiveSmallIntegerField()
    up = models.PositiveSmallIntegerField()
    state = models.CharField(max_length=10, choices=State.choices, default=State.PLAYING)
    bell_table = models.PositiveSmallIntegerField(null=True, blank=True)
    bell_reason = models.CharField(max_length=10, blank=True)  # target | bunco | host
    bell_at = models.DateTimeField(null=True, blank=True)
    # Once done: each player's move for the next round (partynight.rules.rotation.Move).
    moves = models.JSONField(default=dict, blank=True)
    started = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["night", "number"], name="unique_round_number"),
        ]

    def __str__(self):
        return f"set {self.set_number} round {self.round_in_set}"


class Table(models.Model):
    """One table in one round: who sits where and its turn state (TableRound.to_dict())."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="tables")
    number = models.PositiveSmallIntegerField(help_text="1 = Head")
    state = models.JSONField()
    version = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["round", "number"], name="unique_table_in_round"),
        ]

    def __str__(self):
        return f"table {self.number}, round {self.round.number}"


class Seat(models.Model):
    """Where each player sits in a round (the phones' and score sheets' view)."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="seat_rows")
    position = models.PositiveSmallIntegerField()  # 0..3; team A = 0+2, team B = 1+3
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="seats")

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["table", "position"], name="unique_seat"),
        ]

    def __str__(self):
        return f"{self.player} at {self.table}, seat {self.position + 1}"


class Event(models.Model):
    """Append-only log of every roll and every host action. A client id makes an action
    idempotent: a repeat gets the first answer (`result`) instead of a second effect."""

    night = models.ForeignKey(Night, on_delete=models.CASCADE, related_name="events")
    round_number = models.PositiveSmallIntegerField(null=True, blank=True)
    table_number = models.PositiveSmallIntegerField(null=True, blank=True)
    kind = models.CharField(max_length=30)
    actor = models.CharField(max_length=60, help_text="'host:<user>' or 'player:<id>'")
    # NULL, not "", for host actions without an id: the unique constraint ignores NULLs.
    client_id = models.CharField(max_length=64, null=True, blank=True)  # noqa: DJ001
    data = models.JSONField(default=dict)
    result = models.JSONField(default=dict)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["id"]
        constraints = [
            models.UniqueConstraint(fields=["night", "client_id"], name="unique_client_id"),
        ]
        indexes = [models.Index(fields=["night", "kind"])]

    def __str__(self):
        return f"{self.kind} by {self.actor}"


class Award(models.Model):
    night = models.ForeignKey(Night, on_delete=models.CASCADE, related_name="awards")
    prize = models.CharField(max_length=40)
    name = models.CharField(max_length=80)
    player = models.ForeignKey(Player, on_delete=models.CASCADE)
    amount = models.PositiveIntegerField()
    detail = models.JSONField(default=dict, help_text="why: the tally and any roll-off")

    class Meta:
        ordering = ["-amount", "id"]

    def __str__(self):
        return f"{self.name}: {self.player} ${self.amount}"
