"""Opening a room (by the host's page, or a player's "Play now with bots") and dealing it."""

import random
import secrets

from django.db import transaction

from games.engines import get_engine
from games.models import Room
from games.services.common import engine_call, must_be_open, must_be_seated, once
from games.services.playing import play_steps
from live.errors import ServiceError
from live.words import said, said_n
from partynight import links
from partynight.models import Night, Player

# Card rooms a night may have unfinished (open or playing) at once: enough for 48 players
# at tables of two and more, and the host's rooms page stays small (300 rooms made it 976
# KiB: it lists the unfinished ones and only the latest finished). A finished room counts no
# more, so the cap never locks a night for good.
MAX_ROOMS = 40
# Unfinished rooms one player's link may have opened: a guest link alone cannot fill the
# night's cap (the host has none of their own).
MAX_ROOMS_PER_PLAYER = 3


@transaction.atomic
def room_open(
    *, night_id, game, config=None, actor, player: Player | None = None, timeout=None, seed=None
) -> Room:
    """A new room of `night_id` for `game`, every seat empty. `config` is the engine's;
    `timeout` the seconds a person's turn waits before it is played for them (None: no
    timer, the party default). A night has at most `MAX_ROOMS` unfinished rooms, and a
    player's link opened at most `MAX_ROOMS_PER_PLAYER` of them (`player`: who opens it, None
    for the host; the night's row locked while counting)."""
    engine = engine_call(get_engine, game)
    config = dict(config or {})
    seats = engine_call(engine.new_state, config, random.Random(0))["config"]["seats"]
    if not Night.objects.select_for_update().filter(pk=night_id).exists():
        raise ServiceError(said("That night does not exist."), "not_found")
    unfinished = Room.objects.filter(night_id=night_id).exclude(status=Room.Status.FINISHED)
    if unfinished.count() >= MAX_ROOMS:
        raise ServiceError(
            said_n(
                "This night already has %(n)s card room being played, the most it can have"
                " at once: join it, or wait until the game is over.",
                "This night already has %(n)s card rooms being played, the most it can have"
                " at once: join one, or wait until a game is over.",
                MAX_ROOMS,
            ),
            "too_many_rooms",
        )
    if player is not None and unfinished.filter(opened_by=actor).count() >= MAX_ROOMS_PER_PLAYER:
        raise ServiceError(
            said_n(
                "You have already opened %(n)s card room that is not over: play in it, or"
                " wait until it is over.",
                "You have already opened %(n)s card rooms that are not over: play in them, or"
                " wait until one is over.",
                MAX_ROOMS_PER_PLAYER,
            ),
            "too_many_rooms",
        )
    return Room.objects.create(
        night_id=night_id,
        opened_by=actor,
        game=game,
        config=config,
        seed=secrets.randbits(62) if seed is None else seed,
        seats=[None] * seats,
        timeout=timeout,
    )


@transaction.atomic
def room_play_now(*, night_id, game, config=None, player: Player, timeout=None) -> Room:
    """ "Play now with bots", in one tap: a new room with `player` in the first seat, a bot in
    every other, dealt; all or nothing."""
    me = links.player_now(player)
    if me.night_id != night_id:
        raise ServiceError(said("Only the night's players can sit here."), "not_allowed")
    actor = links.player_actor(me)
    room = room_open(
        night_id=night_id, game=game, config=config, actor=actor, player=me, timeout=timeout
    )
    room.seats = [me.pk] + ["bot"] * (len(room.seats) - 1)
    room.save()
    room_start(room_id=room.pk, actor=actor, player=me)
    return room


def room_start(*, room_id, actor, player: Player | None = None, client_id=None) -> dict:
    """Deal: the engine's first state from the room's seed; bots act at once (a long
    bots-only session in steps of `playing.BOT_STEP` actions)."""

    def change(room):
        must_be_open(room)
        must_be_seated(room, player)
        if None in room.seats:
            raise ServiceError(
                said("Fill every seat first (add bots to the empty ones)."), "wrong_state"
            )
        room.state = engine_call(
            get_engine(room.game).new_state, room.config, random.Random(room.seed)
        )
        room.status = Room.Status.PLAYING
        return play_steps(room, [], client_id=client_id)

    return once(room_id, client_id, ["start", actor, None], change)
