"""The frames a room sends, typed: what a phone or screen receives on a room socket (a
`room` frame after each change, a `snapshot` on connect and resync), and the channel-layer
events that carry a room frame to its groups (games/services/emit.py). Each has its `type`
as a Literal. `view` is the engine's own `view(state, seat)` (games/engines/base.py): each
game shapes it, and it holds what that seat may see only. The protocol: docs/rooms.md."""

from typing import Any, Literal, NotRequired, TypedDict

from live.words import Text


class Seat(TypedDict):
    kind: Literal["empty", "bot", "player"]
    name: Text  # a player's name as typed, a bot's as Words ("Bot 2"), "" if empty


class RoomInfo(TypedDict):
    """What everyone may know about a room (selectors.room_info)."""

    id: int
    game: str
    title: Text
    status: Literal["open", "playing", "finished"]
    seats: list[Seat]
    timeout: int | None  # seconds a person's turn waits; None: no timer
    deadline: float | None  # epoch seconds when the server plays on by itself
    since: float  # epoch seconds of the last change
    waiting: list[int]  # the people's seats the game waits for
    votes: dict[str, int]  # seat -> votes to let a bot play for it


class Step(TypedDict):
    """One action just applied, as the frame lists it."""

    seat: int
    by: Literal["player", "bot", "timeout"]
    action: dict[str, Any]
    seen: NotRequired[Any]  # what the step did, where the game's public view says it


class RoomView(TypedDict):
    """What a room frame and a snapshot share: one seat's view (None: a spectator's)."""

    scope: str  # "room:<id>", the key of `v` in the heartbeat's versions
    v: int
    room: RoomInfo
    seat: int | None
    view: dict[str, Any] | None  # None before the deal
    actions: list[Step]


class RoomFrame(RoomView):
    """A change, as each audience sees it."""

    type: Literal["room"]
    client_id: NotRequired[str | None]  # the action that caused it (sent after a change)


class Me(TypedDict):
    id: int
    name: str


class RoomSnapshot(RoomView):
    """The whole room for one phone or screen, on connect and resync."""

    type: Literal["snapshot"]
    versions: dict[str, int]
    me: Me | None  # the phone's player; None on a screen


class RoomMine(TypedDict):
    """To a player's room group: their own frame (their seat's view, or the public one)."""

    type: Literal["room.mine"]
    player: int
    frame: RoomFrame


class RoomWatched(TypedDict):
    """To the room's watch group: the public frame, and who is seated at its version."""

    type: Literal["room.frame"]
    seated: list[int]
    frame: RoomFrame
