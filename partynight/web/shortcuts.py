"""What the page views share (the host's pages, the phones', paper, groups and the card
rooms'), so no view module imports another view module for helpers."""

import functools

import segno
from django.shortcuts import get_object_or_404, render
from django.utils.safestring import mark_safe

from live.errors import ServiceError
from live.routing import socket_path
from live.text import render as say
from partynight.models import Night
from partynight.routing import websocket_urlpatterns as night_sockets
from partynight.services.common import host_actor


def host_night(request, night_id) -> Night:
    """The logged-in host's own night; anyone else's is a 404."""
    return get_object_or_404(Night, pk=night_id, host=request.user)


def actor_of(request) -> str:
    """Who the event log says did it: the logged-in host."""
    return host_actor(request.user)


@functools.lru_cache(maxsize=1024)
def qr_svg(url: str, scale: int = 4):
    """A QR code of `url` as inline SVG (segno's own markup, no user text). Cached: a link
    never changes, and encoding one is slow enough to count on a page that shows 48."""
    return mark_safe(segno.make(url, error="m").svg_inline(scale=scale, omitsize=True))  # noqa: S308


def home_page(request, status: int = 200, **context):
    """The home page (site.home, and phone.join_by_code showing a wrong code on it), with
    the status socket its "live updates" line opens."""
    context["status_socket"] = socket_path(night_sockets, "status")
    return render(request, "home.html", context, status=status)


def not_found(request, message: str):
    """A bad secret link: a phone-sized 404 page saying what to do instead."""
    return render(request, "phone/not_found.html", {"message": message}, status=404)


def submit(form, call, field=None):
    """`call(form.cleaned_data)`'s result when the form is valid and the service agrees;
    else None, with the service's refusal on the form (on `field`, or the whole form) for
    the page to show again."""
    if not form.is_valid():
        return None
    try:
        return call(form.cleaned_data)
    except ServiceError as error:
        form.add_error(field, say(error.message))
        return None
