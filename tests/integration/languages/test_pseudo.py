"""The pseudo language (tests/helpers/pseudo.py) works as the browser test needs: Django
accepts it (settings' hook, LocaleMiddleware, the words' catalog), every marked message reads
"[!!...!!]" in it with its arguments filled in, and what is left outside is listed."""

import json
import os
import subprocess
import sys

import pytest
from django.utils import translation

from live.text import render
from live.words import joined, said_n
from tests.helpers import pseudo
from tests.helpers.pseudo import PSEUDO, ROOT, leaks

pytestmark = pytest.mark.skipif(
    not any(pseudo.SOURCE.glob("*.po")), reason="no catalogs yet: run `make messages`"
)


@pytest.fixture
def speaks_pseudo(settings, tmp_path):
    settings.LOCALE_PATHS = [*settings.LOCALE_PATHS, pseudo.build(tmp_path)]
    settings.LANGUAGES = [*settings.LANGUAGES, (PSEUDO, "Pseudo")]
    yield
    translation.activate(settings.LANGUAGE_CODE)


def test_the_settings_hook_adds_the_language_django_then_accepts(tmp_path):
    script = (
        "import json, django; django.setup()\n"
        "from django.conf import settings\n"
        "from django.utils import translation as t\n"
        "print(json.dumps([dict(settings.LANGUAGES).get('qps'), t.check_for_language('qps'),"
        " t.get_language_info('qps')['name_local'], str(settings.LOCALE_PATHS[-1])]))"
    )
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "config.test_settings",
        "PSEUDO_LANGUAGE": PSEUDO,
        "EXTRA_LOCALE_PATHS": str(pseudo.build(tmp_path)),
    }
    out = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, env=env, capture_output=True, text=True
    )
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout) == ["Pseudo", True, "Pseudo", str(tmp_path)]


def test_every_marked_message_is_wrapped_with_its_arguments(speaks_pseudo):
    assert translation.check_for_language(PSEUDO)
    with translation.override(PSEUDO):
        assert render(joined(["Ann", "Bob"])) == "[!!Ann and Bob!!]"
        assert render(joined(["Ann", "Bob", "Kim"])) == "[!!Ann, [!!Bob and Kim!!]!!]"
        assert leaks([render(joined(["Ann", "Bob"]))], data=["Ann", "Bob"]) == []
        plural = said_n("%(n)s marble", "%(n)s marbles", 2)  # never marked: stays English
        assert leaks([render(plural)]) == ["2 marbles"]


def test_pages_and_their_words_catalog_speak_it(speaks_pseudo, client):
    client.cookies["django_language"] = PSEUDO
    page = client.get("/").content.decode()
    assert f'<html lang="{PSEUDO}"' in page
    assert f"/words/{PSEUDO}/django.js" in page
    words = client.get(f"/words/{PSEUDO}/django.js").content.decode()
    assert "[!!%(first)s and %(last)s!!]" in words


def test_leaks_lists_words_outside_the_wrapping_but_not_data():
    texts = [
        "[!!Round %(n)s!!]".replace("%(n)s", "3"),
        "[!!You start at%!!]",  # a sentence cut by markup: its pieces
        "[!!You start at the",
        "Head!!] table",
        "Ann · 12 ♠ K",
        "PartyNight",
        "Rolling…",
        "Ann is rolling",
    ]
    assert leaks(texts, data=["Ann"]) == ["Ann is rolling", "Head!!] table", "Rolling…"]
