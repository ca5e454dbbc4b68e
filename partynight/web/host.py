"""The host's planning pages: the nights list, a new night, its settings, its players, the
seat draw and the start of play. Views are thin: parse a form, call a service, show
`ServiceError.message`, redirect. The live pages are in `live.py`."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db import transaction
from django.http import JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_http_methods, require_POST

from live.errors import ServiceError
from live.routing import socket_path
from live.text import render as say
from partynight.models import Night
from partynight.routing import websocket_urlpatterns as sockets
from partynight.rules.config import Rules
from partynight.rules.errors import RulesError
from partynight.rules.prizes import DEFAULT_PRIZE_TABLE, prize_amounts, prize_title
from partynight.rules.seating import table_count
from partynight.services import nights, play, selectors, snapshots
from partynight.web.forms import (
    LanguageForm,
    NightForm,
    PlayerNameForm,
    PrizeFormSet,
    RulesForm,
    prize_initial,
    rules_initial,
)
from partynight.web.shortcuts import actor_of, host_night, qr_svg, submit

EXAMPLE_PLAYERS = 12  # the new-night page shows the prizes for a typical night


def prize_preview(prize_table, pot: int) -> dict:
    """The prize table in dollars for `pot`, or the reason it does not add up."""
    try:
        rows = [
            {**row, "name": prize_title(row["name"])} for row in prize_amounts(prize_table, pot)
        ]
        return {"pot": pot, "rows": rows, "error": None}
    except RulesError as error:
        return {"pot": pot, "rows": [], "error": error.message}


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
    # {} is refused too; the night speaks the host's language unless the host picks another
    form = NightForm(request.POST if request.method == "POST" else None, initial=LanguageForm.now())
    rules_form, prizes = _settings_forms(request, Rules(), list(DEFAULT_PRIZE_TABLE))
    if request.method == "POST" and all(f.is_valid() for f in (form, rules_form, prizes)):
        details = dict(form.cleaned_data)
        language = details.pop("language")
        try:
            with transaction.atomic():
                night = nights.night_create(
                    host=request.user,
                    capped=True,
                    rules=rules_form.cleaned_data["rules"],
                    prize_table=prizes.prize_table,
                    **details,
                )
                _set_language(night, language)
        except ServiceError as error:
            form.add_error(None, say(error.message))
        else:
            messages.success(
                request, _("%(name)s is planned. Now add the players.") % {"name": night.name}
            )
            return redirect("host:night", night_id=night.pk)
    example = Rules().contribution * EXAMPLE_PLAYERS
    context = {
        "form": form,
        "rules_form": rules_form,
        "prizes": prizes,
        "preview": prize_preview(list(DEFAULT_PRIZE_TABLE), example),
        "preview_note": ngettext(
            "for %(n)s paying player", "for %(n)s paying players", EXAMPLE_PLAYERS
        )
        % {"n": EXAMPLE_PLAYERS},
    }
    return render(request, "nights/new.html", context)


@login_required
@require_http_methods(["GET", "POST"])
def night_settings(request, night_id):
    night = host_night(request, night_id)
    rules_form, prizes = _settings_forms(request, Rules.from_dict(night.rules), night.prize_table)
    data = request.POST if request.method == "POST" else None
    language_form = LanguageForm(data, initial={"language": night.language})
    forms_ = (rules_form, prizes, language_form)
    if request.method == "POST" and all(f.is_valid() for f in forms_):
        try:
            with transaction.atomic():  # the language stays as it was if the settings are refused
                _set_language(night, language_form.cleaned_data["language"])
                nights.night_settings_update(
                    night_id=night.pk,
                    actor=actor_of(request),
                    rules=rules_form.cleaned_data["rules"],
                    prize_table=prizes.prize_table,
                    paper=request.POST.get("paper"),
                )
        except ServiceError as error:
            rules_form.add_error(None, say(error.message))
        else:
            messages.success(request, _("Settings saved."))
            return redirect("host:night", night_id=night.pk)
    context = {
        "night": night,
        "rules_form": rules_form,
        "prizes": prizes,
        "preview": prize_preview(night.prize_table, selectors.pot_of(night)),
        "preview_note": _("for the pot so far"),
        "language_form": language_form,
        "paper_choices": Night._meta.get_field("paper").choices,
    }
    return render(request, "nights/settings.html", context)


def _set_language(night: Night, language: str) -> None:
    """The night's language (the big screen's and the printed sheets'), one of LANGUAGES."""
    night.language = language
    Night.objects.filter(pk=night.pk).update(language=language)


