"""Who sits where: people taking, moving and leaving seats, bots added, and the vote that
lets a bot play for someone who keeps the game waiting."""

from games import selectors
from games.models import Room
from games.services.common import must_be_open, must_be_seated, once
from games.services.emit import announce
from games.services.playing import play_steps
from live.errors import ServiceError
from live.words import said
from partynight import links
from partynight.models import Player


def seat_join(*, room_id, player: Player, seat=None, client_id=None) -> dict:
    """`player` sits at `seat` (the first empty one if None); sitting again moves them."""

    def change(room):
        must_be_open(room)
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

    return once(room_id, client_id, ["sit", links.player_actor(player), seat], change)


def seat_add_bot(
    *, room_id, seat=None, actor, player: Player | None = None, client_id=None
) -> dict:
    def change(room):
        must_be_open(room)
        must_be_seated(room, player)
        chosen = _free_seat(room, seat)
        room.seats[chosen] = "bot"
        return _seats_changed(room, client_id) | {"seat": chosen}

    return once(room_id, client_id, ["bot", actor, seat], change)


def seats_fill_with_bots(*, room_id, actor, player: Player | None = None, client_id=None) -> dict:
    """A bot in every empty seat, in one tap (who may: as for one bot)."""

    def change(room):
        must_be_open(room)
        must_be_seated(room, player)
        empty = [seat for seat, taken in enumerate(room.seats) if taken is None]
        if not empty:
            raise ServiceError(said("Every seat is taken."), "room_full")
        for seat in empty:
            room.seats[seat] = "bot"
        return _seats_changed(room, client_id) | {"seats": empty}

    return once(room_id, client_id, ["fill_bots", actor, None], change)


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
        return play_steps(room, [], client_id=client_id, stood=stood)

    # A player leaves their own seat: a resend from a phone that has already been told it
    # stood up (its socket knows no seat now) is the same request, not another one.
    asked = ["leave", actor, seat if player is None else None]
    return once(room_id, client_id, asked, change)


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
        return play_steps(room, [], client_id=client_id, stood=stood)

    return once(room_id, client_id, ["vote_bot", links.player_actor(player), seat], change)


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


def _seats_changed(room: Room, client_id=None, stood=()) -> dict:
    """A seats-only change: one version up, and every audience's frame after commit."""
    room.version += 1
    room.save()
    announce(room, [], client_id, stood)
    return {"ok": True, "v": room.version}
