"""Services for the card rooms: every change to a room goes through here.

As on the dice side (partynight/services/): keyword-only functions named `<noun>_<verb>`, one
transaction each, the room row locked (`select_for_update`), a version bump, the action log
appended (`RoomAction`), then a broadcast after commit. Game actions are checked by the
engine (`legal_actions`, `apply`: a `RulesError` becomes a readable `ServiceError`); bots act
at once, in the same transaction, until a person must act or the session ends. Every change,
seats included, sends frames built once after commit: each seated person's phones get their
seat's own view through their player's room group, spectators the public view; a socket never
re-reads the room because something happened elsewhere (docs/rooms.md).
"""

import random
import secrets
from datetime import timedelta

from django.db import transaction
from django.db.models import Max
from django.utils import timezone

from games import selectors
from games.bots import bot_action, style_for
from games.engines import RulesError, get_engine
from games.models import Room, RoomAction, RoomRequest
from live.broadcast import after_commit, send_after_commit, store_versions
from live.errors import ServiceError
from live.idempotency import idempotent, replayed
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

# Bot actions per transaction. A long bots-only session (14 seats, 500 coups: about 7,500
# actions, 0.6 s) would hold the room lock and the database thread all that time; it runs
# in steps instead: the frame's deadline is due at once, the room's timer asks
# `seat_timeout` for the next step (a room nobody watches waits until someone opens it).
BOT_STEP = 300


def player_group(room_id: int, player_id: int) -> str:
    """A player's phones in this room, seated or not: their own frame, which also tells the
    socket where they sit now (so it follows them between groups without a query)."""
    return f"room-{room_id}-player-{player_id}"


def watch_group(room_id: int) -> str:
    """Spectators, the big screen and phones without a seat: the public view."""
    return f"room-{room_id}-watch"


def versions_key(room_id: int) -> str:
    """Where the room's current version waits for the room sockets' heartbeat."""
    return f"rooms:versions:{room_id}"


def _lock(room_id: int) -> Room:
    try:
        return Room.objects.select_for_update().get(pk=room_id)
    except Room.DoesNotExist:
        raise ServiceError(said("That room does not exist."), "not_found") from None


def _engine_call(call, *args):
    try:
        return call(*args)
    except RulesError as error:
        raise ServiceError(error.message, "not_allowed") from None


def _seats_changed(room: Room, client_id=None, stood=()) -> dict:
    room.version += 1
    room.save()
    _announce(room, [], client_id, stood)
    return {"ok": True, "v": room.version}


@transaction.atomic
def room_open(
    *, night_id, game, config=None, actor, player: Player | None = None, timeout=None, seed=None
) -> Room:
    """A new room of `night_id` for `game`, every seat empty. `config` is the engine's;
    `timeout` the seconds a person's turn waits before it is played for them (None: no
    timer, the party default). A night has at most `MAX_ROOMS` unfinished rooms, and a
    player's link opened at most `MAX_ROOMS_PER_PLAYER` of them (`player`: who opens it, None
    for the host; the night's row locked while counting)."""
    engine = _engine_call(get_engine, game)
    config = dict(config or {})
    seats = _engine_call(engine.new_state, config, random.Random(0))["config"]["seats"]
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


def _must_be_open(room: Room) -> None:
    if room.status != Room.Status.OPEN:
        raise ServiceError(said("The game has started: seats are set."), "wrong_state")


def _free_seat(room: Room, seat: int | None) -> int:
    if seat is None:
        if None not in room.seats:
            raise ServiceError(said("Every seat is taken."), "room_full")
        return room.seats.index(None)
    if type(seat) is not int or not 0 <= seat < len(room.seats):
        raise ServiceError(said("There is no such seat."), "not_found")
    if room.seats[seat] is not None:
        raise ServiceError(said("That seat is taken."), "seat_taken")
    return seat


def _recorded(room_id: int, client_id: str) -> tuple[list, dict] | None:
    """Who asked what under a client id first, and the answer: a game action's (the log:
    [seat, action]) or a seat request's ([kind, actor, seat]); or None."""
    row = (
        RoomAction.objects.filter(room_id=room_id, client_id=client_id)
        .values_list("seat", "action", "result")
        .first()
    )
    if row is not None:
        return [row[0], row[1]], row[2]
    row = (
        RoomRequest.objects.filter(room_id=room_id, client_id=client_id)
        .values_list("asked", "result")
        .first()
    )
    return row and (row[0], row[1])


def _once(room_id: int, client_id, asked: list, change, *, logged=False) -> dict:
    """`change(room)` on the locked room, once per client id (live.idempotency): a repeat
    gets the first answer back. The id is checked again under the room lock, so a copy that
    raced the first and waited for the lock answers like a repeat, not with an error about
    what the first one changed (every seat taken). A seat request's answer is recorded here
    (`RoomRequest`); a game action's, `logged`, with its step in the action log."""

    def run():
        room = _lock(room_id)
        first = replayed(room_id, client_id, _recorded, asked)
        if first is not None:
            return first
        result = change(room)
        if client_id and not logged:
            RoomRequest.objects.create(room=room, client_id=client_id, asked=asked, result=result)
        return result

    return idempotent(room_id, client_id, run, lookup=_recorded, asked=asked)


