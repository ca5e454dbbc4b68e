"""The night's chart and a group's season chart, drawn once on the server as SVG (our own
template, templates/charts/lines.svg: README "The night as a picture" says why not a
charting library). The same markup goes on the stage (in its snapshot), the results page,
the paper and a group's page. The night's chart speaks the night's language (Night.language),
like the stage and the paper it is drawn for; a season's chart, the reader's."""

from django.db.models import Min
from django.template.loader import render_to_string
from django.utils import translation
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _

from partynight.models import Event, Night, Round, Table
from partynight.rules.chart import line_chart, night_series, season_series
from partynight.services.store import key_of


def night_chart(night: Night, names: dict, ghosts: set, fuzzy: str | None) -> str | None:
    """Each player's wins round by round (the top ten), Buncos marked, the fuzzy die's
    path; None before a round is finished. `fuzzy`: who holds the die now."""
    rows = Table.objects.filter(round__night=night, round__state=Round.State.DONE)
    rounds: dict[int, list] = {}
    for number, state in rows.order_by("round__number", "number").values_list(
        "round__number", "state"
    ):
        rounds.setdefault(number, []).append(state)
    if not rounds:
        return None
    numbers = sorted(rounds)
    series = night_series(
        [rounds[n] for n in numbers], names, ghosts, _holders(night, numbers, fuzzy)
    )
    with translation.override(night.language):
        chart = line_chart(series, [_("Round"), *(str(n) for n in numbers)])
        title = _("Wins after each round, the top ten")
        return _render(chart, "night", title, marks=(_("Bunco"), _("held the fuzzy die")))


def _holders(night: Night, numbers: list[int], fuzzy: str | None) -> list[str | None]:
    """Who held the fuzzy die at the end of each round: what the next round's first roll
    found (corrections included), and for the last round, who holds it now."""
    firsts = (
        Event.objects.filter(night=night, kind="roll_scored")
        .values("round_number")
        .annotate(first=Min("id"))
        .values_list("first", flat=True)
    )
    before = dict(
        Event.objects.filter(pk__in=list(firsts)).values_list("round_number", "data__fuzzy_before")
    )
    return [key_of(before[n + 1]) if n + 1 in before else fuzzy for n in numbers]


def season_chart(nights: list[dict], members: dict) -> str | None:
    """Each member's wins night by night over a season (`nights`: oldest first, each
    {"label", "wins": {member key: wins}}); None before a night is finished."""
    if not nights:
        return None
    series = season_series([n["wins"] for n in nights], members)
    chart = line_chart(series, [_("Night"), *(n["label"] for n in nights)])
    title = _("Wins night by night, the top ten")
    return _render(chart, "season", title, legend=_("Wins, night by night"))


def _render(chart: dict, id_: str, title: str, marks=(), legend="") -> str:
    """`marks`: the two marks' words (a Bunco, the fuzzy die), or `legend`: one line."""
    context = {"c": chart, "id": id_, "title": title, "marks": marks, "legend": legend}
    return mark_safe(render_to_string("charts/lines.svg", context).strip())  # noqa: S308 (escaped by the template)
