"""Playing rounds: start a round, record rolls (people's and ghosts'), ring the bell,
finish the round and work out where everyone moves."""

import json

from django.utils import timezone

from partynight.models import Night, Player, Round, Seat, Table
from partynight.rules.dice import roll_dice
from partynight.rules.entry import dice_for_entry
from partynight.rules.errors import RulesError
from partynight.rules.night import fuzzy_die_start, round_plan
from partynight.rules.rotation import rotate
from partynight.rules.table import (
    TableRound,
    apply_roll,
    bunco_holder,
    next_first_seat,
    ring_bell,
    start_table_round,
)
from partynight.services import broadcast, selectors
from partynight.services.common import (
    bump,
    current_round,
    idempotent,
    lock_night,
    log_event,
    player_now,
    rules_of,
    seeded,
)
from partynight.services.errors import ServiceError

GHOST_ROLL_LIMIT = 500  # a safety net: a real turn is a handful of rolls


def round_start(*, night_id, number: int, actor, client_id=None, player=None) -> dict:
    """Start round `number` (1-based). Asking for a round that already started answers
    "already started" and changes nothing, so two host tabs (or two Head-table phones)
    cannot start it twice. A `player` may start it only from the next round's Head table:
    in Bunco the Head table rings the bell to start each round."""

    def action():
        night = lock_night(night_id)
        if player is not None and not _at_next_head_table(night, player_now(player)):
            raise ServiceError("Only the Head table rings the bell to start a round.", "not_head")
        last = current_round(night)
        expected = (last.number + 1) if last else 1
        if number != expected:
            code = "already_done" if number < expected else "wrong_state"
            raise ServiceError(f"Round {expected - 1} is the latest; it has started.", code)
        if night.state not in (Night.State.SEATING, Night.State.PLAYING, Night.State.BREAK):
            raise ServiceError("Draw the seats before starting play.", "wrong_state")
        if last and last.state != Round.State.DONE:
            raise ServiceError("Finish the current round first.", "wrong_state")
        plan = round_plan(rules_of(night))
        if number > len(plan):
            raise ServiceError("Every round has been played: award the prizes.", "wrong_state")
        planned = plan[number - 1]
        round_ = Round.objects.create(
            night=night,
            number=number,
            set_number=planned.set,
            round_in_set=planned.round,
            up=planned.up,
        )
        players = {p.key: p for p in night.players.filter(active=True)}
        ghosts = [k for k, p in players.items() if p.is_ghost]
        previous = (
            {t.number: TableRound.from_dict(t.state) for t in last.tables.all()} if last else {}
        )
        for number_at, seats in enumerate(night.pending_seating, 1):
            first = next_first_seat(previous[number_at]) if number_at in previous else 0
            state = start_table_round(number_at, seats, planned.up, ghosts, first_seat=first)
            table = Table.objects.create(round=round_, number=number_at, state=state.to_dict())
            Seat.objects.bulk_create(
                Seat(table=table, position=i, player=players[k]) for i, k in enumerate(seats)
            )
        if night.fuzzy_holder_id is None:
            night.fuzzy_holder = players[fuzzy_die_start(night.pending_seating)]
        night.state = Night.State.PLAYING
        night.round_number = number
        night.save(update_fields=["state", "fuzzy_holder", "round_number"])
        result = {"ok": True, "round": number}
        log_event(night, "round_started", actor, {"round": number}, result, client_id, round_)
        for table in round_.tables.all():
            _play_ghosts(night, round_, table)
        announce_night(night, "round_started")
        return result

    return idempotent(night_id, client_id, action, asked=[actor, None])