def seat_join(*, room_id, player: Player, seat=None, client_id=None) -> dict:
    """`player` sits at `seat` (the first empty one if None); sitting again moves them."""

    def change(room):
        _must_be_open(room)
        me = links.player_now(player)
        if me.night_id != room.night_id:
            raise ServiceError(said("Only the night's players can sit here."), "not_allowed")
        chosen = seat
        if me.pk in room.seats:
            mine = room.seats.index(me.pk)
            if chosen is None or chosen == mine:
                return {"ok": True, "seat": mine, "v": room.version}
            chosen = _free_seat(room, chosen)
            room.seats[mine] = None
        else:
            chosen = _free_seat(room, chosen)
        room.seats[chosen] = me.pk
        return _seats_changed(room, client_id) | {"seat": chosen}

    return _once(room_id, client_id, ["sit", links.player_actor(player), seat], change)


def _seated(room: Room, player: Player | None) -> None:
    """A player may add bots or start only from a seat of this room (the host, `player`
    None, always may); the locked room row is the fresh truth about who sits there, and
    the player is re-read (a socket's copy may be of someone the host removed)."""
    if player is not None and links.player_now(player).pk not in room.seats:
        raise ServiceError(
            said("Take a seat first: only the room's players or the host can do that."),
            "not_seated",
        )


def seat_add_bot(
    *, room_id, seat=None, actor, player: Player | None = None, client_id=None
) -> dict:
    def change(room):
        _must_be_open(room)
        _seated(room, player)
        chosen = _free_seat(room, seat)
        room.seats[chosen] = "bot"
        return _seats_changed(room, client_id) | {"seat": chosen}

    return _once(room_id, client_id, ["bot", actor, seat], change)


def seats_fill_with_bots(*, room_id, actor, player: Player | None = None, client_id=None) -> dict:
    """A bot in every empty seat, in one tap (who may: as for one bot)."""

    def change(room):
        _must_be_open(room)
        _seated(room, player)
        empty = [seat for seat, taken in enumerate(room.seats) if taken is None]
        if not empty:
            raise ServiceError(said("Every seat is taken."), "room_full")
        for seat in empty:
            room.seats[seat] = "bot"
        return _seats_changed(room, client_id) | {"seats": empty}

    return _once(room_id, client_id, ["fill_bots", actor, None], change)


def seat_leave(*, room_id, seat, actor, player: Player | None = None, client_id=None) -> dict:
    """Free `seat` before the start; during play a bot takes it over (the game needs it).
    Either way one version and one frame each: the leaver's phones get the public view."""

    def change(room):
        if player is not None:
            links.player_now(player)
        if type(seat) is not int or not 0 <= seat < len(room.seats) or room.seats[seat] is None:
            raise ServiceError(said("Nobody sits there."), "not_found")
        if player is not None and room.seats[seat] != player.pk:
            raise ServiceError(said("That is not your seat."), "not_your_seat")
        if room.status == Room.Status.FINISHED:
            raise ServiceError(said("This game is over."), "wrong_state")
        stood = [room.seats[seat]] if isinstance(room.seats[seat], int) else []
        if room.status == Room.Status.OPEN:
            room.seats[seat] = None
            return _seats_changed(room, client_id, stood)
        room.seats[seat] = "bot"
        return _play(room, [], by="bot", client_id=client_id, stood=stood)

    # A player leaves their own seat: a resend from a phone that has already been told it
    # stood up (its socket knows no seat now) is the same request, not another one.
    asked = ["leave", actor, seat if player is None else None]
    return _once(room_id, client_id, asked, change)


def votes_needed(room: Room, seat: int) -> int:
    """More than half of the other people seated must agree to let a bot play for `seat`."""
    others = [h for i, h in enumerate(room.seats) if isinstance(h, int) and i != seat]
    return len(others) // 2 + 1


def seat_vote_bot(*, room_id, seat, player: Player, client_id=None) -> dict:
    """`player` votes to let a bot play for the person at `seat`, who keeps the game waiting
    (they left, say). With more than half of the other people's votes a bot takes the seat at
    once (as when a player leaves); the host needs no vote (`seat_leave`). A seat's votes
    lapse when its person plays."""

    def change(room):
        if room.status != Room.Status.PLAYING:
            raise ServiceError(said("The game is not being played."), "wrong_state")
        me = links.player_now(player).pk
        if me not in room.seats:
            raise ServiceError(said("Only the room's players can vote."), "not_seated")
        if type(seat) is not int or not 0 <= seat < len(room.seats):
            raise ServiceError(said("There is no such seat."), "not_found")
        if room.seats[seat] == me or seat not in selectors.waiting(room):
            raise ServiceError(
                said("Only someone the game waits for can be replaced."), "not_allowed"
            )
        votes = set(room.votes.get(str(seat), [])) | {me}
        if len(votes) < votes_needed(room, seat):
            room.votes = room.votes | {str(seat): sorted(votes)}
            return _seats_changed(room, client_id) | {"votes": len(votes)}
        stood = [room.seats[seat]]
        room.seats[seat] = "bot"
        room.votes = {k: v for k, v in room.votes.items() if k != str(seat)}
        return _play(room, [], by="bot", client_id=client_id, stood=stood)

    return _once(room_id, client_id, ["vote_bot", links.player_actor(player), seat], change)