def table_line(players: int, tables: int, ghosts: int) -> str:
    """ "12 players: 3 tables." and the ghosts that fill the empty seats, if any."""
    words = {
        "players": ngettext("%(n)s player", "%(n)s players", players) % {"n": players},
        "tables": ngettext("%(n)s table", "%(n)s tables", tables) % {"n": tables},
    }
    if not ghosts:
        return _("%(players)s: %(tables)s.") % words
    words["ghosts"] = ngettext(
        "%(n)s ghost fills the empty seat", "%(n)s ghosts fill the empty seats", ghosts
    ) % {"n": ghosts}
    return _("%(players)s: %(tables)s, %(ghosts)s.") % words


def _planning(request, night, add_form=None, status=200, **extra):
    people = night.players.filter(active=True, is_ghost=False)
    count = people.count()
    tables = table_count(count)
    join_url = request.build_absolute_uri(reverse("phone:join", args=[night.join_token]))
    snapshot = snapshots.night_snapshot(night)
    context = {
        "night": night,
        "players": people,
        "add_form": add_form or PlayerNameForm(),
        "tables": tables,
        "table_line": table_line(count, tables, tables * 4 - count),
        "join_url": join_url,
        "join_qr": qr_svg(join_url, scale=5),
        "screen_url": request.build_absolute_uri(reverse("host:screen", args=[night.screen_token])),
        "seating": snapshot["seating"],
        "waiting": snapshot["waiting"],
        "ghost_chairs": snapshot["ghost_chairs"],
        "drawn_only": True,  # the waiting card offers a redraw, not the next round
        "socket": socket_path(sockets, "night", night_id=night.pk),
        "preview": prize_preview(night.prize_table, snapshot["night"]["pot"]),
        "planning": night.state in nights.PLANNING_STATES,
        "focus_add": request.GET.get("added") == "1",
        **extra,
    }
    return render(request, "nights/night.html", context, status=status)


@login_required
def night_detail(request, night_id):
    return _planning(request, host_night(request, night_id))


@login_required
def night_phones(request, night_id):
    """Each player's own link as a small card with a QR code: shown on a screen for
    people to scan, or printed and cut out."""
    night = host_night(request, night_id)
    cards = []
    for player in night.players.filter(active=True, is_ghost=False):
        url = request.build_absolute_uri(reverse("phone:play", args=[player.token]))
        cards.append({"player": player, "url": url, "qr": qr_svg(url, scale=3)})
    join_url = request.build_absolute_uri(reverse("phone:join", args=[night.join_token]))
    context = {"night": night, "cards": cards, "join_url": join_url}
    return render(request, "nights/phones.html", context)


@login_required
@require_POST
def player_add(request, night_id):
    night = host_night(request, night_id)

    def add(data):
        return nights.player_add(night_id=night.pk, name=data["name"], actor=actor_of(request))

    form = PlayerNameForm(request.POST)
    player = submit(form, add, "name")
    if player is None:
        night.refresh_from_db()
        return _planning(request, night, add_form=form, status=400, focus_add=True)
    messages.success(request, _("%(name)s is in.") % {"name": player.name})
    # Back with the cursor in the name box, ready for the next name (no #fragment:
    # Chromium skips autofocus when the URL targets an element).
    return redirect(reverse("host:night", args=[night.pk]) + "?added=1")


