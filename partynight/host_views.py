"""The host's planning pages: the nights list, a new night, its settings, its players, the
seat draw and the start of play. Views are thin: parse a form, call a service, show
`ServiceError.message`, redirect. The live pages are in `live_views`."""

import segno
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.safestring import mark_safe
from django.views.decorators.http import require_http_methods, require_POST

from partynight.forms import (
    NightForm,
    PlayerNameForm,
    PrizeFormSet,
    RulesForm,
    prize_initial,
    rules_initial,
)
from partynight.models import Night
from partynight.rules.config import Rules
from partynight.rules.errors import RulesError
from partynight.rules.prizes import DEFAULT_PRIZE_TABLE, prize_amounts
from partynight.rules.seating import table_count
from partynight.services import nights, play, selectors
from partynight.services.errors import ServiceError

EXAMPLE_PLAYERS = 12  # the new-night page shows the prizes for a typical night


def host_night(request, night_id) -> Night:
    """The logged-in host's own night; anyone else's is a 404."""
    return get_object_or_404(Night, pk=night_id, host=request.user)


def actor_of(request) -> str:
    return f"host:{request.user.username}"


def prize_preview(prize_table, pot: int) -> dict:
    """The prize table in dollars for `pot`, or the reason it does not add up."""
    try:
        return {"pot": pot, "rows": prize_amounts(prize_table, pot), "error": None}
    except RulesError as error:
        return {"pot": pot, "rows": [], "error": str(error)}


@login_required
def night_list(request):
    nights_ = Night.objects.filter(host=request.user)
    return render(request, "nights/list.html", {"nights": nights_})


def _settings_forms(request, rules: Rules, prize_table):
    data = request.POST if request.method == "POST" else None
    rules_form = RulesForm(data, initial=rules_initial(rules), prefix="rules")
    prizes = PrizeFormSet(data, initial=prize_initial(prize_table), prefix="prizes")
    return rules_form, prizes


@login_required
@require_http_methods(["GET", "POST"])
def night_new(request):
    form = NightForm(request.POST if request.method == "POST" else None)  # {} is refused too
    rules_form, prizes = _settings_forms(request, Rules(), list(DEFAULT_PRIZE_TABLE))
    if request.method == "POST" and all(f.is_valid() for f in (form, rules_form, prizes)):
        try:
            nights.check_night_quota(request.user)
            night = nights.night_create(
                host=request.user,
                rules=rules_form.cleaned_data["rules"],
                prize_table=prizes.prize_table,
                **form.cleaned_data,
            )
        except ServiceError as error:
            form.add_error(None, error.message)
        else:
            messages.success(request, f"{night.name} is planned. Now add the players.")
            return redirect("night", night_id=night.pk)
    example = Rules().contribution * EXAMPLE_PLAYERS
    context = {
        "form": form,
        "rules_form": rules_form,
        "prizes": prizes,
        "preview": prize_preview(list(DEFAULT_PRIZE_TABLE), example),
        "preview_note": f"for {EXAMPLE_PLAYERS} paying players",
    }
    return render(request, "nights/new.html", context)


@login_required
@require_http_methods(["GET", "POST"])
def night_settings(request, night_id):
    night = host_night(request, night_id)
    rules_form, prizes = _settings_forms(request, Rules.from_dict(night.rules), night.prize_table)
    if request.method == "POST" and rules_form.is_valid() and prizes.is_valid():
        try:
            nights.night_settings_update(
                night_id=night.pk,
                actor=actor_of(request),
                rules=rules_form.cleaned_data["rules"],
                prize_table=prizes.prize_table,
            )
        except ServiceError as error:
            rules_form.add_error(None, error.message)
        else:
            messages.success(request, "Settings saved.")
            return redirect("night", night_id=night.pk)
    context = {
        "night": night,
        "rules_form": rules_form,
        "prizes": prizes,
        "preview": prize_preview(night.prize_table, selectors.pot_of(night)),
        "preview_note": "for the pot so far",
    }
    return render(request, "nights/settings.html", context)


def _planning(request, night, add_form=None, status=200):
    people = night.players.filter(active=True, is_ghost=False)
    count = people.count()
    tables = table_count(count)
    join_url = request.build_absolute_uri(f"/join/{night.join_token}/")
    snapshot = selectors.night_snapshot(night)
    context = {
        "night": night,
        "players": people,
        "add_form": add_form or PlayerNameForm(),
        "tables": tables,
        "ghosts": tables * 4 - count,
        "join_url": join_url,
        "join_qr": mark_safe(segno.make(join_url, error="m").svg_inline(scale=5, omitsize=True)),  # noqa: S308
        "screen_url": request.build_absolute_uri(f"/screen/{night.screen_token}/"),
        "seating": snapshot["seating"],
        "preview": prize_preview(night.prize_table, snapshot["night"]["pot"]),
        "planning": night.state in nights.PLANNING_STATES,
    }
    return render(request, "nights/night.html", context, status=status)


@login_required
def night_detail(request, night_id):
    return _planning(request, host_night(request, night_id))


@login_required
@require_POST
def player_add(request, night_id):
    night = host_night(request, night_id)
    form = PlayerNameForm(request.POST)
    if form.is_valid():
        try:
            player = nights.player_add(
                night_id=night.pk, name=form.cleaned_data["name"], actor=actor_of(request)
            )
        except ServiceError as error:
            form.add_error("name", error.message)
        else:
            messages.success(request, f"{player.name} is in.")
            return redirect("night", night_id=night.pk)
    night.refresh_from_db()
    return _planning(request, night, add_form=form, status=400)


def _player_action(request, night_id, action, done):
    """Run a player service for a POST; show its error or `done` as a message."""
    night = host_night(request, night_id)
    try:
        player = action(night_id=night.pk, actor=actor_of(request))
    except ServiceError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, done(player))
    return redirect("night", night_id=night.pk)


@login_required
@require_POST
def player_rename(request, night_id, player_id):
    name = request.POST.get("name", "")

    def action(**common):
        return nights.player_rename(player_id=player_id, name=name, **common)

    return _player_action(request, night_id, action, lambda p: f"Renamed to {p.name}.")


@login_required
@require_POST
def player_remove(request, night_id, player_id):
    def action(**common):
        nights.player_remove(player_id=player_id, **common)

    return _player_action(request, night_id, action, lambda _: "Player removed.")


@login_required
@require_POST
def player_paid(request, night_id, player_id):
    paid = request.POST.get("paid") == "1"

    def action(**common):
        return nights.player_set_paid(player_id=player_id, paid=paid, **common)

    return _player_action(
        request, night_id, action, lambda p: f"{p.name} {'paid' if p.paid else 'has not paid'}."
    )


@login_required
@require_POST
def seats_draw(request, night_id):
    night = host_night(request, night_id)
    try:
        nights.seats_draw(night_id=night.pk, actor=actor_of(request))
    except ServiceError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, "Seats drawn. The starred players start at the Head table.")
    return redirect("night", night_id=night.pk)


@login_required
@require_POST
def play_start(request, night_id):
    night = host_night(request, night_id)
    try:
        play.round_start(night_id=night.pk, number=1, actor=actor_of(request))
    except ServiceError as error:
        messages.error(request, error.message)
        if error.code != "already_done":
            return redirect("night", night_id=night.pk)
    return redirect("dashboard", night_id=night.pk)
