"""Reversing an app's websocket routes by name, as its pages reverse their own URLs: each
app's routing.py names its socket routes, and its views pass the paths to the pages."""

from django.urls import reverse


def socket_path(routes: list, name: str, **kwargs) -> str:
    """The path of the websocket route named `name` in `routes` (an app's
    websocket_urlpatterns)."""
    # reverse() takes a URLconf, and caches its resolver per URLconf: a tuple of the same
    # patterns is the same key every time (a list cannot be one).
    return reverse(name, urlconf=tuple(routes), kwargs=kwargs)