@login_required
@require_POST
def players_add_list(request, night_id):
    """A pasted list, one name per line: everyone valid is added; each bad line is reported
    and left in the box to fix."""
    night = host_night(request, night_id)
    text = request.POST.get("names", "")
    try:
        report = nights.players_add_list(night_id=night.pk, text=text, actor=actor_of(request))
    except ServiceError as error:
        report = [{"line": 0, "name": "", "added": False, "error": error.message}]
    report = [{**row, "error": say(row["error"])} for row in report]
    if not report:
        report = [{"line": 0, "name": "", "added": False, "error": _("Paste at least one name.")}]
    failed = [row for row in report if not row["added"]]
    if not failed:
        added = len(report)
        names = ", ".join(r["name"] for r in report)
        messages.success(
            request,
            ngettext("Added %(n)s: %(names)s.", "Added %(n)s: %(names)s.", added)
            % {"n": added, "names": names},
        )
        return redirect(reverse("host:night", args=[night.pk]) + "#players")
    night.refresh_from_db()
    return _planning(
        request,
        night,
        status=400,
        paste_report=report,
        paste_added=[row["name"] for row in report if row["added"]],
        paste_failed=failed,
        # the lines to fix stay in the box (all of it when the whole paste was refused)
        paste_left="\n".join(row["name"] for row in failed) if report[0]["line"] else text,
    )


def _player_action(request, night_id, action, done):
    """Run a player service for a POST; show its error or `done` as a message."""
    night = host_night(request, night_id)
    try:
        player = action(night_id=night.pk, actor=actor_of(request))
    except ServiceError as error:
        messages.error(request, say(error.message))
    else:
        messages.success(request, done(player))
    return redirect("host:night", night_id=night.pk)


@login_required
@require_POST
def player_rename(request, night_id, player_id):
    name = request.POST.get("name", "")

    def action(**common):
        return nights.player_rename(player_id=player_id, name=name, **common)

    def done(player):
        return _("Renamed to %(name)s.") % {"name": player.name}

    return _player_action(request, night_id, action, done)


@login_required
@require_POST
def player_remove(request, night_id, player_id):
    def action(**common):
        nights.player_remove(player_id=player_id, **common)

    return _player_action(request, night_id, action, lambda _player: _("Player removed."))


@login_required
@require_POST
def player_paid(request, night_id, player_id):
    """Mark paid or not. The planning page's toggle sends it without a reload (asking for
    JSON; the CSRF token travels in the form data as usual); without JS it is a form."""
    paid = request.POST.get("paid") == "1"
    # Real negotiation: JSON only when preferred to HTML (planning.js asks for it alone),
    # not whenever a browser's Accept merely lists it.
    if request.get_preferred_type(["text/html", "application/json"]) == "application/json":
        night = host_night(request, night_id)
        try:
            player = nights.player_set_paid(
                night_id=night.pk, player_id=player_id, paid=paid, actor=actor_of(request)
            )
        except ServiceError as error:
            return JsonResponse({"error": error.message}, status=400)
        night.refresh_from_db()
        pot = selectors.pot_of(night)
        return JsonResponse({"paid": player.paid, "name": player.name, "pot": pot})

    def action(**common):
        return nights.player_set_paid(player_id=player_id, paid=paid, **common)

    def done(player):
        said = _("%(name)s paid.") if player.paid else _("%(name)s has not paid.")
        return said % {"name": player.name}

    return _player_action(request, night_id, action, done)


@login_required
@require_POST
def player_release(request, night_id, player_id):
    def action(**common):
        return nights.player_release(player_id=player_id, **common)

    return _player_action(
        request,
        night_id,
        action,
        lambda p: (
            _("%(name)s's name is free to claim again; their old link no longer works.")
            % {"name": p.name}
        ),
    )


@login_required
@require_POST
def seats_draw(request, night_id):
    night = host_night(request, night_id)
    try:
        nights.seats_draw(night_id=night.pk, actor=actor_of(request))
    except ServiceError as error:
        messages.error(request, say(error.message))
    else:
        messages.success(request, _("Seats drawn. The starred players start at the Head table."))
    return redirect("host:night", night_id=night.pk)


@login_required
@require_POST
def play_start(request, night_id):
    night = host_night(request, night_id)
    try:
        play.round_start(night_id=night.pk, number=1, actor=actor_of(request))
    except ServiceError as error:
        messages.error(request, say(error.message))
        if error.code != "already_done":
            return redirect("host:night", night_id=night.pk)
    return redirect("host:dashboard", night_id=night.pk)
