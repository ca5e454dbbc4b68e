"""The host's group forms: a group, a member, and a night started from the group."""

from django import forms
from django.utils.dates import MONTHS as MONTH_NAMES
from django.utils.translation import gettext_lazy as _

from partynight.web.forms import LanguageForm

MONTHS = [("", "—")] + [(str(n), name) for n, name in MONTH_NAMES.items()]


class GroupForm(forms.Form):
    name = forms.CharField(max_length=80, label=_("Group name"))


class MemberForm(forms.Form):
    name = forms.CharField(max_length=40, label=_("Name"))
    contact = forms.CharField(max_length=120, required=False, label=_("Contact (phone, email)"))
    hosts_month = forms.TypedChoiceField(
        choices=MONTHS, coerce=int, empty_value=None, required=False, label=_("Hosts in")
    )


class GroupNightForm(LanguageForm):
    name = forms.CharField(max_length=80, label=_("Night name"))
    date = forms.DateField(label=_("Date"), widget=forms.DateInput(attrs={"type": "date"}))
    place = forms.CharField(max_length=120, required=False, label=_("Place"))
    field_order = ["name", "date", "place", "language"]
