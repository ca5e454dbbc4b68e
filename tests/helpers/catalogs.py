"""What a page says in a language, straight from the committed catalogs, for tests that check
a page reads its language: the server's words (the django domain, through Django's gettext)
and the scripts' (the djangojs domain, the catalog the page loads).

The one door to Django's translation internals: gettext reads only the django domain, so
the djangojs domain is read with `DjangoTranslation`, the class Django's JavaScriptCatalog
view reads it with (django.utils.translation.trans_real, Django 5.2); its contract test is
tests/unit/live/test_catalogs_door.py."""

from django.utils import translation
from django.utils.translation.trans_real import DjangoTranslation


def said_in(lang, singular, plural=None, n=1, domain="django", kept=False):
    """`singular` (or its plural form for `n`) as `lang` reads it, asserted to be translated
    (a test in Italian never passes on English), unless the word is `kept` on purpose."""
    if domain == "django":
        with translation.override(lang):
            text = (
                translation.ngettext(singular, plural, n)
                if plural
                else translation.gettext(singular)
            )
    else:
        catalog = DjangoTranslation(lang, domain=domain)
        text = catalog.ngettext(singular, plural, n) if plural else catalog.gettext(singular)
    english = singular if plural is None or n == 1 else plural
    assert kept or text != english, f"{english!r} has no {lang} translation"
    return text
