"""Printable pages and their PDFs. A printable view renders its template as HTML, or (for
its PDF route, as_pdf) hands the same HTML with print.css to the PDF workers, which write
it off Django's shared sync thread through WeasyPrint (README: Printing)."""

import asyncio
import functools
from concurrent.futures import ThreadPoolExecutor

from asgiref.sync import sync_to_async
from django.contrib.staticfiles import finders
from django.http import HttpResponse
from django.shortcuts import render
from django.template.loader import render_to_string

from partynight import throttles

PDF_MISSING = (
    "PDF downloads need WeasyPrint's system libraries (Pango), which this server lacks: "
    "apt-get install libpango-1.0-0 libpangoft2-1.0-0 libharfbuzz-subset0 fonts-dejavu-core. "
    "Meanwhile open the page and print it from the browser (Save as PDF works too).\n"
)
PAPERS = {"a4": "A4", "letter": "letter"}
# The nights' money is in dollars, so their paper is Letter unless the host picks A4 (the
# night's setting, Night.paper) or the page asks (?paper=).
DEFAULT_PAPER = "letter"


def load_weasyprint():
    """WeasyPrint, or None when its system libraries are missing (it fails on import)."""
    try:
        import weasyprint
    except OSError:
        return None
    return weasyprint


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


def printable(request, template, context, pdf, filename):
    """The page as HTML, or (for as_pdf) the same template with print.css to write a PDF."""
    night = context.get("night")
    chosen = getattr(night, "paper", DEFAULT_PAPER)
    paper = PAPERS.get(request.GET.get("paper", ""), PAPERS[chosen])
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
