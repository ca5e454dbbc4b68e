"""What each audience of a room hears after a change commits: built once here, in the
service, then sent through live.broadcast to the groups of live/groups.py. A socket never
re-reads the room because something happened elsewhere (docs/rooms.md)."""

from games import selectors
from games.frames import RoomFrame, RoomMine, RoomWatched, Step
from games.models import Room
from live.broadcast import after_commit, send_after_commit, store_versions
from live.groups import room_player_group, room_versions_key, room_watch_group


def announce(room: Room, actions: list[Step], client_id=None, stood=()) -> None:
    """One frame per audience, built once: each seated person's phones (their player group)
    their seat's view; the players in `stood` (who just lost their seat) and the watchers the
    public one. `client_id` is the action that caused it: that phone needs only this frame.
    The watchers' event lists the seated players: a phone still in the watch group while it
    moves to its seat drops that frame (its own comes through its player group)."""
    names = selectors.seat_names(room)
    seated = [holder for holder in room.seats if isinstance(holder, int)]

    def frame(seat) -> RoomFrame:
        return {**selectors.room_frame(room, seat, names, actions), "client_id": client_id}

    for seat, holder in enumerate(room.seats):
        if isinstance(holder, int):
            mine: RoomMine = {"type": "room.mine", "player": holder, "frame": frame(seat)}
            send_after_commit([room_player_group(room.pk, holder)], mine)
    public = frame(None)
    for player in stood:
        stood_up: RoomMine = {"type": "room.mine", "player": player, "frame": public}
        send_after_commit([room_player_group(room.pk, player)], stood_up)
    event: RoomWatched = {"type": "room.frame", "seated": seated, "frame": public}
    send_after_commit([room_watch_group(room.pk)], event)
    # For the heartbeat: a socket whose frame was lost without an error notices in seconds.
    versions = {selectors.scope(room): room.version}
    after_commit(lambda: store_versions(room_versions_key(room.pk), versions))
