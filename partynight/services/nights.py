"""Planning a night: create it, add and change players, draw the starting seats."""

import random

from django.db import IntegrityError, transaction

from live.errors import ServiceError
from live.words import said, said_n
from partynight import links, throttles
from partynight.models import Night, Player, new_token
from partynight.names import clean_name, same_name
from partynight.rules import lifecycle
from partynight.rules.config import Rules
from partynight.rules.errors import RulesError
from partynight.rules.prizes import DEFAULT_PRIZE_TABLE, check_prize_table
from partynight.rules.seating import MAX_PLAYERS, MIN_PLAYERS, draw_seats
from partynight.services import arrivals, emit, store
from partynight.services.common import ghost_name, host_actor, lock_night, log_event, seeded
from partynight.services.play import commit, reduce

PLANNING_STATES = (Night.State.PLANNING, Night.State.SEATING)
NOT_HERE = said("That player is not at this night.")


def night_create(
    *,
    host,
    name,
    date,
    place="",
    rules: Rules | None = None,
    prize_table=None,
    group=None,
    seed=None,
    capped=False,
) -> Night:
    """A new night of `host`'s. `capped` (the pages): at most throttles.NIGHTS_PER_HOUR an
    hour, counted in this transaction."""
    rules = rules or Rules()
    prize_table = _prizes_checked(prize_table or list(DEFAULT_PRIZE_TABLE))
    name = clean_name(name, 80, said("Please give the night a name."))
    with transaction.atomic():
        if capped:
            throttles.night_quota(host)
        night = Night.objects.create(
            host=host,
            group=group,
            name=name,
            date=date,
            place=clean_name(place, 120, required=None),
            rules=rules.to_dict(),
            prize_table=prize_table,
            seed=seed if seed is not None else random.SystemRandom().randrange(2**62),
        )
        log_event(night, "night_created", host_actor(host), {"rules": night.rules})
    return night


def _prizes_checked(prize_table: list[dict]) -> list[dict]:
    """The prize table as the rules check it, each prize's name by the name rule."""
    try:
        table = check_prize_table(prize_table)
    except RulesError as error:
        raise ServiceError(error.message, error.code) from None
    return [
        {**prize, "name": clean_name(prize["name"], 40, said("Please name every prize."))}
        if "name" in prize
        else prize
        for prize in table
    ]


def night_settings_update(*, night_id, actor, rules: Rules, prize_table, paper=None) -> Night:
    """Change the rules and prize table; rules only before play starts, prizes until the end;
    `paper` ("letter" or "a4") for the printed sheets, any time."""
    with transaction.atomic():
        night = lock_night(night_id)
        if night.state == Night.State.FINISHED:
            raise ServiceError(
                said("The night is finished; its prizes are awarded."), "wrong_state"
            )
        if rules.to_dict() != night.rules and night.state not in PLANNING_STATES:
            raise ServiceError(said("The rules are fixed once play has started."), "wrong_state")
        night.prize_table = _prizes_checked(prize_table)
        night.rules = rules.to_dict()
        if paper in dict(Night._meta.get_field("paper").choices):
            night.paper = paper
        night.save(update_fields=["rules", "prize_table", "paper"])
        log_event(night, "settings_changed", actor, {"rules": night.rules, "prizes": prize_table})
        _changed(night, "settings")
    return night


def check_name_free(night: Night, name: str, exclude_id=None) -> None:
    """No active player of `night` has a name that looks like `name` (partynight.names)."""
    others = night.players.filter(active=True).exclude(pk=exclude_id)
    if same_name(name, others.values_list("name", flat=True)) is not None:
        message = said("%(name)s is already playing tonight; add a last initial.", name=name)
        raise ServiceError(message, "duplicate")


def player_add(*, night_id, name, actor, paid=False, claimed=False) -> Player:
    """Add a player (hosts, or a phone through the join link: `claimed`, since that phone
    now holds the link). Once the seats are drawn the guest goes on the waiting list and
    nothing drawn changes until the host chooses (see `arrivals`)."""
    name = clean_name(name)
    with transaction.atomic():
        night = lock_night(night_id)
        player = _add(night, name, actor, paid=paid, claimed=claimed)
        if night.state == Night.State.PLANNING:
            _changed(night, "players")
        else:
            arrivals.arrive(night, [player], actor)
    return player


