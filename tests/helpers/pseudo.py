"""A pseudo language that shows which words nobody marked for translation.

`build(into)` writes, from the English message ids of the committed catalogs (locale/it:
both domains), a language "qps" whose every translation is "[!!<msgid>!!]" (placeholders
kept, so "[!!Ann is rolling!!]"; plurals too), compiled, under `into`/qps/LC_MESSAGES. A
server started with EXTRA_LOCALE_PATHS=<into> and PSEUDO_LANGUAGE=qps (config/settings.py)
speaks it. On its pages every word a person reads is inside [!! !!] unless it is data: what
`leaks` returns is English that never went through gettext.
"""

import re
from pathlib import Path

import polib

ROOT = Path(__file__).resolve().parents[2]
PSEUDO = "qps"  # a private-use code (ISO 639 qaa-qtz): no real language has it
SOURCE = ROOT / "locale" / "it" / "LC_MESSAGES"  # any language's catalogs: same msgids
OPEN, CLOSE = "[!!", "!!]"
WRAPPED = re.compile(r"\[!!(?:(?!\[!!).)*?!!\]", re.S)  # an innermost wrapped text
BRAND = "PartyNight"
# Card glyphs and ranks as the cards show them; suits and jokers' stars.
CARD_TOKENS = {"A", "K", "Q", "J", "♠", "♥", "♦", "♣", "★", "☆", "🃏"}
WORD = re.compile(r"[^\W\d_]+")  # a run of letters in any script
URL = re.compile(r"\b(?:https?|wss?)://\S+")  # a link shown to copy is data


def wrap(text: str) -> str:
    return f"{OPEN}{text}{CLOSE}"


def build(into: Path) -> Path:
    """The pseudo language's catalogs (.po and .mo, both domains) under `into`; returns
    `into` (a locale directory for EXTRA_LOCALE_PATHS)."""
    target = into / PSEUDO / "LC_MESSAGES"
    target.mkdir(parents=True, exist_ok=True)
    for source in sorted(SOURCE.glob("*.po")):
        catalog = polib.pofile(str(source))
        pseudo = polib.POFile()
        pseudo.metadata = {
            "Content-Type": "text/plain; charset=UTF-8",
            "Language": PSEUDO,
            "Plural-Forms": "nplurals=2; plural=(n != 1);",
        }
        for entry in catalog:
            if entry.obsolete:
                continue
            copy = polib.POEntry(msgid=entry.msgid, msgctxt=entry.msgctxt, flags=entry.flags)
            if entry.msgid_plural:
                copy.msgid_plural = entry.msgid_plural
                copy.msgstr_plural = {0: wrap(entry.msgid), 1: wrap(entry.msgid_plural)}
            else:
                copy.msgstr = wrap(entry.msgid)
            pseudo.append(copy)
        pseudo.save(str(target / source.name))
        pseudo.save_as_mofile(str(target / source.with_suffix(".mo").name))
    return into


def unwrapped(text: str) -> str:
    """`text` without what is inside [!! !!] (nested too). A sentence split by markup (a
    name in <strong>) leaves "[!!You start" and "here!!]" in two text nodes: an unclosed
    opening hides the rest of its node, an unopened closing what comes before it."""
    while True:
        shorter = WRAPPED.sub(" ", text)
        if shorter == text:
            break
        text = shorter
    if OPEN in text:
        text = text[: text.index(OPEN)]
    if CLOSE in text:
        text = text[text.rindex(CLOSE) + len(CLOSE) :]
    return text


def leaks(texts, data=()) -> list[str]:
    """The texts (as read on a page) that hold words outside [!! !!] which are not data:
    the names in `data` (people's, the night's), the brand, card glyphs, links. Digits and
    punctuation never count."""
    known = {BRAND, *CARD_TOKENS}
    names = sorted((n for n in data if n), key=len, reverse=True)
    found = []
    for text in texts:
        rest = URL.sub(" ", unwrapped(text))
        for name in names:
            rest = rest.replace(name, " ")
        if any(word not in known for word in WORD.findall(rest)):
            found.append(" ".join(text.split()))
    return sorted(set(found))


# Every text a person reads on the page: visible text nodes, the labels of controls
# (placeholder, title, aria-label, a button's value) and the document's title.
VISIBLE_TEXTS = """
() => {
  const texts = [document.title];
  const shown = (el) => el && el.checkVisibility({ visibilityProperty: true });
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const host = node.parentElement;
    if (!node.textContent.trim() || host.closest("script, style, template")) continue;
    if (host.closest("option") ? shown(host.closest("select")) : shown(host)) {
      texts.push(node.textContent);
    }
  }
  for (const el of document.querySelectorAll("[placeholder], [title], [aria-label], input")) {
    if (!shown(el)) continue;
    for (const name of ["placeholder", "title", "aria-label"]) {
      if (el.getAttribute(name)) texts.push(el.getAttribute(name));
    }
    if (["button", "submit", "reset"].includes(el.type) && el.value) texts.push(el.value);
  }
  return texts.filter((t) => t && t.trim());
}
"""


def page_leaks(page, data=()) -> list[str]:
    return leaks(page.evaluate(VISIBLE_TEXTS), data)
