"""Paper for a night, and its results link. Score sheets (one per player, or blank), table
tally sheets and the results sheet are HTML pages that print cleanly from any browser; the
same templates become PDFs on the server through WeasyPrint (README: Printing). The results
also have a read-only link with a text summary for the group chat, and a CSV export."""

import asyncio
import functools
from concurrent.futures import ThreadPoolExecutor

from asgiref.sync import sync_to_async
from django.contrib.auth.decorators import login_required
from django.contrib.staticfiles import finders
from django.http import HttpResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.text import slugify

from live.limits import guard_link
from partynight import links, throttles
from partynight.models import Night
from partynight.rules.seating import MAX_PLAYERS
from partynight.services import history, snapshots
from partynight.web.shortcuts import csv_response, host_night, qr_svg

PDF_MISSING = (
    "PDF downloads need WeasyPrint's system libraries (Pango), which this server lacks: "
    "apt-get install libpango-1.0-0 libpangoft2-1.0-0 libharfbuzz-subset0 fonts-dejavu-core. "
    "Meanwhile open the page and print it from the browser (Save as PDF works too).\n"
)
PAPERS = {"a4": "A4", "letter": "letter"}


def load_weasyprint():
    """WeasyPrint, or None when its system libraries are missing (it fails on import)."""
    try:
        import weasyprint
    except OSError:
        return None
    return weasyprint


def _number(request, name, default, most) -> int:
    try:
        return max(0, min(int(request.GET.get(name, default)), most))
    except ValueError:
        return default


class PdfPage:
    """A page to turn into a PDF: what a printable view hands to as_pdf(), which writes it
    off Django's shared sync thread."""

    def __init__(self, html: str, filename: str, owner: int):
        self.html, self.filename, self.owner = html, filename, owner

    def write(self) -> bytes:
        weasyprint = load_weasyprint()
        document = weasyprint.HTML(
            string=self.html,
            url_fetcher=weasyprint.urls.URLFetcher(allowed_protocols=()),  # nothing from outside
        )
        return document.write_pdf(
            stylesheets=[weasyprint.CSS(filename=finders.find("css/print.css"))]
        )


# PDF_RENDERS_AT_ONCE workers: more PDFs wait their turn here, holding no other thread.
_writers = ThreadPoolExecutor(throttles.PDF_RENDERS_AT_ONCE, thread_name_prefix="pdf")


def as_pdf(view):
    """The PDF route of a printable page. A PDF of 48 sheets takes seconds: under ASGI a
    sync view holds the process's one sync thread all that time (three at once slowed every
    page for half a minute), so the view only builds the HTML and the PDF is written by
    the PDF workers, one at a time and `throttles.PDFS_PER_HOUR` an hour per host."""
    build, build_page = sync_to_async(view), sync_to_async(render)
    in_worker = functools.partial(sync_to_async, thread_sensitive=False)

    async def pdf(request, *args, **kwargs):
        page = await build(request, *args, pdf=True, **kwargs)
        if not isinstance(page, PdfPage):
            return page  # the login redirect, a 404, the "WeasyPrint missing" answer
        refusal = await in_worker(throttles.pdf_start)(page.owner)
        if refusal:
            context = {"message": refusal}
            response = await build_page(request, "phone/not_found.html", context, status=429)
            response["Retry-After"] = "10"
            return response
        try:
            body = await asyncio.get_running_loop().run_in_executor(_writers, page.write)
        finally:
            await in_worker(throttles.pdf_done)(page.owner)
        response = HttpResponse(body, content_type="application/pdf")
        response["Content-Disposition"] = f'attachment; filename="{page.filename}.pdf"'
        return response

    return functools.wraps(view)(pdf)


def _page(request, template, context, pdf, filename):
    """The page as HTML, or (for as_pdf) the same template with print.css to write a PDF."""
    paper = PAPERS.get(request.GET.get("paper", ""), "A4")
    keep = request.GET.copy()
    keep.pop("paper", None)
    context = {**context, "pdf": pdf, "paper": paper, "query": request.GET.urlencode()}
    context["keep"] = keep.urlencode()
    if not pdf:
        return render(request, template, context)
    if load_weasyprint() is None:
        return HttpResponse(PDF_MISSING, status=503, content_type="text/plain; charset=utf-8")
    html = render_to_string(template, context, request=request)
    return PdfPage(html, filename, request.user.pk)


def _file_name(night: Night, what: str) -> str:
    return f"{slugify(night.name) or 'night'}-{night.date}-{what}"


@login_required
def score_sheets(request, night_id, pdf=False):
    """?blank=N: N sheets with the names left empty; ?per_page=2: two to a page."""
    night = host_night(request, night_id)
    sheets = history.score_sheets(night, blank=_number(request, "blank", 0, MAX_PLAYERS))
    for sheet in sheets:
        if sheet["token"]:
            url = request.build_absolute_uri(reverse("phone:play", args=[sheet["token"]]))
            sheet["qr"] = qr_svg(url)
    context = {
        "night": night,
        "sheets": sheets,
        "layout": history.sheet_layout(night),
        "per_page": 2 if request.GET.get("per_page") == "2" else 1,
    }
    return _page(request, "print/score_sheets.html", context, pdf, _file_name(night, "sheets"))


@login_required
def table_sheets(request, night_id, pdf=False):
    night = host_night(request, night_id)
    context = {"night": night, "tables": history.tally_tables(night)}
    return _page(request, "print/table_sheets.html", context, pdf, _file_name(night, "tables"))


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
    context = {**_results_context(request, night), "host": True}
    return _page(request, "print/results.html", context, pdf, _file_name(night, "results"))


@guard_link
def results_public(request, token):
    """The read-only results link to share with the players: no login, nothing to change."""
    night = links.get_or_404(Night.objects, results_token=token)
    return _page(request, "print/results.html", _results_context(request, night), False, "")


@login_required
def standings_csv(request, night_id):
    night = host_night(request, night_id)
    sheet = history.results(night, snapshots.night_snapshot(night))
    prizes = {}
    for award in sheet["awards"]:
        prizes.setdefault(award["player"], []).append(award)
    rows = [
        [
            place,
            row["name"],
            row["wins"],
            row["losses"],
            row["buncos"],
            "; ".join(a["name"] for a in prizes.get(row["id"], [])),
            sum(a["amount"] for a in prizes.get(row["id"], [])),
        ]
        for place, row in enumerate(sheet["standings"], 1)
    ]
    header = ["place", "name", "wins", "losses", "buncos", "prizes", "winnings"]
    return csv_response(_file_name(night, "standings"), header, rows)
