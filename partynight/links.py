"""Secret links: one place that checks a link's shape and finds what it opens, for the
views and the consumers alike.

A link's parts come from a URL anyone can type, so they are checked before any query: a
token holds only the characters `secrets.token_urlsafe` makes (PostgreSQL refuses a NUL in
a string with an error, not a miss), and an id fits the database's 64-bit integer (SQLite
raises OverflowError beyond it). A malformed link simply matches nothing.
"""

import re

from django.http import Http404

from live import sql
from live.errors import ServiceError
from live.steps import fetch, written_once
from live.words import said
from partynight.models import Player

REMOVED = said("The host took you off tonight's list, so this link no longer plays.")
RELINKED = said("The host gave this name a new link, so this one no longer plays: ask the host.")
TOKEN = re.compile(r"[A-Za-z0-9_-]{1,32}")  # new_token(): 22 of these; the column holds 32
MAX_ID = 2**63 - 1  # BigAutoField on PostgreSQL and SQLite


def usable(value) -> bool:
    """A token of the right shape, or an id in the database's range."""
    if isinstance(value, str):
        return TOKEN.fullmatch(value) is not None
    return type(value) is int and 0 < value <= MAX_ID


def find(queryset, **lookup):
    """The one row `lookup` matches, or None (also for a malformed token or id)."""
    if not all(usable(value) for value in lookup.values()):
        return None
    return queryset.filter(**lookup).first()


def get_or_404(queryset, **lookup):
    """find(), or Http404 (a malformed link is a 404, never a 500)."""
    found = find(queryset, **lookup)
    if found is None:
        raise Http404("No such link.")
    return found


def player(token, room_id=None) -> Player | None:
    """The active, non-ghost player whose own link this is (with their night); with
    `room_id`, only if that room belongs to their night."""
    players = Player.objects.select_related("night").filter(active=True, is_ghost=False)
    if room_id is None:
        return find(players, token=token)
    return find(players, token=token, night__rooms=room_id)


@written_once
def player_now(player: Player):
    """`player` as the database has them now, not a socket's copy from connect time: a
    player the host removed, replaced by a ghost or gave a new link may no longer act."""
    return still_playing((yield from player_row.steps(player)))


@written_once
def player_row(player: Player):
    """`player`'s row if they still play by this link, else None. (A roll reads it in its
    one query instead: services.store.lock_and_load.)"""
    # No join to the night (every caller has it locked already), and SQL by hand: building
    # the ORM's query cost more than running it (live.sql).
    query = f"SELECT {sql.columns(Player, 'p')} FROM {sql.table(Player)} p WHERE {NOW_WHERE}"
    rows = yield from fetch(query, now_params(player))
    return sql.instances(rows[0], Player)[0] if rows else None


NOW_WHERE = "p.id = %s AND p.token = %s AND p.active = %s AND p.is_ghost = %s"


def now_params(player: Player | None) -> list:
    """The parameters of NOW_WHERE (the player's row, still playing by this link, as `p`);
    without a player it matches no row."""
    return [player.pk, player.token, True, False] if player else [None, None, True, False]


def still_playing(fresh: Player | None) -> Player:
    """The player's row as NOW_WHERE found it; None (not found) is refused."""
    if fresh is None:
        raise ServiceError(REMOVED, "removed")
    return fresh


def player_actor(player: Player) -> str:
    """Who a player's link is, for both apps: the actor of what they do in the event logs
    (the nights' and the rooms'; stored logs hold this string) and the owner their phone's
    sockets count under (the phone page and the rooms together). The host's is
    partynight.services.common.host_actor."""
    return f"player:{player.pk}"
