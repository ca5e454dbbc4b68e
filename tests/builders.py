"""One builder of a test night, made through the services as a host would make it.

`night(host, players=8, drawn=True)` plans a night of eight with its seats drawn;
`started=True` also starts round 1; `room=` opens a card room on it. Every test that needs
a night builds it here, so a change to how nights are made is made once."""

import datetime

from django.contrib.auth import get_user_model

from games.services import rooms
from partynight.models import Night
from partynight.rules.config import Rules
from partynight.services import nights, play

DATE = datetime.date(2026, 12, 4)
SHORT = Rules(sets=2, rounds_per_set=3, break_after_set=None)  # a night of six rounds
XSS = "<script>alert(1)</script>"  # a name or text that must come out escaped
PASSWORD = "pw-for-tests-1"


def host(username: str = "hostess", password: str = PASSWORD):
    """A host account; the web tests log in as it."""
    return get_user_model().objects.create_user(username, password=password)


def night(
    host,
    players: int | list[str] = 0,
    *,
    seed: int | None = 5,
    rules=None,
    drawn: bool = False,
    started: bool = False,
    room: dict | None = None,
    paid: bool = True,
    name: str = "Friday Bunco",
    date: datetime.date = DATE,
    actor: str = "host",
    **fields,
) -> Night:
    """A night of `host`'s. `players` is a count ("Player 1", "Player 2", ...) or a list of
    names. `drawn` draws the seats; `started` draws them and starts round 1. `room` opens a
    card room: {"game": ..., "seed": ..., other keys are the game's config}; it is
    `night.rooms.get()`. `fields` are written to the night's row (dates, places, flags)."""
    night = nights.night_create(host=host, name=name, date=date, seed=seed, rules=rules)
    if fields:
        Night.objects.filter(pk=night.pk).update(**fields)
    names = players if isinstance(players, list) else [f"Player {i + 1}" for i in range(players)]
    for player_name in names:
        nights.player_add(night_id=night.pk, name=player_name, actor=actor, paid=paid)
    if drawn or started:
        nights.seats_draw(night_id=night.pk, actor=actor)
    if started:
        play.round_start(night_id=night.pk, number=1, actor=actor)
    if room is not None:
        config = dict(room)
        game, room_seed = config.pop("game"), config.pop("seed", 1)
        rooms.room_open(night_id=night.pk, game=game, config=config, actor=actor, seed=room_seed)
    night.refresh_from_db()
    return night
