"""The host's forms. They check what a person typed; the rules layer and the services
decide whether the change is allowed (their errors are shown on the same forms)."""

import dataclasses

from django import forms
from django.utils.functional import lazy
from django.utils.timezone import localdate

from live.text import render
from partynight.rules.config import RULE_CHOICES, RULE_HELP, Rules
from partynight.rules.errors import RulesError
from partynight.rules.prizes import DEFAULT_PRIZE_TABLE, PRIZE_KINDS, check_prize_table

RULE_LABELS = {
    "sets": "Sets",
    "rounds_per_set": "Rounds per set",
    "break_after_set": "Break after set",
    "target": "Points to ring the bell",
    "bunco_points": "Points for a Bunco",
    "mini_bunco": "Mini Bunco",
    "wipeout": "Wipeout",
    "any_table_bunco": "A Bunco at any table rings the bell",
    "several_prizes": "Several prizes per player",
    "prize_ties": "Prize ties",
    "contribution": "Contribution per player ($)",
}


# What the host reads for each coded choice (the stored values stay the codes).
CHOICE_LABELS = {
    "mini_bunco": {
        "5": "5 points, keep rolling",
        "0": "No points, keep rolling",
        "ends_turn": "Ends the turn (5 points)",
    },
    "prize_ties": {"rolloff": "Roll-off", "split": "Split"},
    "break_after_set": {"none": "No break", **{str(n): f"After set {n}" for n in range(1, 6)}},
}
# The help texts in the host's words (RULE_HELP, for the command line, names the codes).
HELP_TEXTS = {
    "break_after_set": "Take a break after this set, or no break. Default: after set 2.",
    "mini_bunco": (
        "Three of a kind of another number: 5 points and keep rolling (default), "
        "no points but keep rolling, or 5 points and the turn ends."
    ),
    "prize_ties": "Prize ties: the tied players roll 3 dice (roll-off, default), or split it.",
}
# Each prize kind by its usual name (the host may rename a prize; this names the kind).
PRIZE_LABELS = {entry["prize"]: entry["name"] for entry in DEFAULT_PRIZE_TABLE}


def _rule_field(name: str) -> forms.Field:
    choices = RULE_CHOICES[name]
    help_text = HELP_TEXTS.get(name) or lazy(render, str)(RULE_HELP[name])
    common = {"label": RULE_LABELS[name], "help_text": help_text}
    if isinstance(choices, range):
        return forms.IntegerField(min_value=choices[0], max_value=choices[-1], **common)
    if choices == (False, True):
        return forms.BooleanField(required=False, **common)
    labels = CHOICE_LABELS.get(name, {})
    return forms.ChoiceField(
        choices=[(str(c), labels.get(str(c), str(c))) for c in choices], **common
    )


def rules_initial(rules: Rules) -> dict:
    values = rules.to_dict()
    if values["break_after_set"] is None:
        values["break_after_set"] = "none"
    return values


class RulesForm(forms.Form):
    """Every setting of `Rules`, with its explanation; `clean` builds the `Rules` value."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for field in dataclasses.fields(Rules):
            self.fields[field.name] = _rule_field(field.name)

    def clean(self):
        cleaned = super().clean()
        if self.errors:
            return cleaned
        try:
            cleaned["rules"] = Rules().with_overrides({k: str(cleaned[k]) for k in self.fields})
        except RulesError as error:
            raise forms.ValidationError(render(error.message)) from None
        return cleaned


class NightForm(forms.Form):
    name = forms.CharField(
        max_length=80, error_messages={"required": "Please give the night a name."}
    )
    date = forms.DateField(widget=forms.DateInput(attrs={"type": "date"}), initial=localdate)
    place = forms.CharField(max_length=120, required=False)


class PrizeRowForm(forms.Form):
    """One prize: included or not, its name, and a share of the pot or a fixed amount."""

    prize = forms.ChoiceField(
        choices=[(k, PRIZE_LABELS[k]) for k in PRIZE_KINDS], widget=forms.HiddenInput
    )
    include = forms.BooleanField(required=False)
    name = forms.CharField(max_length=40, required=False)
    mode = forms.ChoiceField(choices=[("share", "Share of the pot"), ("amount", "Fixed $")])
    value = forms.IntegerField(min_value=0, max_value=10_000)

    def kind_label(self) -> str:
        """The prize kind in words, for the row's checkbox."""
        return PRIZE_LABELS.get(self["prize"].value(), "")

    def entry(self) -> dict | None:
        data = self.cleaned_data
        if not data.get("include"):
            return None
        name = " ".join(data["name"].split()) or PRIZE_LABELS[data["prize"]]
        return {"prize": data["prize"], "name": name, data["mode"]: data["value"]}


class BasePrizeFormSet(forms.BaseFormSet):
    default_error_messages = {"too_many_forms": "There are at most %(num)d prize rows."}

    def clean(self):
        if any(self.errors):
            return
        entries = [e for e in (form.entry() for form in self.forms) if e]
        if not entries:
            raise forms.ValidationError("Keep at least one prize.")
        try:
            self.prize_table = check_prize_table(entries)
        except RulesError as error:
            raise forms.ValidationError(render(error.message)) from None


# One row per prize kind: a post claiming 100,000 rows builds no more than that.
PrizeFormSet = forms.formset_factory(
    PrizeRowForm,
    formset=BasePrizeFormSet,
    extra=0,
    max_num=len(PRIZE_KINDS),
    absolute_max=len(PRIZE_KINDS),
    validate_max=True,
)


def prize_initial(prize_table: list[dict]) -> list[dict]:
    """One row per prize kind: the table's entries first, in order, then the unused kinds."""
    rows = [
        {
            "prize": e["prize"],
            "include": True,
            "name": e["name"],
            "mode": "amount" if "amount" in e else "share",
            "value": e.get("amount", e.get("share")),
        }
        for e in prize_table
    ]
    used = {e["prize"] for e in prize_table}
    rows += [
        {"prize": k, "include": False, "name": "", "mode": "share", "value": 0}
        for k in PRIZE_KINDS
        if k not in used
    ]
    return rows


class PlayerNameForm(forms.Form):
    name = forms.CharField(max_length=40, required=False, label="Name")


class ClientIdForm(forms.Form):
    """A correction carries the id the page gave it, so a double-clicked or resent form
    is applied once (the services answer a repeated id with the first result)."""

    client_id = forms.RegexField(regex=r"^[\w-]{1,64}$", required=False)


class PointsForm(ClientIdForm):
    table = forms.IntegerField(min_value=1)
    team = forms.ChoiceField(choices=[("A", "Team A"), ("B", "Team B")])
    delta = forms.IntegerField(label="Points (+/-)", min_value=-100, max_value=100)
    reason = forms.CharField(max_length=120)

    def clean_delta(self):
        if self.cleaned_data["delta"] == 0:
            raise forms.ValidationError("Enter the points to add or take away (not 0).")
        return self.cleaned_data["delta"]


class BuncoForm(ClientIdForm):
    table = forms.IntegerField(min_value=1)
    from_player = forms.RegexField(regex=r"^p\d+$", label="From")
    to_player = forms.RegexField(regex=r"^p\d+$", label="To")


class TableForm(ClientIdForm):
    table = forms.IntegerField(min_value=1)


class LateSeatForm(ClientIdForm):
    player = forms.IntegerField(min_value=1)
    ghost = forms.IntegerField(min_value=1, required=False)


class PlayerForm(forms.Form):
    player = forms.IntegerField(min_value=1)