def _at_next_head_table(night: Night, player: Player) -> bool:
    return bool(night.pending_seating) and player.key in night.pending_seating[0]


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
) -> dict:
    """Record one roll at a table for whoever holds the dice there.

    A player may enter rolls only at their own table this round; the host at any table.
    The roll is `dice`, or an `entry` as the phone's buttons give it ("0".."2", "mini",
    "bunco", "wipeout"). `seen_version` is the table version the phone showed: if the table
    has moved on since (another phone entered this roll first) the answer is "already
    recorded", never a second count. A repeated client id gets the first answer back."""
    # what the id stands for: reusing it for another roll is an error, not a replay
    request = {"table": table_number, "dice": dice, "entry": entry, "v": seen_version}
    request = json.loads(json.dumps(request))  # as the log stores it: tuples become lists

    def action():
        night = lock_night(night_id)
        if night.state != Night.State.PLAYING:
            raise ServiceError("No round is being played right now.", "wrong_state")
        table = _table_for(night, player and player_now(player), table_number)
        round_ = table.round
        round_.night = night  # the locked row, not a second copy
        if round_.state == Round.State.DONE:
            raise ServiceError("No round is being played right now.", "wrong_state")
        if seen_version is not None and seen_version != table.version:
            raise ServiceError("That roll was already entered at your table.", "already_recorded")
        state = TableRound.from_dict(table.state)
        if state.is_done:
            raise ServiceError("Your table has finished this round.", "table_done")
        values = dice
        if entry is not None:
            try:
                values = dice_for_entry(entry, state.up)
            except RulesError as error:
                raise ServiceError(str(error), "invalid_roll") from None
        outcome = _apply(night, round_, table, state, values, actor, client_id, entry, request)
        _play_ghosts(night, round_, table)
        if table.state["phase"] == "done":  # only then can the whole round be over
            finish_round_if_done(night, round_)
        return {"ok": True, "roll": outcome, "table_version": table.version}

    return idempotent(night_id, client_id, action, asked=[actor, request])


def bell_ring(*, night_id, number: int, actor, client_id=None) -> dict:
    """The host rings the bell by hand for round `number`; ringing it again changes nothing."""

    def action():
        night = lock_night(night_id)
        round_ = current_round(night)
        if round_ is None or round_.number != number or night.state != Night.State.PLAYING:
            raise ServiceError("That round is not being played.", "wrong_state")
        if round_.state != Round.State.PLAYING:
            raise ServiceError("The bell has already rung this round.", "already_done")
        _ring(night, round_, reason="host", table_number=None)
        log_event(night, "bell", actor, {"reason": "host"}, {"ok": True}, client_id, round_)
        finish_round_if_done(night, round_)
        return {"ok": True}

    return idempotent(night_id, client_id, action, asked=[actor, None])


def _table_for(night: Night, player: Player | None, number: int | None) -> Table:
    """This round's table (with its round) where `player` sits, or table `number` for the
    host; a player naming another table is refused."""
    tables = Table.objects.select_related("round").filter(
        round__night=night, round__number=night.round_number
    )
    if player is None:
        table = tables.filter(number=number).first()
        if table is None:
            raise ServiceError("There is no such table this round.", "not_found")
        return table
    table = tables.filter(seat_rows__player=player).first()
    if table is None:
        raise ServiceError("You are not seated this round.", "not_seated")
    if number is not None and number != table.number:
        raise ServiceError("You can only score at your own table.", "not_your_table")
    return table


def _apply(night, round_, table, state, dice, actor, client_id=None, entry=None, request=None):
    """Apply one roll to `table`, log it, move the fuzzy die and ring the bell if due.
    `entry` is the phone button the roll came from (the log shows it rather than dice);
    `request` what the client id stands for (common.idempotent)."""
    rules = rules_of(night)
    try:
        new, outcome = apply_roll(state, dice, rules)
    except RulesError as error:
        raise ServiceError(str(error), "invalid_roll") from None
    holder_key = f"p{night.fuzzy_holder_id}" if night.fuzzy_holder_id else None
    fuzzy_before = night.fuzzy_holder_id
    new_holder = bunco_holder(holder_key, outcome)
    if new_holder != holder_key:
        night.fuzzy_holder_id = int(new_holder[1:])
        night.save(update_fields=["fuzzy_holder"])
    save_table(table, new)
    roll = outcome.to_dict()
    data = {"before": state.to_dict(), "fuzzy_before": fuzzy_before, "dice": list(outcome.dice)}
    if entry is not None:
        data["entry"] = entry
    if request is not None:
        data["request"] = request
    event = log_event(
        night,
        "roll",
        actor,
        data,
        {"ok": True, "roll": roll, "table_version": table.version},
        client_id,
        round_,
        table.number,
    )
    announce_table(night, round_, table, roll, logged=selectors.log_entry(event, night))
    if outcome.rings_bell and round_.state == Round.State.PLAYING:
        _ring(night, round_, reason=outcome.rings_bell, table_number=table.number)
    return roll


