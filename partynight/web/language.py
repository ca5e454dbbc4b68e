"""The browser's words: Django's JavaScript catalog for one language, named in the address
so a phone can read a language other than its browser's (the player's pick) and so each
language's catalog is cached on its own."""

from django.conf import settings
from django.http import Http404
from django.utils import timezone, translation
from django.views.decorators.cache import cache_control
from django.views.decorators.http import last_modified
from django.views.i18n import JavaScriptCatalog

# JavaScript's own strings (static/js) and the server's Words that frames carry (the django
# domain: live/words.py): the two scripts merge into one `django.catalog` in the browser.
DOMAINS = ("djangojs", "django")
_STARTED = timezone.now()  # translations change only with a deploy, which restarts
_catalog = JavaScriptCatalog.as_view()


@cache_control(max_age=3600)
@last_modified(lambda request, **kwargs: _STARTED)
def catalog(request, lang: str, domain: str):
    if lang not in dict(settings.LANGUAGES) or domain not in DOMAINS:
        raise Http404
    with translation.override(lang):
        return _catalog(request, domain=domain)
