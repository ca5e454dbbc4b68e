"""Paper for a night, and its results link. Score sheets (one per player, or blank), table
tally sheets and the results sheet are HTML pages that print cleanly from any browser; the
same templates become PDFs on the server (pdf.py). The results also have a read-only link
with a text summary for the group chat, and a CSV export. Paper is in the night's language
(Night.language), whoever prints it."""

from django.contrib.auth.decorators import login_required
from django.urls import reverse
from django.utils import translation
from django.utils.text import slugify
from django.utils.translation import pgettext_lazy

from live.limits import guard_link
from live.text import render
from paper.csv_export import csv_response
from paper.pdf import printable
from partynight import links
from partynight.models import Night
from partynight.rules.seating import MAX_PLAYERS
from partynight.services import history, snapshots
from partynight.web.shortcuts import host_night, qr_svg

# The CSV's column headers, in the night's language; the cells are data.
CSV_COLUMNS = (
    pgettext_lazy("csv column", "place"),
    pgettext_lazy("csv column", "name"),
    pgettext_lazy("csv column", "wins"),
    pgettext_lazy("csv column", "losses"),
    pgettext_lazy("csv column", "buncos"),
    pgettext_lazy("csv column", "prizes"),
    pgettext_lazy("csv column", "winnings"),
)


def _number(request, name, default, most) -> int:
    try:
        return max(0, min(int(request.GET.get(name, default)), most))
    except ValueError:
        return default


def _file_name(night: Night, what: str) -> str:
    return f"{slugify(night.name) or 'night'}-{night.date}-{what}"


@login_required
def score_sheets(request, night_id, pdf=False):
    """?blank=N: N sheets with the names left empty; two to a page when a sheet fits on half
    a page (?per_page=1 or 2 chooses)."""
    night = host_night(request, night_id)
    with translation.override(night.language):
        return _score_sheets(request, night, pdf)


def _score_sheets(request, night, pdf):
    sheets = history.score_sheets(night, blank=_number(request, "blank", 0, MAX_PLAYERS))
    for sheet in sheets:
        if sheet["token"]:
            url = request.build_absolute_uri(reverse("phone:play", args=[sheet["token"]]))
            sheet["qr"] = qr_svg(url)
    context = {
        "night": night,
        "sheets": sheets,
        "layout": history.sheet_layout(night),
        "per_page": {"1": 1, "2": 2}.get(
            request.GET.get("per_page"), history.sheets_per_page(night)
        ),
    }
    return printable(request, "print/score_sheets.html", context, pdf, _file_name(night, "sheets"))


@login_required
def table_sheets(request, night_id, pdf=False):
    night = host_night(request, night_id)
    with translation.override(night.language):
        context = {"night": night, "tables": history.tally_tables(night)}
        return printable(
            request, "print/table_sheets.html", context, pdf, _file_name(night, "tables")
        )


def _results_context(request, night: Night) -> dict:
    sheet = history.results(night, snapshots.night_snapshot(night))
    share = reverse("paper:results_public", args=[night.results_token])
    return {
        "night": night,
        "sheet": sheet,
        "summary": history.results_text(night, sheet),
        "share_url": request.build_absolute_uri(share),
    }


@login_required
def results_sheet(request, night_id, pdf=False):
    night = host_night(request, night_id)
    with translation.override(night.language):
        context = {**_results_context(request, night), "host": True}
        return printable(request, "print/results.html", context, pdf, _file_name(night, "results"))


@guard_link
def results_public(request, token):
    """The read-only results link to share with the players: no login, nothing to change."""
    night = links.get_or_404(Night.objects, results_token=token)
    with translation.override(night.language):
        context = _results_context(request, night)
        return printable(request, "print/results.html", context, False, "")


@login_required
def standings_csv(request, night_id):
    night = host_night(request, night_id)
    sheet = history.results(night, snapshots.night_snapshot(night))
    with translation.override(night.language):  # the headers and the prizes' names
        header = [str(column) for column in CSV_COLUMNS]
        rows = _standings_rows(sheet)
    return csv_response(_file_name(night, "standings"), header, rows)


def _standings_rows(sheet: dict) -> list[list]:
    prizes = {}
    for award in sheet["awards"]:
        prizes.setdefault(award["player"], []).append(award)
    return [
        [
            place,
            row["name"],
            row["wins"],
            row["losses"],
            row["buncos"],
            "; ".join(render(a["name"]) for a in prizes.get(row["id"], [])),
            sum(a["amount"] for a in prizes.get(row["id"], [])),
        ]
        for place, row in enumerate(sheet["standings"], 1)
    ]
