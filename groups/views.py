"""A host's groups: the members, every past night, each member's record, the season
standings (a calendar year, ?season=YYYY), a CSV of the season, and the next night started
from the group with its members. Views stay thin: a form, a service, a message."""

import datetime

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db import transaction
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.dates import MONTHS
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from groups.forms import GroupForm, GroupNightForm, MemberForm
from live.errors import ServiceError
from live.text import render as say
from paper.csv_export import csv_response
from partynight.models import Group, GroupMember, Night
from partynight.services import groups, history
from partynight.web.shortcuts import actor_of, submit


def host_group(request, group_id) -> Group:
    """The logged-in host's own group; anyone else's is a 404."""
    return get_object_or_404(Group, pk=group_id, host=request.user)


def host_member(request, group_id, member_id) -> GroupMember:
    """A member of the logged-in host's own group (with its group); else a 404."""
    members = GroupMember.objects.select_related("group")
    return get_object_or_404(members, pk=member_id, group=group_id, group__host=request.user)


def _season(request) -> int | None:
    try:
        season = int(request.GET.get("season", ""))
    except ValueError:
        return None
    return season if 1900 < season < 3000 else None


@login_required
@require_http_methods(["GET", "POST"])
def group_list(request):
    form = GroupForm(request.POST if request.method == "POST" else None)  # {} is refused too
    if request.method == "POST":
        group = submit(
            form, lambda data: groups.group_create(host=request.user, name=data["name"]), "name"
        )
        if group is not None:
            said = _("%(name)s is set up. Now add its members.") % {"name": group.name}
            messages.success(request, said)
            return redirect("groups:detail", group_id=group.pk)
    mine = Group.objects.filter(host=request.user).order_by("name")
    return render(request, "groups/list.html", {"groups": mine, "form": form})


def _detail(request, group, member_form=None, night_form=None, status=200):
    today = datetime.date.today()
    month = MONTHS[today.month]
    context = {
        "group": group,
        "history": history.group_history(group, _season(request)),
        "member_form": member_form or MemberForm(),
        "night_form": night_form
        or GroupNightForm(
            initial={
                "name": _("%(group)s: %(month)s") % {"group": group.name, "month": month},
                "date": today,
                **GroupNightForm.now(),
            }
        ),
    }
    return render(request, "groups/detail.html", context, status=status)


@login_required
def group_detail(request, group_id):
    return _detail(request, host_group(request, group_id))


def _member_fields(data) -> dict:
    return {"name": data["name"], "contact": data["contact"], "hosts_month": data["hosts_month"]}


@login_required
@require_POST
def member_add(request, group_id):
    group = host_group(request, group_id)
    form = MemberForm(request.POST)
    member = submit(
        form, lambda data: groups.member_add(group=group, **_member_fields(data)), "name"
    )
    if member is None:
        return _detail(request, group, member_form=form, status=400)
    said = _("%(name)s joined %(group)s.") % {"name": member.name, "group": group.name}
    messages.success(request, said)
    return redirect("groups:detail", group_id=group.pk)


@login_required
@require_POST
def member_update(request, group_id, member_id):
    member = host_member(request, group_id, member_id)
    form = MemberForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Please give the member a name of at most 40 characters."))
        return redirect("groups:detail", group_id=member.group_id)
    try:
        member = groups.member_update(member=member, **_member_fields(form.cleaned_data))
    except ServiceError as error:
        messages.error(request, say(error.message))
    else:
        messages.success(request, _("%(name)s saved.") % {"name": member.name})
    return redirect("groups:detail", group_id=member.group_id)


@login_required
@require_POST
def member_remove(request, group_id, member_id):
    member = host_member(request, group_id, member_id)
    groups.member_remove(member=member)
    said = _("%(name)s left %(group)s; their nights stay.")
    messages.success(request, said % {"name": member.name, "group": member.group.name})
    return redirect("groups:detail", group_id=member.group_id)


@login_required
@require_POST
def night_start(request, group_id):
    group = host_group(request, group_id)

    def start(data):
        details = dict(data)
        language = details.pop("language")
        with transaction.atomic():
            night = groups.night_from_group(
                group=group, actor=actor_of(request), capped=True, **details
            )
            Night.objects.filter(pk=night.pk).update(language=language)
        return night

    form = GroupNightForm(request.POST)
    night = submit(form, start)
    if night is None:
        return _detail(request, group, night_form=form, status=400)
    said = _("%(name)s is planned with the group's members.") % {"name": night.name}
    messages.success(request, said)
    return redirect("host:night", night_id=night.pk)


@login_required
def season_csv(request, group_id):
    group = host_group(request, group_id)
    season = history.group_history(group, _season(request))
    rows = [
        [
            place,
            row["name"],
            row["nights"],
            row["wins"],
            row["losses"],
            row["buncos"],
            "; ".join(row["prizes"]),
            row["winnings"],
            row["paid"],
        ]
        for place, row in enumerate(season["standings"], 1)
    ]
    header = ["place", "name", "nights", "wins", "losses", "buncos", "prizes", "winnings", "paid"]
    return csv_response(f"{slugify(group.name) or 'group'}-{season['season']}", header, rows)
