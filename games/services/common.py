"""Shared plumbing for the room services: the lock, the engine call, who may change seats,
and idempotency by client id."""

from games.engines import RulesError
from games.models import Room, RoomAction, RoomRequest
from live.errors import ServiceError
from live.idempotency import idempotent, replayed
from live.words import said
from partynight import links
from partynight.models import Player


def lock_room(room_id: int) -> Room:
    """The room row, locked for this transaction: every change to a room queues here."""
    try:
        return Room.objects.select_for_update().get(pk=room_id)
    except Room.DoesNotExist:
        raise ServiceError(said("That room does not exist."), "not_found") from None


def engine_call(call, *args):
    """`call(*args)` of an engine; a rule it breaks is refused in the engine's words."""
    try:
        return call(*args)
    except RulesError as error:
        raise ServiceError(error.message, "not_allowed") from None


def must_be_open(room: Room) -> None:
    if room.status != Room.Status.OPEN:
        raise ServiceError(said("The game has started: seats are set."), "wrong_state")


def must_be_seated(room: Room, player: Player | None) -> None:
    """A player may add bots or start only from a seat of this room (the host, `player`
    None, always may); the locked room row is the fresh truth about who sits there, and
    the player is re-read (a socket's copy may be of someone the host removed)."""
    if player is not None and links.player_now(player).pk not in room.seats:
        raise ServiceError(
            said("Take a seat first: only the room's players or the host can do that."),
            "not_seated",
        )


def recorded(room_id: int, client_id: str) -> tuple[list, dict] | None:
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


def once(room_id: int, client_id, asked: list, change, *, logged=False) -> dict:
    """`change(room)` on the locked room, once per client id (live.idempotency): a repeat
    gets the first answer back. The id is checked again under the room lock, so a copy that
    raced the first and waited for the lock answers like a repeat, not with an error about
    what the first one changed (every seat taken). A seat request's answer is recorded here
    (`RoomRequest`); a game action's, `logged`, with its step in the action log."""

    def run():
        room = lock_room(room_id)
        first = replayed(room_id, client_id, recorded, asked)
        if first is not None:
            return first
        result = change(room)
        if client_id and not logged:
            RoomRequest.objects.create(room=room, client_id=client_id, asked=asked, result=result)
        return result

    return idempotent(room_id, client_id, run, lookup=recorded, asked=asked)