def room_start(*, room_id, actor, player: Player | None = None, client_id=None) -> dict:
    """Deal: the engine's first state from the room's seed; bots act at once (a long
    bots-only session in steps of `BOT_STEP` actions)."""

    def change(room):
        _must_be_open(room)
        _seated(room, player)
        if None in room.seats:
            raise ServiceError(
                said("Fill every seat first (add bots to the empty ones)."), "wrong_state"
            )
        room.state = _engine_call(
            get_engine(room.game).new_state, room.config, random.Random(room.seed)
        )
        room.status = Room.Status.PLAYING
        return _play(room, [], by="start", client_id=client_id)

    return _once(room_id, client_id, ["start", actor, None], change)


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
        return _play(room, first, by="player")

    return _once(room_id, client_id, [seat, action], apply, logged=True)


@transaction.atomic
def seat_timeout(*, room_id, actor, seen_version=None, force=False) -> dict:
    """The people the game waits for get `default_action` (sit out, pass, the tableau), each
    once their wait is over (`selectors.waits`: `room.timeout` seconds unless the engine says
    less), all at once with `force` (the host). While bots have actions left over from a long
    streak, their next step is played instead, at once. A timer that fires after the room
    moved on (`seen_version` is old) changes nothing."""
    room = _lock(room_id)
    if room.status != Room.Status.PLAYING or (seen_version not in (None, room.version)):
        return {"ok": True, "v": room.version, "timed_out": []}
    if selectors.bots_to_act(room):
        return _play(room, [], by="bot") | {"timed_out": []}
    now, waits = timezone.now(), selectors.waits(room)
    seats = [s for s, wait in waits.items() if now >= room.updated + timedelta(seconds=wait)]
    if force:  # the host: everyone waited for, timer or not
        seats = selectors.waiting(room)
    if not seats:
        raise ServiceError(said("The choice has not waited long enough yet."), "too_early")
    engine = get_engine(room.game)
    steps = [(s, engine.default_action(room.state, s), "timeout", None) for s in seats]
    return _play(room, steps, by="timeout") | {"timed_out": seats}


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


def _play(room: Room, steps, by: str, client_id=None, stood=()) -> dict:
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
        seat, action, kind, client_id = steps.pop(0)
        state = _engine_call(engine.apply, state, seat, action)
        seen.append(engine.view(state, None)[seen_key] if seen_key else None)
        seq += 1
        log.append(
            RoomAction(
                room=room, seq=seq, seat=seat, action=action, by=kind,
                client_id=client_id, version=version, result=result if client_id else {},
            )
        )  # fmt: skip
    RoomAction.objects.bulk_create(log)
    room.state, room.version = state, version
    if engine.is_over(state):
        room.status = Room.Status.FINISHED
    room.save()
    actions = [
        {"seat": a.seat, "by": a.by, "action": a.action} | ({"seen": what} if what else {})
        for a, what in zip(log[-50:], seen[-50:], strict=True)
    ]
    client_id = client_id or next((a.client_id for a in log if a.client_id), None)
    _announce(room, actions, client_id, stood)
    return result


def _announce(room: Room, actions: list[dict], client_id=None, stood=()) -> None:
    """One frame per audience, built once: each seated person's phones (their player group)
    their seat's view; the players in `stood` (who just lost their seat) and the watchers the
    public one. `client_id` is the action that caused it: that phone needs only this frame.
    The watchers' event lists the seated players: a phone still in the watch group while it
    moves to its seat drops that frame (its own comes through its player group)."""
    names = selectors.seat_names(room)
    seated = [holder for holder in room.seats if isinstance(holder, int)]

    def frame(seat):
        return {**selectors.room_frame(room, seat, names, actions), "client_id": client_id}

    for seat, holder in enumerate(room.seats):
        if isinstance(holder, int):
            mine = {"type": "room.mine", "player": holder, "frame": frame(seat)}
            send_after_commit([player_group(room.pk, holder)], mine)
    public = frame(None)
    for player in stood:
        mine = {"type": "room.mine", "player": player, "frame": public}
        send_after_commit([player_group(room.pk, player)], mine)
    event = {"type": "room.frame", "seated": seated, "frame": public}
    send_after_commit([watch_group(room.pk)], event)
    # For the heartbeat: a socket whose frame was lost without an error notices in seconds.
    versions = {selectors.scope(room): room.version}
    after_commit(lambda: store_versions(versions_key(room.pk), versions))
