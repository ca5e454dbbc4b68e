"""The contract tests/helpers/catalogs.py relies on: Django's DjangoTranslation reads one
language's catalog of one domain from our locale paths, as its JavaScriptCatalog view does
(Django 5.2). An upgrade that moves or changes it fails here, not in every language test."""

from django.utils.translation.trans_real import DjangoTranslation

from tests.helpers.catalogs import said_in


def test_a_domain_of_one_language_is_read_from_our_catalogs():
    scripts = DjangoTranslation("it", domain="djangojs")
    assert scripts.gettext("%(first)s and %(last)s") == "%(first)s e %(last)s"
    assert scripts.ngettext("%(n)s win", "%(n)s wins", 2) != "%(n)s wins"


def test_said_in_reads_both_domains():
    assert said_in("es", "%(first)s and %(last)s", domain="djangojs") == "%(first)s y %(last)s"
    assert said_in("it", "Password", kept=True) == "Password"  # the same word in Italian
    assert said_in("it", "Planning") == "In preparazione"
