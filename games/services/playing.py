"""Playing a room's game: a person's action, a timer's default action, and the bots' turns
that follow either, all through `play_steps`."""

import random
from datetime import timedelta

from django.db import transaction
from django.db.models import Max
from django.utils import timezone

from games import selectors
from games.bots import bot_action, style_for
from games.engines import get_engine
from games.frames import Step
from games.models import Room, RoomAction
from games.services.common import engine_call, lock_room, once
from games.services.emit import announce
from live.errors import ServiceError
from live.words import said
from partynight import links
from partynight.models import Player

# Bot actions per transaction. A long bots-only session (14 seats, 500 coups: about 7,500
# actions) would hold the room lock and the database thread all that time; it runs
# in steps instead: the frame's deadline is due at once, the room's timer asks
# `seat_timeout` for the next step (a room nobody watches waits until someone opens it).
BOT_STEP = 300


def action_apply(
    *, room_id, seat, action, client_id, seen_version=None, player: Player | None = None
) -> dict:
    """`seat` plays `action`. `seen_version` is the room version the phone showed: if this
    seat has acted since (on another phone, or its timer ran out) the answer is "already
    played", never a second action. Other seats acting meanwhile is fine: bets are
    simultaneous. A repeated client id gets the first answer back."""

    def apply(room):
        if room.status != Room.Status.PLAYING:
            raise ServiceError(said("The game is not being played."), "wrong_state")
        if type(seat) is not int or not 0 <= seat < len(room.seats):
            raise ServiceError(said("There is no such seat."), "not_found")
        if player is not None and room.seats[seat] != links.player_now(player).pk:
            raise ServiceError(said("That is not your seat."), "not_your_seat")
        if seen_version is not None:
            since = RoomAction.objects.filter(room=room, seat=seat, version__gt=seen_version)
            if since.exists():
                raise ServiceError(
                    said("Your seat has already played; look again."), "already_played"
                )
        legal = get_engine(room.game).legal_actions(room.state, seat)
        if not legal:
            raise ServiceError(said("It is not your turn."), "not_your_turn")
        _check_shape(action, legal, get_engine(room.game))
        first = [(seat, action, "player", client_id)]
        room.votes = {k: v for k, v in room.votes.items() if k != str(seat)}  # they are here
        return play_steps(room, first)

    return once(room_id, client_id, [seat, action], apply, logged=True)


@transaction.atomic
def seat_timeout(*, room_id, actor, seen_version=None, force=False) -> dict:
    """The people the game waits for get `default_action` (sit out, pass, the tableau), each
    once their wait is over (`selectors.waits`: `room.timeout` seconds unless the engine says
    less), all at once with `force` (the host). While bots have actions left over from a long
    streak, their next step is played instead, at once. A timer that fires after the room
    moved on (`seen_version` is old) changes nothing."""
    room = lock_room(room_id)
    if room.status != Room.Status.PLAYING or (seen_version not in (None, room.version)):
        return {"ok": True, "v": room.version, "timed_out": []}
    if selectors.bots_to_act(room):
        return play_steps(room, []) | {"timed_out": []}
    now, waits = timezone.now(), selectors.waits(room)
    seats = [s for s, wait in waits.items() if now >= room.updated + timedelta(seconds=wait)]
    if force:  # the host: everyone waited for, timer or not
        seats = selectors.waiting(room)
    if not seats:
        raise ServiceError(said("The choice has not waited long enough yet."), "too_early")
    engine = get_engine(room.game)
    steps = [(s, engine.default_action(room.state, s), "timeout", None) for s in seats]
    return play_steps(room, steps) | {"timed_out": seats}


def _check_shape(action, legal: list[dict], engine) -> None:
    """Refuse an action of the wrong shape before any engine looks it up: an object whose
    `type` is a string (a list or an object there would crash the engine's lookup of its
    kinds) and whose keys the engine knows; the engine judges the rest in its own words."""
    kinds = {option["type"] for option in legal}
    allowed = {key for option in legal for key in option} | set(getattr(engine, "action_keys", ()))
    if (
        not isinstance(action, dict)
        or not isinstance(action.get("type"), str)
        or set(action) - allowed
    ):
        # Only a hand-made message gets here (the phones send the legal actions): the
        # engine's own names of the moves are the answer.
        # Translators: %(moves)s lists the game's move names as the program knows them.
        choices = said("You can: %(moves)s.", moves=", ".join(sorted(kinds)))
        raise ServiceError(choices, "not_allowed")


def play_steps(room: Room, steps, client_id=None, stood=()) -> dict:
    """Apply `steps` [(seat, action, by, client_id)], then the bots until a person must act
    (or `BOT_STEP` bot actions: the timer plays on); log them, bump the version once, save,
    and send each seat its own view after commit (`client_id`: the cause, if not a step's)."""
    engine = get_engine(room.game)
    version = room.version + 1
    result = {"ok": True, "v": version}
    seq = room.actions.aggregate(last=Max("seq"))["last"] or 0
    state, log, bots = room.state, [], random.Random(f"bots {room.seed} {seq}")
    steps, seen, seen_key = list(steps), [], selectors.STEP_SEEN.get(room.game)
    while True:
        if not steps:
            turn = [s for s in state["to_act"] if room.seats[s] == "bot"]
            if engine.is_over(state) or not turn or len(log) >= BOT_STEP:
                break
            style = style_for(engine, room.seed, turn[0])
            steps.append((turn[0], bot_action(engine, state, turn[0], bots, style), "bot", None))
        seat, action, kind, step_id = steps.pop(0)
        state = engine_call(engine.apply, state, seat, action)
        seen.append(engine.view(state, None)[seen_key] if seen_key else None)
        seq += 1
        log.append(
            RoomAction(
                room=room, seq=seq, seat=seat, action=action, by=kind,
                client_id=step_id, version=version, result=result if step_id else {},
            )
        )  # fmt: skip
    RoomAction.objects.bulk_create(log)
    room.state, room.version = state, version
    if engine.is_over(state):
        room.status = Room.Status.FINISHED
    room.save()
    actions: list[Step] = [
        {"seat": a.seat, "by": a.by, "action": a.action} | ({"seen": what} if what else {})
        for a, what in zip(log[-50:], seen[-50:], strict=True)
    ]
    client_id = client_id or next((a.client_id for a in log if a.client_id), None)
    announce(room, actions, client_id, stood)
    return result
