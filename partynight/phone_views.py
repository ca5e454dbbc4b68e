"""Phone pages: no account, the link is the key. The live part is static/js/phone.js over
the player's websocket (docs/protocol.md); these views only render the shell."""

from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods

from partynight import links
from partynight.limits import guard_link
from partynight.models import Night
from partynight.services import nights
from partynight.services.errors import ServiceError

PLANNING_STATES = (Night.State.PLANNING, Night.State.SEATING)


def _not_found(request, message):
    return render(request, "phone/not_found.html", {"message": message}, status=404)


@guard_link
def play(request, token):
    player = links.player(token)
    if player is None:
        return _not_found(request, "This player link is not valid; ask the host for your link.")
    return render(request, "phone/play.html", {"player": player, "night": player.night})


@guard_link
@require_http_methods(["GET", "POST"])
def join(request, join_token):
    night = links.find(Night.objects, join_token=join_token)
    if night is None:
        return _not_found(request, "This join link is not valid; ask the host for the QR code.")
    error, name, status = None, "", 200
    if request.method == "POST":
        name = request.POST.get("name", "")
        try:
            player = nights.player_add(night_id=night.pk, name=name, actor="join")
        except ServiceError as failure:
            error, status = failure.message, 400
        else:
            return redirect("phone-play", token=player.token)
    elif night.state not in PLANNING_STATES:
        error = "Play has started: ask the host to seat you in a ghost's chair."
    context = {"night": night, "error": error, "name": name}
    return render(request, "phone/join.html", context, status=status)