def _add(night: Night, name: str, actor, paid=False, claimed=False) -> Player:
    """One new player in the locked `night` (the caller broadcasts once)."""
    if night.state == Night.State.FINISHED:
        raise ServiceError(said("The night is over: its prizes are awarded."), "wrong_state")
    if night.players.filter(active=True, is_ghost=False).count() >= MAX_PLAYERS:
        raise ServiceError(said("A night has at most %(most)s players.", most=MAX_PLAYERS), "full")
    check_name_free(night, name)
    try:
        with transaction.atomic():
            player = Player.objects.create(night=night, name=name, paid=paid, claimed=claimed)
    except IntegrityError:
        message = said("%(name)s is already playing tonight.", name=name)
        raise ServiceError(message, "duplicate") from None
    log_event(night, "player_added", actor, {"player": player.pk, "name": name})
    return player


def players_add_list(*, night_id, text: str, actor) -> list[dict]:
    """Add everyone in a pasted list, one name per line. Returns one row per non-blank
    line: {"line", "name", "added": bool, "error"}; a bad line never stops the others."""
    lines = [(number, line) for number, line in enumerate(text.splitlines(), 1) if line.strip()]
    if len(lines) > MAX_PLAYERS * 2:
        message = said(
            "Paste at most %(lines)s lines at once (a night has at most %(most)s players).",
            lines=MAX_PLAYERS * 2,
            most=MAX_PLAYERS,
        )
        raise ServiceError(message, "too_long")
    report, added = [], []
    with transaction.atomic():
        night = lock_night(night_id)
        for number, line in lines:
            row = {"line": number, "name": " ".join(line.split()), "added": False, "error": ""}
            try:
                added.append(_add(night, clean_name(line), actor))
                row["name"], row["added"] = added[-1].name, True
            except ServiceError as error:
                row["error"] = error.message
            report.append(row)
        if added and night.state == Night.State.PLANNING:
            _changed(night, "players")
        elif added:
            arrivals.arrive(night, added, actor)
    return report


def claimable(night: Night, name: str) -> Player | None:
    """The host-added player a guest typed the name of, if nobody has claimed it yet."""
    return (
        night.players.filter(active=True, is_ghost=False, claimed=False, name__iexact=name)
        .order_by("pk")
        .first()
    )


def player_claim(*, night_id, player_id, actor) -> Player:
    """A phone says "this is me": it gets the player's link, once. Two phones at once: the
    night row lock queues them, the first wins and the second is told the name is taken."""
    with transaction.atomic():
        night = lock_night(night_id)
        try:
            player = night.players.get(pk=player_id, active=True, is_ghost=False)
        except (Player.DoesNotExist, ValueError):
            raise ServiceError(said("That name is not on tonight's list."), "not_found") from None
        if player.claimed:
            message = said(
                "%(name)s has already joined on another phone. If that was not you, "
                "ask the host to release the name.",
                name=player.name,
            )
            raise ServiceError(message, "already_claimed")
        player.claimed = True
        player.save(update_fields=["claimed"])
        log_event(night, "player_claimed", actor, {"player": player.pk})
        _changed(night, "players")
    return player


def player_opened(player: Player) -> None:
    """The player's own link was opened (their score sheet or card, say): their name is
    taken from then on. Before play the big screen's lobby shows them joined (once play
    has started, no screen shows it: no snapshots for every phone mid-round). No log
    entry: the link was already theirs."""
    if player.claimed:
        return
    if player.night.state not in PLANNING_STATES:
        Player.objects.filter(pk=player.pk, claimed=False).update(claimed=True)
        return
    with transaction.atomic():
        night = lock_night(player.night_id)
        if Player.objects.filter(pk=player.pk, claimed=False).update(claimed=True):
            _changed(night, "players")


