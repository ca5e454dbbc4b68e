"""Card-room pages: the host's room list for a night, the players' list and room pages (by
their own per-night link token), the QR join link and the big screen. Pages render a shell;
the live part is static/js/pages/room.js over the room websocket (docs/rooms.md)."""

import contextlib
import random
import secrets

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect, render
from django.template import TemplateDoesNotExist
from django.template.loader import get_template
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from games.engines import RulesError, get_engine
from games.forms import RoomForm, game_cards
from games.models import Room
from games.routing import websocket_urlpatterns as sockets
from games.selectors import STATUSES, room_snapshot, rooms_listed, title_of
from games.services import playing, rooms, seating
from live.errors import ServiceError
from live.limits import guard_link
from live.routing import socket_path
from live.text import render as words
from partynight import links
from partynight.web.forms import ClientIdForm
from partynight.web.shortcuts import actor_of, host_night, not_found, qr_svg


def _settings_of(game: str, data: dict) -> dict:
    """The form's values the game takes (the keys of its full config, or the engine's own
    `settings` where the form's others do not apply: Russian Bank is always two), the rest
    dropped."""
    try:
        engine = get_engine(game)
        known = (
            getattr(engine, "settings", None) or engine.new_state({}, random.Random(0))["config"]
        )
    except RulesError:
        return data
    return {key: value for key, value in data.items() if key in known and value not in ("", None)}


def _open(request, night_id, actor, player=None):
    """Open the room the form describes; the error as a message if it cannot be. "Play now
    with bots" (a player's `now`) also seats them, fills the other seats with bots and deals."""
    form = RoomForm(request.POST)
    if not form.is_valid():
        problems = form.errors.as_text()
        messages.error(request, _("Check the room settings: %(problems)s") % {"problems": problems})
        return None
    data = dict(form.cleaned_data)
    game, timeout = data.pop("game"), data.pop("timeout")
    data = _settings_of(game, data)
    try:
        if player is not None and "now" in request.POST:
            return rooms.room_play_now(
                night_id=night_id, game=game, config=data, player=player, timeout=timeout
            )
        return rooms.room_open(
            night_id=night_id, game=game, config=data, actor=actor, player=player, timeout=timeout
        )
    except ServiceError as error:
        messages.error(request, words(error.message))
        return None


def _room_join(request, room):
    """The room's join link and its QR code (host's rooms page, the room, its screen)."""
    path = reverse("games:room_join", kwargs={"join_token": room.join_token})
    url = request.build_absolute_uri(path)
    return url, qr_svg(url)


def _speaking(language: str):
    """Render in `language` (a player's pick or the night's); blank: the browser's, as
    LocaleMiddleware chose. The page's catalog scripts follow (base.html's LANGUAGE_CODE)."""
    return translation.override(language) if language else contextlib.nullcontext()


def _remember(request, player):
    """This browser is `player`'s phone: the room QR codes then know who scanned them."""
    request.session[f"room_player_{player.night_id}"] = player.token


@login_required
@require_http_methods(["GET", "POST"])
def host_rooms(request, night_id):
    night = host_night(request, night_id)
    if request.method == "POST" and _open(request, night.pk, actor_of(request)):
        return redirect("games:host_rooms", night_id=night.pk)
    listed = []
    for room in rooms_listed(night):
        join_url, join_qr = _room_join(request, room)
        frame = room_snapshot(room, None)
        # One id per button and page: a double-clicked or resent form is applied once.
        ids = {what: secrets.token_urlsafe(16) for what in ("bot", "fill", "start")}
        listed.append(
            {
                "room": room,
                "frame": frame,
                "status": STATUSES[room.status],
                "join_url": join_url,
                "join_qr": join_qr,
                "ids": ids,
            }
        )
    rooms_links = [
        {
            "name": p.name,
            "url": request.build_absolute_uri(reverse("games:player_rooms", args=[p.token])),
        }
        for p in night.players.filter(active=True, is_ghost=False)
    ]
    context = {"night": night, "rooms": listed, "games": game_cards(), "links": rooms_links}
    return render(request, "games/host_rooms.html", context)


def _seat_of(request) -> int | None:
    seat = request.POST.get("seat", "")
    return int(seat) if seat.isdigit() else None


