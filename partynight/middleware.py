"""The project's two middleware classes: Django's LocaleMiddleware, knowing Filipino by the
name browsers give it, and WhiteNoise, able to run on Django's async request path.

WhiteNoise: the stock one is sync-only. Under Daphne one sync-only middleware puts the rest of every
request's chain on the process's single sync thread, so an async view kept that thread
while it awaited: a slowed-down bad link (live/limits.py, guard_link) stalled every other
page. Sync views still run on that thread, only while they run.
"""

import re

from asgiref.sync import iscoroutinefunction, markcoroutinefunction
from django.conf import settings
from django.middleware import locale
from whitenoise.middleware import WhiteNoiseMiddleware

FILIPINO = re.compile(r"\bfil\b", re.IGNORECASE)


class LocaleMiddleware(locale.LocaleMiddleware):
    """Django's, also for a phone set to Filipino: browsers send "fil" (or "fil-PH"), and
    our catalogs are "tl", the code Django and gettext know for it."""

    def process_request(self, request):
        accepted = request.META.get("HTTP_ACCEPT_LANGUAGE", "")
        if FILIPINO.search(accepted):
            request.META["HTTP_ACCEPT_LANGUAGE"] = FILIPINO.sub("tl", accepted)
        super().process_request(request)


class StaticFilesMiddleware(WhiteNoiseMiddleware):
    async_capable = True
    sync_capable = True

    def __init__(self, get_response=None, settings=settings):
        super().__init__(get_response, settings)
        self.is_async = iscoroutinefunction(get_response)
        if self.is_async:
            markcoroutinefunction(self)

    def __call__(self, request):
        if self.is_async:
            return self._serve_or_pass(request)
        return super().__call__(request)

    async def _serve_or_pass(self, request):
        # the same lookup as WhiteNoise's own __call__ (a dict lookup unless autorefresh)
        if self.autorefresh:
            static_file = self.find_file(request.path_info)
        else:
            static_file = self.files.get(request.path_info)
        if static_file is not None:
            return self.serve(static_file, request)
        return await self.get_response(request)
