"""The committed catalogs (locale/<lang>/LC_MESSAGES/*.po and .mo, README: Languages) are
whole: every message translated (each plural form too), nothing fuzzy, every placeholder of
the English kept and none made up, each .mo compiled from its .po, and no message in the
code missing from them (or left over after the code dropped it). Django's own words that
Django has no Filipino for (locale_django/tl: dates, form and password errors) are held to
the same standard, except that they are Django's messages, not our code's."""

import os
import re
import shutil
import subprocess
import sys

import polib
import pytest

from tests.helpers.pseudo import ROOT

LANGUAGES = ("it", "tl", "es")
DOMAINS = ("django", "djangojs")
# As `make messages` runs makemessages (the Makefile)
IGNORE = (".venv/*", "tests/*", "bench/*", "locale")
# %(name)s, %(n)d, %s: what Python's % and Django's JavaScript interpolate() fill in
PLACEHOLDER = re.compile(r"%(?:\([^)]*\))?[-#0 +]*\d*(?:\.\d+)?[sdifr]")


# Our catalogs, then Django's own words in Filipino (settings.LOCALE_PATHS)
CATALOGS = [(f"locale/{lang}", domain) for lang in LANGUAGES for domain in DOMAINS]
WHOLE = [*CATALOGS, ("locale_django/tl", "django")]


def catalog(where, domain):
    path = ROOT / where / "LC_MESSAGES" / f"{domain}.po"
    assert path.exists(), f"{path.relative_to(ROOT)} is missing: run `make messages`"
    return polib.pofile(str(path))


def placeholders(text):
    return set(PLACEHOLDER.findall(text.replace("%%", "")))


def key(entry):
    return (entry.msgctxt, entry.msgid, entry.msgid_plural or None)


def translations(entries):
    """{(context, msgid, plural): the translation, or its forms in order}."""
    return {
        key(e)[:2]: tuple(e.msgstr_plural[i] for i in sorted(e.msgstr_plural))
        if e.msgid_plural
        else e.msgstr
        for e in entries
        if e.msgid
    }


@pytest.mark.parametrize(("where", "domain"), WHOLE)
def test_every_message_is_translated_and_none_is_fuzzy(where, domain):
    po = catalog(where, domain)
    assert not po.metadata_is_fuzzy, "the header is fuzzy: msgfmt would drop Plural-Forms"
    forms = re.search(r"nplurals=(\d+);", po.metadata.get("Plural-Forms", ""))
    assert forms, "no Plural-Forms header"
    nplurals = int(forms.group(1))
    problems = []
    for entry in po:
        if entry.obsolete:
            continue
        where = f"{entry.msgctxt + ': ' if entry.msgctxt else ''}{entry.msgid!r}"
        if "fuzzy" in entry.flags:
            problems.append(f"fuzzy: {where}")
        if entry.msgid_plural:
            strings = [entry.msgstr_plural.get(i, "") for i in range(nplurals)]
            if len(entry.msgstr_plural) != nplurals:
                problems.append(f"{len(entry.msgstr_plural)} forms, not {nplurals}: {where}")
        else:
            strings = [entry.msgstr]
        if not all(s.strip() for s in strings):
            problems.append(f"untranslated: {where}")
    assert not problems, f"{where} {domain}.po:\n" + "\n".join(problems)


@pytest.mark.parametrize(("where", "domain"), WHOLE)
def test_every_placeholder_is_kept_and_none_is_made_up(where, domain):
    problems = []
    for entry in catalog(where, domain):
        if entry.obsolete:
            continue
        one, other = placeholders(entry.msgid), placeholders(entry.msgid_plural or "")
        known = one | other
        # The singular form's placeholders in every form; the plural's in every other form
        # (Filipino's form 0 also says 4, 6 and 9: so it must show %(n)s if English does).
        wanted = (
            [(entry.msgstr, one)]
            if not entry.msgid_plural
            else [(text, one | (other if i else set())) for i, text in entry.msgstr_plural.items()]
        )
        for text, needs in wanted:
            if not text:
                continue  # untranslated: the test above says so
            got = placeholders(text)
            if needs - got or got - known:
                problems.append(
                    f"{entry.msgid!r} -> {text!r}: missing {sorted(needs - got)},"
                    f" unknown {sorted(got - known)}"
                )
    assert not problems, f"{where} {domain}.po:\n" + "\n".join(problems)


@pytest.mark.parametrize(("where", "domain"), WHOLE)
def test_every_mo_is_compiled_from_its_po(where, domain):
    po = catalog(where, domain)
    mo_path = ROOT / where / "LC_MESSAGES" / f"{domain}.mo"
    assert mo_path.exists(), f"{mo_path.relative_to(ROOT)} is missing: run `make messages`"
    mo = polib.mofile(str(mo_path))
    wanted = translations(
        e for e in po if not e.obsolete and "fuzzy" not in e.flags and e.translated()
    )
    assert translations(mo) == wanted, "the .mo is stale: run `make messages`"
    assert mo.metadata.get("Plural-Forms") == po.metadata.get("Plural-Forms")


@pytest.fixture(scope="module")
def extracted(tmp_path_factory):
    """The message ids makemessages finds in the code now, per domain, as `make messages`
    runs it, written into a temporary copy's locale dir (never the project's): the copy is
    the project's top-level entries linked, without its locale."""
    if not shutil.which("xgettext"):
        pytest.skip("xgettext is missing (apt-get install gettext): cannot extract messages")
    copy = tmp_path_factory.mktemp("project")
    for entry in ROOT.iterdir():
        if entry.name not in ("locale", ".git") and not entry.name.startswith(".test-db"):
            (copy / entry.name).symlink_to(entry)
    (copy / "locale").mkdir()
    script = (
        "import sys, django; django.setup()\n"
        "from django.conf import settings; settings.LOCALE_PATHS = []\n"
        "from django.core.management import call_command\n"
        "for domain in ('django', 'djangojs'):\n"
        "    call_command('makemessages', locale=['it'], domain=domain, no_obsolete=True,"
        " symlinks=True, ignore_patterns=sys.argv[1:], verbosity=0)\n"
    )
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "config.test_settings"}
    subprocess.run([sys.executable, "-c", script, *IGNORE], cwd=copy, env=env, check=True)
    found = {}
    for domain in DOMAINS:
        path = copy / "locale" / "it" / "LC_MESSAGES" / f"{domain}.po"
        found[domain] = {key(e) for e in polib.pofile(str(path))} if path.exists() else set()
    return found


@pytest.mark.parametrize(("where", "domain"), CATALOGS)
def test_the_catalogs_hold_what_the_code_says(extracted, where, domain):
    committed = {key(e) for e in catalog(where, domain) if not e.obsolete}
    new, gone = extracted[domain] - committed, committed - extracted[domain]
    assert not new and not gone, (
        f"{where} {domain}.po is out of date with the code: run `make messages` and translate."
        f"\nnot in the catalog: {sorted(new, key=str)}\nno longer in the code: "
        f"{sorted(gone, key=str)}"
    )
