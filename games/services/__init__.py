"""Services for the card rooms: every change to a room goes through here.

As on the dice side (partynight/services/): keyword-only functions named `<noun>_<verb>`, one
transaction each, the room row locked (`select_for_update`), a version bump, the action log
appended (`RoomAction`), then a broadcast after commit. Game actions are checked by the
engine (`legal_actions`, `apply`: a `RulesError` becomes a readable `ServiceError`); bots act
at once, in the same transaction, until a person must act or the session ends. Every change,
seats included, sends frames built once after commit: each seated person's phones get their
seat's own view through their player's room group, spectators the public view; a socket never
re-reads the room because something happened elsewhere (docs/rooms.md).

rooms.py opens and deals a room, seating.py seats people and bots, playing.py plays the
game's actions (a person's, a timer's, the bots'), emit.py builds what each audience hears,
common.py holds the lock, the engine call and idempotency by client id, messages.py the
room sockets' message schemas.
"""

from live.errors import ServiceError

__all__ = ["ServiceError"]