def player_release(*, night_id, player_id, actor) -> Player:
    """The host frees a claimed name (the wrong phone took it): the player gets a new link,
    so the phone that claimed it loses it, and the name can be claimed again."""
    with transaction.atomic():
        night = lock_night(night_id)
        player = _player(night, player_id)
        if player.is_ghost:
            raise ServiceError(said("A ghost has no phone to release."), "wrong_state")
        player.claimed = False
        player.token = new_token()
        player.save(update_fields=["claimed", "token"])
        emit.link_revoked(player.pk, links.RELINKED)
        log_event(night, "player_released", actor, {"player": player.pk})
        _changed(night, "players")
    return player


def player_rename(*, night_id, player_id, name, actor) -> Player:
    name = clean_name(name)
    with transaction.atomic():
        night = lock_night(night_id)
        player = _player(night, player_id)
        check_name_free(night, name, exclude_id=player.pk)
        old, player.name = player.name, name
        player.save(update_fields=["name"])
        log_event(night, "player_renamed", actor, {"player": player.pk, "from": old, "to": name})
        _changed(night, "players")
    return player


def player_set_paid(*, night_id, player_id, paid: bool, actor) -> Player:
    with transaction.atomic():
        night = lock_night(night_id)
        player = _player(night, player_id)
        player.paid = bool(paid)
        player.save(update_fields=["paid"])
        log_event(night, "player_paid", actor, {"player": player.pk, "paid": player.paid})
        _changed(night, "players")
    return player


def player_remove(*, night_id, player_id, actor) -> None:
    """Remove a player before play starts (afterwards, replace them by a ghost)."""
    with transaction.atomic():
        night = lock_night(night_id)
        player = _player(night, player_id)
        waiting = player.key in night.waiting
        if night.state not in PLANNING_STATES and not waiting:
            message = said("Play has started: replace the player by a ghost.")
            raise ServiceError(message, "wrong_state")
        player.active = False
        player.paid = False  # not playing after all: their money goes back
        player.save(update_fields=["active", "paid"])
        if waiting:  # never seated: the draw stands
            loaded = store.load(night)
            commit(loaded, *reduce(lifecycle.leave, loaded.state, player.key), actor)
        else:
            _unseat(night, actor)
        emit.link_revoked(player.pk, links.REMOVED)
        log_event(night, "player_removed", actor, {"player": player.pk, "name": player.name})
        _changed(night, "players")


def seats_draw(*, night_id, actor) -> list[list[str]]:
    """Draw the starred sheets: four random players start at the Head table, the rest and
    the ghosts sit at random. The host may redraw until the first round starts."""
    with transaction.atomic():
        night = lock_night(night_id)
        night.players.filter(is_ghost=True).delete()
        people = list(night.players.filter(active=True, is_ghost=False))
        if not MIN_PLAYERS <= len(people) <= MAX_PLAYERS:
            message = said_n(
                "A Bunco night needs %(least)s to %(most)s players; you have %(n)s.",
                "A Bunco night needs %(least)s to %(most)s players; you have %(n)s.",
                len(people),
                least=MIN_PLAYERS,
                most=MAX_PLAYERS,
            )
            raise ServiceError(message, "player_count")
        keys = [p.key for p in people]
        tables = draw_seats(keys, seeded(night, "draw", night.version))
        ghosts = {}
        for number, ghost_key in enumerate(sorted({k for t in tables for k in t} - set(keys)), 1):
            name = ghost_name(night, number)
            ghost = Player.objects.create(night=night, name=name, is_ghost=True)
            ghosts[ghost_key] = ghost.key
        seating = [[ghosts.get(k, k) for k in table] for table in tables]
        loaded = store.load(night)
        commit(loaded, *reduce(lifecycle.draw, loaded.state, seating), actor)
        _changed(night, "seats")
    return night.pending_seating


def _player(night: Night, player_id) -> Player:
    try:
        return night.players.get(pk=player_id, active=True)
    except (Player.DoesNotExist, ValueError):
        raise ServiceError(NOT_HERE, "not_found") from None


def _unseat(night: Night, actor) -> None:
    """A change to the players voids a drawn seating: the host draws again."""
    if night.state == Night.State.SEATING:
        night.players.filter(is_ghost=True).delete()
        loaded = store.load(night)
        commit(loaded, *reduce(lifecycle.draw, loaded.state, []), actor)


def _changed(night: Night, what: str) -> None:
    emit.night_changed(night, what)
