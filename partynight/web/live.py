"""The host's live pages: the dashboard and its corrections, the big screen, awarding the
prizes, the results and the night's record. Views stay thin: a form, a service, a message."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_http_methods, require_POST

from live.errors import ServiceError
from live.limits import guard_link
from live.routing import socket_path
from live.text import render as say
from partynight import links
from partynight.models import Night
from partynight.routing import websocket_urlpatterns as sockets
from partynight.rules.seating import table_name
from partynight.services import arrivals, corrections, finish, history, selectors, snapshots
from partynight.web.forms import (
    BuncoForm,
    LateSeatForm,
    PlayerForm,
    PlayerNameForm,
    PointsForm,
    TableForm,
)
from partynight.web.shortcuts import actor_of, host_night, qr_svg


@login_required
def dashboard(request, night_id):
    night = host_night(request, night_id)
    snapshot = snapshots.night_snapshot(night, log=True)
    people = [p for p in snapshot["players"] if p["active"] and not p["ghost"]]
    tables = len(snapshot["tables"]) or len(snapshot["seating"])
    context = {
        "night": night,
        "socket": socket_path(sockets, "night", night_id=night.pk),
        "snapshot": snapshot,
        "people": people,
        # the corrections name tables as the players do (Head, Middle, Foot)
        "tables": [(n, say(table_name(n, tables))) for n in range(1, tables + 1)],
    }
    return render(request, "nights/dashboard.html", context)


@guard_link
def screen(request, token):
    """The big screen for a TV: read-only, by the night's screen link (no login), in the
    night's language whatever the TV's browser says (base.html loads that catalog)."""
    night = links.get_or_404(Night.objects, screen_token=token)
    join_url = request.build_absolute_uri(reverse("phone:join", args=[night.join_token]))
    context = {
        "night": night,
        "socket": socket_path(sockets, "screen", token=night.screen_token),
        "snapshot": snapshots.night_snapshot(night),
        "join_url": join_url,
        "join_qr": qr_svg(join_url, scale=8),  # shown until play starts
    }
    with translation.override(night.language):
        return render(request, "nights/screen.html", context)


def _correction(form_class, call, done):
    """A dashboard correction: validate `form_class`, call `call(night_id, actor, data)`,
    show `done` (or `done(answer)`) or the error, and go back to the dashboard (or to the
    planning page, for a form posted from there with back=night)."""

    @login_required
    @require_POST
    def view(request, night_id):
        night = host_night(request, night_id)
        back = "host:night" if request.POST.get("back") == "night" else "host:dashboard"
        form = form_class(request.POST)
        if not form.is_valid():
            for field, errors in form.errors.items():
                label = form[field].label if field in form.fields else _("Error")
                said = _("%(field)s: %(errors)s") % {"field": label, "errors": " ".join(errors)}
                messages.error(request, said)
            return redirect(back, night_id=night.pk)
        try:
            answer = call(night.pk, actor_of(request), form.cleaned_data)
        except ServiceError as error:
            messages.error(request, say(error.message))
        else:
            messages.success(request, done(answer) if callable(done) else str(done))
        return redirect(back, night_id=night.pk)

    return view


def _at_table(service, *fields):
    """The call of a correction at one table: the form's table and client id, and its
    `fields` passed under their own names."""
    return lambda night_id, actor, data: service(
        night_id=night_id,
        table_number=data["table"],
        actor=actor,
        client_id=data["client_id"] or None,
        **{field: data[field] for field in fields},
    )


roll_undo = _correction(
    TableForm, _at_table(corrections.roll_undo), gettext_lazy("The last roll was taken back.")
)
points_adjust = _correction(
    PointsForm,
    _at_table(corrections.points_adjust, "team", "delta", "reason"),
    gettext_lazy("Points adjusted."),
)
bunco_reassign = _correction(
    BuncoForm,
    _at_table(corrections.bunco_reassign, "from_player", "to_player"),
    gettext_lazy("The Bunco was moved."),
)
player_replace_by_ghost = _correction(
    PlayerForm,
    lambda night_id, actor, data: corrections.player_replace_by_ghost(
        night_id=night_id, player_id=data["player"], actor=actor
    ),
    gettext_lazy("A ghost takes that chair from now on."),
)


player_late_arrival = _correction(
    PlayerNameForm,
    lambda night_id, actor, data: corrections.player_late_arrival(
        night_id=night_id, name=data["name"], actor=actor
    ),
    lambda answer: _late_words(answer[0].name, answer[1]),
)
late_guest_seat = _correction(
    LateSeatForm,
    lambda night_id, actor, data: arrivals.late_guest_seat(
        night_id=night_id,
        player_id=data["player"],
        ghost_id=data["ghost"],
        actor=actor,
        client_id=data["client_id"] or None,
    ),
    gettext_lazy("Done: the guest has the ghost's chair now."),
)


def _late_words(name: str, seated: bool) -> str:
    if seated:
        return _("Welcome, %(name)s: they play in a ghost's chair from now on.") % {"name": name}
    return _(
        "Every chair is taken, so %(name)s is on the waiting list. When a player leaves, "
        "replace them by a ghost, then give %(name)s that chair."
    ) % {"name": name}


@login_required
@require_http_methods(["GET", "POST"])
def night_finish(request, night_id):
    """Award the prizes. After the last round the dashboard's button does it at once; after
    an earlier round (the night ends early) the host first confirms on this page."""
    night = host_night(request, night_id)
    snapshot = snapshots.night_snapshot(night)
    round_ = snapshot["round"]
    ready = round_ is not None and round_["state"] == "done"
    unconfirmed = ready and not round_["last"] and request.POST.get("confirm") != "early"
    if night.state == Night.State.FINISHED and request.method == "GET":
        return redirect("host:results", night_id=night.pk)
    if request.method == "GET" or (unconfirmed and night.state != Night.State.FINISHED):
        played = history.rounds_played(snapshot)
        left = snapshot["night"]["rounds_in_night"] - played
        context = {"night": night, "played": played, "left": left, "ready": ready}
        context["round_in_play"] = round_ is not None and not ready
        return render(request, "nights/finish.html", context)
    try:
        finish.night_finish(night_id=night.pk, actor=actor_of(request))
    except ServiceError as error:
        messages.error(request, say(error.message))
        if error.code != "already_done":
            return redirect("host:dashboard", night_id=night.pk)
    return redirect("host:results", night_id=night.pk)


@login_required
def results(request, night_id):
    night = host_night(request, night_id)
    snapshot = snapshots.night_snapshot(night)
    names = {p["id"]: p["name"] for p in snapshot["players"]}
    awards = selectors.awards_with_ties(snapshot["awards"], names)
    context = {
        "night": night,
        "snapshot": snapshot,
        "awards": awards,
        "rounds_line": history.rounds_line(snapshot),
    }
    return render(request, "nights/results.html", context)


@login_required
def record_json(request, night_id):
    night = host_night(request, night_id)
    return JsonResponse(selectors.night_record(night), json_dumps_params={"indent": 2})
