"""Words for people, kept as message ids until they reach a person (pure: no Django).

The rules, the engines and the services say what a person reads as `Words`, a plain dict
that travels in frames as JSON: {"text": msgid, "args": {...}}, with "plural" and "n" for a
count, and "context" where one English word means two things. Each reader's own language is
applied at the last step: Django's gettext on the server (`live.text.render`, the `words`
template filter) and Django's JavaScript catalog in the browser (static/js/lib/words.js). So
one frame serves a table whose phones read four languages.

Message ids use named placeholders, "%(name)s is rolling", never concatenated fragments. An
argument may itself be Words (a table's name inside a sentence); it is rendered first, in the
same language. `make messages` extracts `said`, `said_n` and `said_in` calls (the keywords
are in partynight/management/commands/makemessages.py).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, TypeAlias

Words: TypeAlias = dict[str, Any]
Text: TypeAlias = str | Words  # what a person reads: Words, or a name as it was typed


def said(text: str, /, **args: Any) -> Words:
    """A sentence (or word) for a person: "%(name)s is rolling", name="Ann"."""
    return {"text": text, "args": args} if args else {"text": text}


def said_n(singular: str, plural: str, n: int, /, **args: Any) -> Words:
    """A sentence about a count: the language's own plural rule picks the form; `n` is also
    the placeholder %(n)s."""
    return {"text": singular, "plural": plural, "n": n, "args": {"n": n, **args}}


def said_in(context: str, text: str, /, **args: Any) -> Words:
    """A word whose meaning needs its context for translators: said_in("table", "Head")."""
    return {"context": context, **said(text, **args)}


def is_words(value: Any) -> bool:
    return isinstance(value, Mapping) and "text" in value


def english(words: Text) -> str:
    """The words as the message ids say them: logs, exceptions' str(), and tests."""
    return render_with(words, _as_written)


def render_with(words: Text, translate) -> str:
    """Render `words` with `translate(words) -> format string`, arguments first (so nested
    Words read in the same language)."""
    if not is_words(words):
        return "" if words is None else str(words)
    args = {
        key: render_with(value, translate) if is_words(value) else value
        for key, value in words.get("args", {}).items()
    }
    template = translate(words)
    return template % args if args else template


def joined(words: Sequence[Text]) -> Text:
    """ "Ann", "Ann and Bob", "Ann, Bob and Kim": a list as a sentence says it, with the
    reader's "and"."""
    items = list(words)
    if not items:
        return ""
    if len(items) == 1:
        return items[0]
    if len(items) == 2:
        return said("%(first)s and %(last)s", first=items[0], last=items[1])
    return said("%(first)s, %(rest)s", first=items[0], rest=joined(items[1:]))


def _as_written(words: Words) -> str:
    if "plural" in words and words["n"] != 1:
        return words["plural"]
    return words["text"]
