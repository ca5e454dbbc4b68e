"""Playing rounds: start a round, record rolls, ring the bell. Each action is lock -> load ->
reduce (partynight.rules.reducer: ghosts, the fuzzy die, the bell, the round's end) -> save
-> log -> emit; nothing here decides a rule."""

import json

from live import sql
from live.errors import ServiceError
from live.steps import live_action, written_once
from live.words import said
from partynight import links
from partynight.models import Night, Player
from partynight.rules import reducer
from partynight.rules.errors import RulesError
from partynight.services import emit, store
from partynight.services.common import idempotent_steps, lock_night, rules_of, seeded


def chance_of(night: Night):
    """The night's randomness by purpose (a ghost's roll, the rotation): replayable."""
    return lambda *purpose: seeded(night, *purpose)


def reduce(step, *args):
    """Run a reducer step; a rules refusal becomes the service's readable error."""
    try:
        return step(*args)
    except RulesError as error:
        raise ServiceError(error.message, error.code) from None


@written_once
def commit(
    loaded,
    new,
    events,
    actor,
    client_id=None,
    entry=None,
    notice=None,
    request=None,
    undone=(),
    result=None,
):
    """Save the reducer's result and emit its messages after commit. The first event is
    logged with `client_id` and the action's answer, `result` (a roll's is its own);
    `entry` is the phone button the person's roll came from (the roll log shows it),
    `request` what its client id stands for (common.idempotent); `undone` the roll log
    lines a correction took back; `notice` a host's correction in words, for the table's
    phones."""
    bumps = emit.night_bumps(events)
    saved = yield from store.save.steps(
        loaded, new, events, actor, client_id, bumps, entry, request, result
    )
    yield from emit.announce.steps(loaded, saved, client_id, notice, undone)
    return saved


@live_action
def round_start(*, night_id, number: int, actor, client_id=None, player=None):
    """Start round `number` (1-based). Asking for a round that already started answers
    "already started" and changes nothing, so two host tabs (or two Head-table phones)
    cannot start it twice. A `player` may start it only from the next round's Head table:
    in Bunco the Head table rings the bell to start each round."""

    def steps():
        night = yield from lock_night.steps(night_id)
        if player is not None:
            head = _at_next_head_table(night, (yield from links.player_now.steps(player)))
        if player is not None and not head:
            message = said("Only the Head table rings the bell to start a round.")
            raise ServiceError(message, "not_head")
        loaded = yield from store.load.steps(night)
        expected = loaded.state.round + 1
        if number != expected:
            code = "already_done" if number < expected else "wrong_state"
            message = said("Round %(round)s is the latest; it has started.", round=expected - 1)
            raise ServiceError(message, code)
        active = yield from sql.select(Player, {"night": night.pk, "active": True})
        players = {p.key: p for p in active}
        ghosts = [k for k, p in players.items() if p.is_ghost]
        rules = rules_of(night)
        new, events = reduce(reducer.start_round, loaded.state, rules, ghosts, chance_of(night))
        yield from store.new_round_rows(loaded, events[0], players)
        result = {"ok": True, "round": number}
        yield from commit.steps(loaded, new, events, actor, client_id, result=result)
        return result

    return idempotent_steps(night_id, client_id, steps, actor=actor, kind="round_started")


def _at_next_head_table(night: Night, player: Player) -> bool:
    return bool(night.pending_seating) and player.key in night.pending_seating[0]


@live_action
def roll_record(
    *,
    night_id,
    client_id,
    actor,
    dice=None,
    entry: str | None = None,
    player: Player | None = None,
    table_number: int | None = None,
    seen_version: int | None = None,
):
    """Record one roll at a table for whoever holds the dice there.

    A player may enter rolls only at their own table this round; the host at any table.
    The roll is `dice`, or an `entry` as the phone's buttons give it ("0".."2", "mini",
    "bunco", "wipeout"). `seen_version` is the table version the phone showed: if the table
    has moved on since (another phone entered this roll first) the answer is "already
    recorded", never a second count. A repeated client id gets the first answer back."""
    # what the id stands for, as the log stores it (JSON: tuples become lists)
    request = {"table": table_number, "dice": dice, "entry": entry, "v": seen_version}
    request = json.loads(json.dumps(request))

    def steps(replay):
        loaded = yield from store.lock_and_load.steps(night_id, player, client_id)
        first = replay(loaded.recorded)
        if first is not None:
            return first
        night = loaded.night
        number = _table_for(
            loaded.state, player and links.still_playing(loaded.player), table_number
        )
        row = loaded.tables.get(number)
        if seen_version is not None and row is not None and seen_version != row.version:
            message = said("That roll was already entered at your table.")
            raise ServiceError(message, "already_recorded")
        args = (loaded.state, rules_of(night), number, dice, chance_of(night), entry)
        new, events = reduce(reducer.roll, *args)
        saved = yield from commit.steps(
            loaded, new, events, actor, client_id, entry, request=request
        )
        return saved.first_result

    kind = "roll_scored"
    return idempotent_steps(
        night_id, client_id, steps, actor=actor, kind=kind, request=request, inside=True
    )


@live_action
def bell_ring(*, night_id, number: int, actor, client_id=None):
    """The host rings the bell by hand for round `number`; ringing it again changes nothing."""

    def steps():
        night = yield from lock_night.steps(night_id)
        loaded = yield from store.load.steps(night)
        if loaded.state.round != number:  # the reducer knows no round asked for
            raise ServiceError(said("That round is not being played."), "wrong_state")
        new, events = reduce(reducer.ring, loaded.state, rules_of(night), chance_of(night))
        result = {"ok": True}
        yield from commit.steps(loaded, new, events, actor, client_id, result=result)
        return result

    return idempotent_steps(night_id, client_id, steps, actor=actor, kind="bell")


def _table_for(state: reducer.NightState, player: Player | None, number: int | None) -> int:
    """This round's table where `player` sits, or table `number` for the host (the reducer
    refuses a table the round has not); a player naming another table is refused."""
    if player is None:
        return number or 0
    table = state.table_of(player.key)
    if table is None:
        raise ServiceError(said("You are not seated this round."), "not_seated")
    if number is not None and number != table.table:
        raise ServiceError(said("You can only score at your own table."), "not_your_table")
    return table.table