@login_required
@require_POST
def host_room_do(request, night_id, room_id, what):
    """The host's buttons: add a bot to the next empty seat, start, stop waiting, or let a
    bot play for a player who left. The first three carry the client id the page gave the
    button: a repeat is answered, not applied again (a double-clicked "Add a bot" adds one)."""
    night = host_night(request, night_id)
    room = get_object_or_404(Room, pk=room_id, night=night)
    form = ClientIdForm(request.POST)
    mine = {
        "room_id": room.pk,
        "actor": actor_of(request),
        "client_id": (form.is_valid() and form.cleaned_data["client_id"]) or None,
    }
    calls = {
        "bot": lambda: seating.seat_add_bot(**mine),
        "fill": lambda: seating.seats_fill_with_bots(**mine),
        "start": lambda: rooms.room_start(**mine),
        "timeout": lambda: playing.seat_timeout(
            room_id=room.pk, actor=actor_of(request), force=True
        ),
        # A player who left: a bot plays their seat from now on (no vote needed).
        "replace": lambda: seating.seat_leave(
            room_id=room.pk, seat=_seat_of(request), actor=actor_of(request)
        ),
    }
    if what not in calls:
        return redirect("games:host_rooms", night_id=night.pk)
    try:
        calls[what]()
    except ServiceError as error:
        messages.error(request, words(error.message))
    return redirect("games:host_rooms", night_id=night.pk)


def _game_parts(room) -> dict:
    """A game's own room page parts (templates/games/rooms/<game>.html: its script, style and
    words; docs/rooms.md), and its line on whose rules are whose if the engine has one."""
    name = f"games/rooms/{room.game}.html"
    try:
        get_template(name)
    except TemplateDoesNotExist:
        name = None
    note = getattr(get_engine(room.game), "rules_note", None)
    return {"game_parts": name, "rules_note": note(room.config) if note else None}


@guard_link
@require_http_methods(["GET", "POST"])
def player_rooms(request, token):
    player = links.player(token)
    if player is None:
        return not_found(request, _("This player link is not valid; ask the host for your link."))
    with _speaking(player.language):
        return _player_rooms(request, player, token)


def _player_rooms(request, player, token):
    _remember(request, player)
    if request.method == "POST":
        room = _open(request, player.night_id, links.player_actor(player), player)
        if room:
            return redirect("games:room_play", room_id=room.pk, token=token)
    unfinished = [
        {"room": room, "title": title_of(room.game), "status": STATUSES[room.status]}
        for room in player.night.rooms.exclude(status=Room.Status.FINISHED)
    ]
    context = {"player": player, "rooms": unfinished, "games": game_cards()}
    return render(request, "games/player_rooms.html", context)


@guard_link
def room_play(request, room_id, token):
    player = links.player(token)
    room = player and links.find(player.night.rooms, pk=room_id)
    if room is None:
        return not_found(request, _("This room link is not valid for your player link."))
    _remember(request, player)
    join_url, join_qr = _room_join(request, room)
    context = {
        "room": room,
        "player": player,
        "join_url": join_url,
        "title": title_of(room.game),
        "ws": socket_path(sockets, "room", room_id=room.pk, token=player.token),
        "join_qr": join_qr,
        "back": reverse("games:player_rooms", kwargs={"token": token}),
        "bunco": reverse("phone:play", kwargs={"token": token}),
    } | _game_parts(room)
    with _speaking(player.language):
        return render(request, "games/room.html", context)


@guard_link
def room_join(request, join_token):
    """The room's QR code: a phone that opened its player link before goes to the room."""
    room = links.get_or_404(Room.objects, join_token=join_token)
    token = request.session.get(f"room_player_{room.night_id}")
    if token and links.player(token):
        return redirect("games:room_play", room_id=room.pk, token=token)
    return render(request, "games/join.html", {"room": room}, status=403)


@guard_link
def room_screen(request, token):
    room = links.get_or_404(Room.objects, screen_token=token)
    _, join_qr = _room_join(request, room)
    context = {
        "room": room,
        "title": title_of(room.game),
        "ws": socket_path(sockets, "room_screen", token=room.screen_token),
        "join_qr": join_qr,
        "screen": True,
    } | _game_parts(room)
    with _speaking(room.night.language):  # a big screen, like the stage: the night's language
        return render(request, "games/room.html", context)
