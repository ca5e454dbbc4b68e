"""Words (live/words.py) in the active language, with Django's gettext: for templates (the
`words` filter), form errors, PDFs and anything else the server renders itself. Frames carry
the Words as they are; the browser renders them (static/js/lib/words.js)."""

from django.utils import translation

from .words import Text, Words, render_with


def render(words: Text) -> str:
    """`words` in the active language (translation.override picks another)."""
    return render_with(words, _translated)


def _translated(words: Words) -> str:
    context = words.get("context")
    if "plural" in words:
        if context:
            return translation.npgettext(context, words["text"], words["plural"], words["n"])
        return translation.ngettext(words["text"], words["plural"], words["n"])
    if context:
        return translation.pgettext(context, words["text"])
    return translation.gettext(words["text"])
