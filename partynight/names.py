"""The one rule for every name a person types: players and group members, nights, groups,
places and prizes. A name shows on phones, the big screen and the paper, beside others, so
it must look like what it is: Unicode NFKC (full-width and ligature forms become plain
letters), invisible format characters (zero-width space, joiners, word joiner, BOM, soft
hyphen, combining grapheme joiner) dropped, text-direction controls and control characters
refused, accents stacked at most `MAX_MARKS` on a letter. Two names are the same name when
their `skeleton`s are equal: case folded and each look-alike letter of another script read
as its Latin twin (Cyrillic "Аnn" is "Ann"), by the confusables of Unicode's TR39 that
`confusable_homoglyphs` ships (this module is the one door to that library)."""

import functools
import unicodedata

from confusable_homoglyphs import confusables

from live.errors import ServiceError
from live.words import Text, said, said_n

# Characters that turn the text after them around (overrides, embeddings, isolates, the
# right-to-left, left-to-right and Arabic letter marks): a name holding one can make the
# standings or another player's name read backwards.
BIDI_CONTROLS = frozenset(
    "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c"
)
# Letters and symbols that draw nothing (fillers and the blank braille cell).
BLANK_SIGNS = frozenset("\u115f\u1160\u3164\uffa0\u2800")
# The combining grapheme joiner is a mark (Mn) that draws nothing.
JOINER = "\u034f"
# Combining marks on one letter: Vietnamese needs two, a "Zalgo" name dozens.
MAX_MARKS = 3


def _dropped(char: str) -> bool:
    """Invisible and meaningless in a name: a format character (not a direction control,
    which is refused instead) or the combining grapheme joiner."""
    return char == JOINER or (unicodedata.category(char) == "Cf" and char not in BIDI_CONTROLS)


def _visible(char: str) -> bool:
    """Draws something: not a lone combining mark, a space or a blank filler."""
    return unicodedata.category(char)[0] not in "CMZ" and char not in BLANK_SIGNS


def _most_marks(text: str) -> int:
    """The longest run of combining marks (the accents stacked on one letter)."""
    most = run = 0
    for char in text:
        run = run + 1 if unicodedata.category(char)[0] == "M" else 0
        most = max(most, run)
    return most


ENTER_A_NAME = said("Please enter a name.")
INVISIBLE = said("That name would be invisible: use at least one letter, digit or sign.")


def _refuse(message: Text):
    raise ServiceError(message, "invalid_name")


def clean_name(text: str, limit: int = 40, required: Text | None = ENTER_A_NAME) -> str:
    """`text` as the name to store (the rule above), or ServiceError `invalid_name` saying
    why not. `required` is the sentence for an empty one; None lets it be empty ("")."""
    text = unicodedata.normalize("NFKC", text or "")
    if any(char in BIDI_CONTROLS for char in text):
        _refuse(said("Names cannot contain characters that reverse the text direction."))
    typed = " ".join(text.split())
    name = " ".join("".join(char for char in text if not _dropped(char)).split())
    if typed and not name:
        _refuse(INVISIBLE)
    if not name and required is None:
        return ""
    if not name:
        _refuse(required)
    if len(name) > limit:
        _refuse(
            said_n(
                "Names can be at most %(n)s character.",
                "Names can be at most %(n)s characters.",
                limit,
            )
        )
    if any(unicodedata.category(char) == "Cc" for char in name):  # NUL breaks PostgreSQL
        _refuse(said("Names cannot contain control characters."))
    if _most_marks(name) > MAX_MARKS:
        _refuse(
            said_n(
                "Names can have at most %(n)s accent on one letter.",
                "Names can have at most %(n)s accents on one letter.",
                MAX_MARKS,
            )
        )
    if not any(_visible(char) for char in name):
        _refuse(INVISIBLE)
    return name


@functools.lru_cache(maxsize=4096)
def _latin(char: str) -> str:
    """The Latin letter `char` looks like, if it is another script's look-alike of one."""
    found = confusables.is_confusable(char, greedy=True, preferred_aliases=["latin"])
    for twin in found[0]["homoglyphs"] if found else ():
        if twin["n"].startswith("LATIN"):
            return twin["c"]
    return char


def skeleton(name: str) -> str:
    """What `name` looks like: two names with the same skeleton are the same name."""
    # Twins before folding too: Greek "ΑΝΝ" is "ANN", though its small "ανν" is not "ann".
    latin = "".join(_latin(char) for char in unicodedata.normalize("NFKC", name))
    return "".join(_latin(char) for char in latin.casefold()).casefold()


def same_name(name: str, names) -> str | None:
    """The one of `names` that looks like `name`, or None."""
    mine = skeleton(name)
    return next((other for other in names if skeleton(other) == mine), None)
