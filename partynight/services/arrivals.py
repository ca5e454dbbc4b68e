"""Guests who arrive after the seats are drawn. They go on the night's waiting list and
nothing drawn, printed or played changes until the host chooses: seat them in a ghost's
chair now, redraw the seats (before play: nights.seats_draw), or let them wait for the next
round, whose rotation gives them a free ghost's chair (the reducer does that). Each step is
lock -> load -> reduce (partynight.rules.reducer) -> save -> emit."""

from live.errors import ServiceError
from live.words import said
from partynight.models import Night, Player
from partynight.rules import lifecycle, reducer
from partynight.services import store
from partynight.services.common import idempotent, lock_night
from partynight.services.play import commit, reduce


def arrive(night: Night, players: list[Player], actor) -> None:
    """`players`, just added to the locked `night`, go on its waiting list."""
    loaded = store.load(night)
    state, events = loaded.state, []
    for player in players:
        state, more = reduce(lifecycle.arrive, state, player.key)
        events += more
    commit(loaded, state, events, actor)


def ghost_keys(night: Night) -> set[str]:
    return {p.key for p in night.players.filter(active=True, is_ghost=True)}


def late_guest_seat(*, night_id, player_id, ghost_id=None, actor, client_id=None) -> dict:
    """The host gives a waiting guest `ghost_id`'s chair (or the first ghost's chair in the
    seating); a double tap answers the first result."""

    def action():
        night = lock_night(night_id)
        return _seat(night, f"p{player_id}", ghost_id and f"p{ghost_id}", actor, client_id)

    return idempotent(night_id, client_id, action, actor=actor, kind="late_seated")


def _seat(night: Night, player: str, ghost: str | None, actor, client_id=None) -> dict:
    loaded = store.load(night)
    ghosts = ghost_keys(night)
    if ghost is None:
        free = reducer.ghost_chairs(loaded.state, ghosts)
        if not free:
            message = said("Every chair is taken: there is no ghost's chair to give.")
            raise ServiceError(message, "full")
        ghost = free[0]
    new, events = reduce(lifecycle.seat_waiting, loaded.state, player, ghost, ghosts)
    result = {"ok": True, "player": player, "ghost": ghost}
    commit(loaded, new, events, actor, client_id, result=result)
    return result
