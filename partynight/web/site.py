"""The site's own pages: the home page, the favicon and the health check."""

from django.conf import settings
from django.db import connection
from django.http import HttpResponse, JsonResponse

from partynight.web.shortcuts import home_page


def home(request):
    return home_page(request)


def favicon(request):
    """/favicon.ico, which browsers ask for on every page without a <link rel=icon>."""
    icon = (settings.BASE_DIR / "static" / "favicon.svg").read_bytes()
    response = HttpResponse(icon, content_type="image/svg+xml")
    response["Cache-Control"] = "public, max-age=86400"
    return response


def healthz(request):
    """For load balancers and the compose health check: the app and its database answer."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
    return JsonResponse({"ok": True})
