"""The frames the Bunco night's sockets send (docs/protocol.md, "Server -> client"): one
TypedDict per frame and audience, its `type` a Literal, and the shapes inside them. The
builders (partynight/services/emit.py, snapshots.py, selectors.py) return these, and
tests/integration check every frame their sockets receive against them.

The audiences: a player's phones (`/ws/play/`), the host's dashboard (`/ws/nights/`) and
the big screen (`/ws/screen/`); the dashboard and the big screen get the same frames
("watchers"). A field a frame may leave out is NotRequired; a field that may be null says
`| None`. What a person reads is Text (Words, or a name as it was typed: live/words.py).
"""

from typing import Any, Literal, NotRequired, TypeAlias, TypedDict

from live.words import Text

Versions: TypeAlias = dict[str, int]  # {"night": n, "table:<round>:<table>": v}
Covers: TypeAlias = dict[str, list[int]]  # {scope: [first, last]}
Change: TypeAlias = Literal[
    "round_started",
    "round_done",
    "break",
    "night_over",
    "arrived",
    "late_seated",
    "players",
    "seats",
    "settings",
]


# --- the shapes inside frames -------------------------------------------------------------


class Seat(TypedDict):
    id: str
    name: str
    ghost: bool


class TableView(TypedDict):
    number: int
    name: Text
    round: int
    up: int
    seats: list[Seat]
    points: list[int]
    turn: int | None
    phase: Literal["playing", "finishing", "rolloff", "done"]
    winner: Literal["A", "B"] | None
    rolloffs: int
    buncos: dict[str, int]
    version: int


class Bell(TypedDict):
    table: int | None
    reason: Literal["target", "bunco", "host"]
    sentence: Text


class RoundView(TypedDict):
    number: int
    set: int
    round: int
    up: int
    state: Literal["playing", "finishing", "done"]
    bell: Bell | None
    break_after: bool
    last: bool


class PhoneView(TypedDict):
    phase: Literal[
        "waiting_seats",
        "waiting_list",
        "next_round",
        "rolling",
        "rolloff",
        "bell_finish",
        "table_done",
        "break",
        "prizes_pending",
        "over",
        "not_seated",
    ]
    headline: Text
    detail: Text
    bell: Text
    pad: bool
    pad_open: bool
    pad_reason: Text
    ring: int | None


class Roll(TypedDict):
    table: int
    seat: int
    player: str
    dice: list[int]
    up: int
    kind: Literal["bunco", "mini_bunco", "points", "wipeout", "miss"]
    points: int
    team: Literal["A", "B"]
    wiped: int
    credited: str | None
    turn_passes: bool
    rings_bell: Literal["target", "bunco"] | None
    table_stopped: bool
    phase: Literal["playing", "finishing", "rolloff", "done"]
    points_after: list[int]


class StandingRow(TypedDict):
    id: str
    name: str
    ghost: bool
    wins: int
    losses: int
    buncos: int


class LogLine(TypedDict):
    id: int
    who: str
    by: str  # a player's name, "host", or "app" (a ghost's virtual dice)
    dice: list[int]
    entry: str | None
    points: int
    kind: Literal["bunco", "mini_bunco", "points", "wipeout", "miss"]
    name: Text
    at: str


class UndoOffer(TypedDict):
    label: Text
    v: int


class Team(TypedDict):
    side: int  # the index of the player's team in the table's points
    partner: str
    opponents: list[str]
    sentence: Text


class NextSeat(TypedDict):
    table: int
    name: Text
    seat: int
    partner: str | None


class Prize(TypedDict):
    name: Text
    player_name: str
    amount: int
    why: Text
    mine: bool


class Results(TypedDict):
    place: int
    of: int
    prizes: list[Prize]
    link: str


class Award(TypedDict):
    prize: str
    name: Text
    player: str
    player_name: str
    amount: int
    detail: dict[str, Any]
    why: Text


class PlayerRow(TypedDict):
    id: str
    name: str
    ghost: bool
    paid: bool
    active: bool
    joined: bool


class Guest(TypedDict):
    id: str
    name: str


class GhostChair(TypedDict):
    id: str
    name: str
    table: int
    table_name: Text
    seat: int


class SeatingTable(TypedDict):
    number: int
    name: Text
    seats: list[Guest]


