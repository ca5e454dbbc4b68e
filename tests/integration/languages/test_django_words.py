"""Django's own words on a Filipino page (locale_django/tl, config/formats/tl): Django has
no Filipino, so without them a Filipino phone read English months and form errors."""

import datetime

from django import forms
from django.utils import formats, translation


def test_dates_read_in_filipino():
    day = datetime.date(2026, 12, 4)
    with translation.override("tl"):
        assert formats.date_format(day) == "Disyembre 4, 2026"
        assert formats.date_format(day, "D j M Y") == "Biy 4 Dis 2026"


def test_a_form_error_reads_in_filipino():
    class Night(forms.Form):
        date = forms.DateField()

    with translation.override("tl"):
        assert Night({"date": "soon"}).errors["date"] == ["Maglagay ng tamang petsa."]
