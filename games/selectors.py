"""Reads for the card rooms: the frames the phones and screens get. Each frame holds the
engine's `view(state, seat)` for one seat (None: spectators), never the whole state."""

from games.engines import get_engine
from games.frames import RoomFrame, RoomInfo, RoomSnapshot
from games.models import Room
from live.words import Text, said
from partynight.models import Player

# The games' names as Words: frames carry them and each reader sees their own language's.
TITLES = {
    # Translators: the French name, which Italian, Spanish and Filipino players keep too.
    "punto_banco": said("Punto Banco"),
    "chemin_de_fer": said("Chemin de Fer"),
    "baccarat_banque": said("Baccarat Banque"),
    # Translators: Bunco played with cards (a Flinch-like patience), not the dice game.
    "bunco_cards": said("Bunco (the card game)"),
    # Translators: the name its players use (Italian "Banca russa" or "Zanzibar"...).
    "russian_bank": said("Russian Bank"),
    # Translators: an Italian game: its name stays Italian everywhere.
    "burraco": said("Burraco"),
}


def title_of(game: str) -> Text:
    return TITLES.get(game, game)


# A room's status as the pages say it (the model's values are codes).
STATUSES = {
    "open": said("taking seats"),
    "playing": said("playing"),
    "finished": said("game over"),
}


# Games whose public view says what the last step did (Russian Bank's `last`: the card moved
# and where to): each step in a frame carries it as `seen`, so a phone can list a bot's
# turn move by move, in order.
STEP_SEEN = {"russian_bank": "last"}


def scope(room: Room) -> str:
    return f"room:{room.pk}"


def seat_names(room: Room) -> list[Text]:
    """Each seat's name: the player's as typed, a bot's as Words ("Bot 2"), "" if empty."""
    ids = [seat for seat in room.seats if isinstance(seat, int)]
    names = dict(Player.objects.filter(pk__in=ids).values_list("id", "name"))
    return [_seat_name(i, seat, names) for i, seat in enumerate(room.seats)]


def _seat_name(i: int, seat, names: dict) -> Text:
    if seat == "bot":
        # Translators: a computer player's name: Bot 1, Bot 2...
        return said("Bot %(n)s", n=i + 1)
    return "" if seat is None else names.get(seat, "?")


def waiting(room: Room) -> list[int]:
    """The people's seats the game waits for (bots never keep anyone waiting)."""
    if room.status != Room.Status.PLAYING:
        return []
    return [seat for seat in room.state["to_act"] if isinstance(room.seats[seat], int)]


def bots_to_act(room: Room) -> bool:
    """Bots still have actions to take (a long bot streak stopped after a step)."""
    if room.status != Room.Status.PLAYING:
        return False
    return any(room.seats[seat] == "bot" for seat in room.state["to_act"])


def waits(room: Room) -> dict[int, int]:
    """Seconds each waiting seat has from the last change: the room's timeout, or less where
    the engine says so (`wait_seconds`: Russian Bank's 10-second Stop window). A room without
    a timer (`timeout` None, the default) waits for a person as long as it takes: only the
    engine's own windows run out."""
    own = getattr(get_engine(room.game), "wait_seconds", None)
    seconds = {seat: (own and own(room.state, seat)) or room.timeout for seat in waiting(room)}
    return {seat: wait for seat, wait in seconds.items() if wait}


def room_info(room: Room, names: list[Text]) -> RoomInfo:
    """What everyone may know about the room: game, status, who sits where, the clock (when
    the server plays on by itself: the first waiting seat's timeout, or at once for the bots'
    next step); `since` is the last change, the start of every wait."""
    deadline = None
    if bots_to_act(room):
        deadline = room.updated.timestamp()
    elif seconds := waits(room):
        deadline = room.updated.timestamp() + min(seconds.values())
    return {
        "id": room.pk,
        "game": room.game,
        "title": title_of(room.game),
        "status": room.status,
        "seats": [
            {
                "kind": "empty" if seat is None else "bot" if seat == "bot" else "player",
                "name": name,
            }
            for seat, name in zip(room.seats, names, strict=True)
        ],
        "timeout": room.timeout,
        "deadline": deadline,
        "since": room.updated.timestamp(),
        "waiting": waiting(room),
        "votes": {seat: len(voters) for seat, voters in room.votes.items()},
    }


def room_frame(room: Room, seat: int | None, names: list[Text], actions=()) -> RoomFrame:
    """One seat's frame (a spectator's with seat None); `actions` were just applied."""
    engine = get_engine(room.game)
    view = engine.view(room.state, seat) if room.state else None
    if view is not None and "legal_actions" not in view:
        # What the phone highlights: the engine's own list, never re-derived in a browser
        # (Burraco's view names only the kinds; its seat's own moves are its own to see).
        view["legal_actions"] = engine.legal_actions(room.state, seat) if seat is not None else []
    return {
        "type": "room",
        "scope": scope(room),
        "v": room.version,
        "room": room_info(room, names),
        "seat": seat,
        "view": view,
        "actions": list(actions),
    }


def room_version(room_id: int) -> tuple:
    """What the public view of a room depends on: its version (and its screen token, which
    tells a new room apart from a deleted one with the same id)."""
    return tuple(Room.objects.values_list("version", "screen_token").get(pk=room_id))


def seat_of(room: Room, player: Player | None) -> int | None:
    if player is None or player.pk not in room.seats:
        return None
    return room.seats.index(player.pk)


def room_snapshot(room: Room, player: Player | None) -> RoomSnapshot:
    """A full frame for `player`'s own seat (or as a spectator), on connect and resync."""
    frame = room_frame(room, seat_of(room, player), seat_names(room))
    me = {"id": player.pk, "name": player.name} if player else None
    return frame | {"type": "snapshot", "versions": {scope(room): room.version}, "me": me}


# Finished rooms the host's rooms page lists (the newest); the unfinished are all there.
FINISHED_LISTED = 10


def rooms_listed(night) -> list[Room]:
    """The host's rooms page: every unfinished room of `night` (the cap keeps them few),
    then the latest finished ones, newest first."""
    rooms = night.rooms.all()
    unfinished = list(rooms.exclude(status=Room.Status.FINISHED))
    return unfinished + list(rooms.filter(status=Room.Status.FINISHED)[:FINISHED_LISTED])