def _play_ghosts(night, round_, table) -> None:
    """Roll for ghosts whose turn it is, one roll at a time, as the table's phones show."""
    for _ in range(GHOST_ROLL_LIMIT):
        state = TableRound.from_dict(table.state)  # kept current by save_table
        if state.is_done or state.seats[state.roller] not in state.ghosts:
            return
        dice = roll_dice(seeded(night, "ghost", round_.number, table.number, state.rolls))
        _apply(night, round_, table, state, dice, "app")
    raise RuntimeError(f"ghosts at table {table.number} rolled {GHOST_ROLL_LIMIT} times")


def _ring(night, round_, reason, table_number) -> None:
    """The bell: the ringing table has stopped; the Head table stops at once; every other
    table finishes the current turn (ghosts finish theirs straight away)."""
    round_.state = Round.State.FINISHING
    round_.bell_reason = reason
    round_.bell_table = table_number
    round_.bell_at = timezone.now()
    round_.save(update_fields=["state", "bell_reason", "bell_table", "bell_at"])
    for table in round_.tables.exclude(number=table_number or 0):
        state = TableRound.from_dict(table.state)
        rung = ring_bell(state)
        if rung != state:
            save_table(table, rung)
            announce_table(night, round_, table, None)
        _play_ghosts(night, round_, table)
    announce_night(night, "bell", bell={"table": table_number, "reason": reason})


def finish_round_if_done(night, round_) -> None:
    """Once every table is done: record where everyone moves; maybe take the break."""
    if round_.state == Round.State.DONE:
        return
    states = [TableRound.from_dict(t.state) for t in round_.tables.order_by("number")]
    if not all(s.is_done for s in states):
        return
    rotation = rotate(
        [list(s.seats) for s in states],
        [s.winner for s in states],
        seeded(night, "rotate", round_.number),
    )
    round_.state = Round.State.DONE
    round_.moves = rotation.to_dict()["moves"]
    round_.save(update_fields=["state", "moves"])
    night.pending_seating = rotation.tables
    plan = round_plan(rules_of(night))
    if plan[round_.number - 1].break_after:
        night.state = Night.State.BREAK
    night.save(update_fields=["pending_seating", "state"])
    log_event(
        night, "round_done", "app", {"winners": [s.winner for s in states]}, None, None, round_
    )
    announce_night(night, "round_done")


def save_table(table: Table, state: TableRound) -> None:
    table.state = state.to_dict()
    table.version += 1
    table.save(update_fields=["state", "version"])


def announce_table(night, round_, table, roll, notice=None, logged=None) -> None:
    """A table changed: the watchers get its view (and the roll's line for the dashboard's
    roll log, `logged`); its phones also get each seat's phone view (`phones`, by player
    id) and any `notice` (a host's correction, in words)."""
    view = selectors.table_view(table, round_)
    payload = {
        "type": "table",
        "scope": f"table:{round_.number}:{table.number}",
        "v": table.version,
        "table": view,
        "roll": roll,
    }
    if notice:
        payload["notice"] = notice
    if logged:
        payload["logged"] = logged
    phones = selectors.table_phones(view, round_, len(night.pending_seating))
    broadcast.table_changed(night.pk, table.number, payload, phones)


def announce_night(night, what, **extra) -> None:
    payload = {"type": "night", "scope": "night", "what": what, "v": bump(night), **extra}
    broadcast.night_changed(night.pk, payload)
