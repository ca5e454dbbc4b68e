"""Phone pages: no account, the link is the key. The live part is static/js/pages/phone.js over
the player's websocket (docs/protocol.md); these views only render the shell.

Joining: the night's QR code (or its join code, typed on the home page) opens the join
page. A guest the host already added claims their name there, once; anyone else types a
name while the night is being planned. Either way this phone gets the player's own link."""

from django.conf import settings
from django.http import HttpResponseBadRequest
from django.shortcuts import redirect, render
from django.utils import translation
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from live.errors import ServiceError
from live.limits import guard_guess, guard_link
from live.routing import socket_path
from live.text import render as rendered
from partynight import links
from partynight.models import Night, Player, normalise_join_code
from partynight.routing import websocket_urlpatterns as sockets
from partynight.services import nights, snapshots
from partynight.web.shortcuts import home_page, not_found


def _remember(request, player: Player) -> None:
    """This browser is `player`'s phone (the join page then sends it straight back)."""
    request.session[f"joined_{player.night_id}"] = player.token


def _remembered(request, night: Night) -> Player | None:
    player = links.player(request.session.get(f"joined_{night.pk}"))
    return player if player is not None and player.night_id == night.pk else None


def _bad_player_link(request):
    return not_found(request, _("This player link is not valid; ask the host for your link."))


@guard_link
def play(request, token):
    player = links.player(token)
    if player is None:
        return _bad_player_link(request)
    nights.player_opened(player)
    _remember(request, player)
    context = {
        "player": player,
        "night": player.night,
        "socket": socket_path(sockets, "play", token=player.token),
        "languages": settings.LANGUAGES,
    }
    # The player's pick, else the browser's (LocaleMiddleware's): for the whole page, so
    # base.html loads that language's catalog for phone.js and the frames' Words.
    language = player.language or translation.get_language()
    with translation.override(language):
        response = render(request, "phone/play.html", context)
    response.headers["Content-Language"] = language
    return response


@guard_link
@require_POST
def choose_language(request, token):
    """The phone's language picker: the pick belongs to the player's link, so it holds on
    a reload and in any browser that opens the same link."""
    player = links.player(token)
    if player is None:
        return _bad_player_link(request)
    language = request.POST.get("language", "")
    if language not in dict(settings.LANGUAGES):
        return HttpResponseBadRequest()
    Player.objects.filter(pk=player.pk).update(language=language)
    return redirect("phone:play", token=player.token)


def _join_page(request, night, status=200, **context):
    context = {
        "night": night,
        "late": late_words(night),
        "unclaimed": night.players.filter(active=True, is_ghost=False, claimed=False),
        "name": "",
        "error": None,
        **context,
    }
    return render(request, "phone/join.html", context, status=status)


def late_words(night: Night) -> str:
    """What a guest who arrives after the draw is told before typing their name (in the
    active language): where no chair is free, exactly that and what the host can do."""
    if night.state == Night.State.FINISHED:
        return _("The night is over: there is no more play tonight.")
    if night.state == Night.State.PLANNING:
        return ""
    free = len(snapshots.ghost_chairs(snapshots.night_data(night)))
    if night.state == Night.State.SEATING:
        if free:
            return _(
                "The seats are drawn. Type your name to join the waiting list: the host "
                "can give you a ghost's chair or draw the seats again."
            )
        return _(
            "The seats are drawn and every chair is taken. Type your name to join the "
            "waiting list: the host can draw the seats again to make room for you."
        )
    if free:
        return _(
            "Play has started. Type your name to join the waiting list: the host can give "
            "you a ghost's chair now; if not, you get one when this round ends."
        )
    return _(
        "Play has started and every chair is taken. Type your name to join the waiting "
        "list: when a player leaves, the host can give you their chair."
    )


@guard_link
@require_http_methods(["GET", "POST"])
def join(request, join_token):
    night = links.find(Night.objects, join_token=join_token)
    if night is None:
        return not_found(request, _("This join link is not valid; ask the host for the QR code."))
    mine = _remembered(request, night)
    if request.method == "GET":
        if mine is not None:
            return redirect("phone:play", token=mine.token)
        return _join_page(request, night)
    if "claim" in request.POST:
        return _claim(request, night, request.POST["claim"], mine)
    name = request.POST.get("name", "")
    typed = " ".join(name.split())
    # A name with a NUL byte matches nobody (and PostgreSQL cannot compare it): player_add
    # below refuses it in words.
    match = None if "\x00" in typed else nights.claimable(night, typed)
    if match is not None:
        return _join_page(request, night, confirm=match, name=name)
    taken = night.players.filter(active=True, claimed=True, name__iexact=typed)
    if "\x00" not in typed and taken.exists():
        error = _(
            "%(name)s has already joined on another phone. If you are another %(name)s, "
            "add a last initial; if that was not you, ask the host."
        ) % {"name": taken.first().name}
        return _join_page(request, night, status=409, error=error, name=name)
    try:
        player = nights.player_add(night_id=night.pk, name=name, actor="join", claimed=True)
    except ServiceError as failure:
        return _join_page(request, night, status=400, error=rendered(failure.message), name=name)
    _remember(request, player)
    return redirect("phone:play", token=player.token)


def _claim(request, night, player_id, mine):
    if mine is not None and str(mine.pk) == player_id:
        return redirect("phone:play", token=mine.token)  # a double tap on this phone
    try:
        player = nights.player_claim(night_id=night.pk, player_id=player_id, actor="join")
    except ServiceError as failure:
        status = 409 if failure.code == "already_claimed" else 400
        return _join_page(request, night, status=status, error=rendered(failure.message))
    _remember(request, player)
    return redirect("phone:play", token=player.token)


@guard_guess
@require_GET
def join_by_code(request):
    """The code from the big screen, typed on the home page: the same as scanning the QR.
    A wrong code counts as a bad link (guessing is throttled, and bounded in flight per
    address: live/limits.py; right codes never count)."""
    code = normalise_join_code(request.GET.get("code", ""))
    if not code:
        error = _("Type the join code from the big screen.")
        return home_page(request, 400, code_error=error, code="")
    night = links.find(Night.objects, join_code=code)
    if night is None:
        error = _("No party has the code %(code)s. Check the big screen and try again.") % {
            "code": code
        }
        return home_page(request, 404, code_error=error, code=code)
    return redirect("phone:join", join_token=night.join_token)