class Me(TypedDict):
    id: str
    name: str
    wins: int
    losses: int
    buncos: int


class PhoneNight(TypedDict):
    name: str
    state: str
    fuzzy_holder: str | None
    fuzzy_holder_name: str | None
    rules: dict[str, Any]


class WatchNight(TypedDict):
    id: int
    name: str
    state: str
    rounds_in_night: int
    fuzzy_holder: str | None
    pot: int


# --- the frames -----------------------------------------------------------------------------


class PlayerSnapshot(TypedDict):
    """A player's phones: on connect, on resync, and with a round-level change."""

    type: Literal["snapshot"]
    versions: Versions
    me: Me
    night: PhoneNight
    round: RoundView | None
    table: TableView | None
    seat: int | None
    team: Team | None
    next: NextSeat | None
    move: Text | None
    tables_in_night: int
    phone: PhoneView
    undo: UndoOffer | None
    results: Results | None
    # with a change only
    what: NotRequired[Change]
    events: NotRequired[list[Change]]
    covers: NotRequired[Covers]


class WatchSnapshot(TypedDict):
    """The dashboard and the big screen: on connect, on resync, and with a change."""

    type: Literal["snapshot"]
    versions: Versions
    night: WatchNight
    round: RoundView | None
    tables: list[TableView]
    seating: list[SeatingTable]
    waiting: list[Guest]
    ghost_chairs: list[GhostChair]
    moves: dict[str, Text]
    players: list[PlayerRow]
    standings: list[StandingRow]
    leaders: dict[str, list[str]]
    prize_names: dict[str, Text]
    awards: list[Award]
    chart: str | None
    logs: NotRequired[dict[str, list[LogLine]]]  # the dashboard page's only, never a socket's
    # with a change only
    what: NotRequired[Change]
    events: NotRequired[list[Change]]
    covers: NotRequired[Covers]
    logged: NotRequired[dict[str, list[LogLine]]]


class WatchTableEvent(TypedDict):
    """A table changed (a roll, the bell reaching it, a correction): the watchers' frame."""

    type: Literal["table"]
    scope: str
    v: int
    table: TableView
    roll: Roll | None
    client_id: str | None
    logged: NotRequired[LogLine]
    notice: NotRequired[Text]
    undone: NotRequired[list[int]]
    standings: NotRequired[list[StandingRow]]
    leaders: NotRequired[dict[str, list[str]]]


class PhoneTableEvent(WatchTableEvent):
    """The same change, to the table's phones: also each seat's phone view and the undo."""

    phones: dict[str, PhoneView]
    undo: UndoOffer | None


class BellEvent(TypedDict):
    type: Literal["night"]
    scope: Literal["night"]
    v: int
    what: Literal["bell"]
    bell: Bell
    round: RoundView


class FuzzyEvent(TypedDict):
    type: Literal["night"]
    scope: Literal["night"]
    v: int
    what: Literal["fuzzy"]
    fuzzy_holder: str
    fuzzy_holder_name: str | None
    leaders: dict[str, list[str]]


class Heartbeat(TypedDict):
    type: Literal["heartbeat"]
    versions: Versions


class Result(TypedDict):
    type: Literal["result"]
    client_id: str
    ok: Literal[True]
    roll: NotRequired[Roll]
    table_version: NotRequired[int]
    round: NotRequired[int]
    undone: NotRequired[int]
    replayed: NotRequired[Literal[True]]


class Error(TypedDict):
    type: Literal["error"]
    code: str
    message: Text
    client_id: NotRequired[str | None]


NightEvent: TypeAlias = BellEvent | FuzzyEvent

# Each audience's frames by `type`: a frame is one of these.
PHONE_FRAMES: dict[str, tuple[type, ...]] = {
    "snapshot": (PlayerSnapshot,),
    "table": (PhoneTableEvent,),
    "night": (BellEvent, FuzzyEvent),
    "heartbeat": (Heartbeat,),
    "result": (Result,),
    "error": (Error,),
}
WATCH_FRAMES: dict[str, tuple[type, ...]] = {
    "snapshot": (WatchSnapshot,),
    "table": (WatchTableEvent,),
    "night": (BellEvent, FuzzyEvent),
    "heartbeat": (Heartbeat,),
    "result": (Result,),
    "error": (Error,),
}
