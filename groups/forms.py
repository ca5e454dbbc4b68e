"""The host's group forms: a group, a member, and a night started from the group."""

import calendar

from django import forms

MONTHS = [("", "—")] + [(str(n), calendar.month_name[n]) for n in range(1, 13)]


class GroupForm(forms.Form):
    name = forms.CharField(max_length=80, label="Group name")


class MemberForm(forms.Form):
    name = forms.CharField(max_length=40)
    contact = forms.CharField(max_length=120, required=False, label="Contact (phone, email)")
    hosts_month = forms.TypedChoiceField(
        choices=MONTHS, coerce=int, empty_value=None, required=False, label="Hosts in"
    )


class GroupNightForm(forms.Form):
    name = forms.CharField(max_length=80, label="Night name")
    date = forms.DateField(widget=forms.DateInput(attrs={"type": "date"}))
    place = forms.CharField(max_length=120, required=False)
