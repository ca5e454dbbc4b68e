"""The host's forms. They check what a person typed; the rules layer and the services
decide whether the change is allowed (their errors are shown on the same forms)."""

import dataclasses

from django import forms
from django.conf import settings
from django.utils import translation
from django.utils.functional import lazy
from django.utils.timezone import localdate
from django.utils.translation import gettext, gettext_noop
from django.utils.translation import gettext_lazy as _

from live.text import render
from live.words import english
from partynight.rules.config import RULE_CHOICES, Rules
from partynight.rules.errors import RulesError
from partynight.rules.prizes import (
    PRIZE_KINDS,
    USUAL_NAMES,
    check_prize_table,
    prize_title,
)

# A sentence with its placeholders filled, translated when shown (labels are built once).
filled = lazy(lambda text, **args: gettext(text) % args, str)

RULE_LABELS = {
    "sets": _("Sets"),
    "rounds_per_set": _("Rounds per set"),
    "break_after_set": _("Break after set"),
    "target": _("Points to ring the bell"),
    "bunco_points": _("Points for a Bunco"),
    "mini_bunco": _("Mini Bunco"),
    "wipeout": _("Wipeout"),
    "any_table_bunco": _("A Bunco at any table rings the bell"),
    "several_prizes": _("Several prizes per player"),
    "prize_ties": _("Prize ties"),
    "contribution": _("Contribution per player ($)"),
}


# What the host reads for each coded choice (the stored values stay the codes).
CHOICE_LABELS = {
    "mini_bunco": {
        "5": _("5 points, keep rolling"),
        "0": _("No points, keep rolling"),
        "ends_turn": _("Ends the turn (5 points)"),
    },
    "prize_ties": {"rolloff": _("Roll-off"), "split": _("Split")},
    "break_after_set": {
        "none": _("No break"),
        **{str(n): filled(gettext_noop("After set %(n)s"), n=n) for n in range(1, 6)},
    },
}
# The help texts in the host's words, one for every setting.
HELP_TEXTS = {
    "sets": _("How many sets the night has (1-6). Default: 4."),
    "rounds_per_set": _("Rounds in each set (1-6); in round 3 the number up is 3. Default: 6."),
    "break_after_set": _("Take a break after this set, or no break. Default: after set 2."),
    "target": _("Points a Head-table team needs to ring the bell (11-51). Default: 21."),
    "bunco_points": _("Points for a Bunco: three dice showing the number up (21 or 25)."),
    "mini_bunco": _(
        "Three of a kind of another number: 5 points and keep rolling (default), "
        "no points but keep rolling, or 5 points and the turn ends."
    ),
    "wipeout": _("Three 1s when 1 is not up wipe out the roller's team's points this round."),
    "any_table_bunco": _("A Bunco at any table (not only the Head table) rings the bell."),
    "several_prizes": _("A player may win several prizes (default: one prize per player)."),
    "prize_ties": _("Prize ties: the tied players roll 3 dice (roll-off, default), or split it."),
    "contribution": _("Dollars each paying player puts in the pot (0-100). Default: 5."),
}


def prize_label(kind: str) -> str:
    """A prize kind's usual name in the active language."""
    return render(USUAL_NAMES[kind]) if kind in USUAL_NAMES else ""


def _rule_field(name: str) -> forms.Field:
    choices = RULE_CHOICES[name]
    common = {"label": RULE_LABELS[name], "help_text": HELP_TEXTS[name]}
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


class LanguageForm(forms.Form):
    """The night's language: what the big screen and the printed sheets speak (each phone
    follows its own)."""

    language = forms.ChoiceField(
        choices=settings.LANGUAGES,
        label=_("Language of the big screen and printed sheets"),
        help_text=_("Each guest's phone follows its own language."),
        required=False,  # not sent: the host's current language
    )

    def clean_language(self) -> str:
        return self.cleaned_data["language"] or self.now()["language"]

    @staticmethod
    def now() -> dict:
        """The host's current language, the default for a new night."""
        current = translation.get_language() or settings.LANGUAGE_CODE
        codes = dict(settings.LANGUAGES)
        return {"language": current if current in codes else settings.LANGUAGE_CODE}


class NightForm(LanguageForm):
    name = forms.CharField(
        label=_("Name"),
        max_length=80,
        error_messages={"required": _("Please give the night a name.")},
    )
    date = forms.DateField(
        label=_("Date"), widget=forms.DateInput(attrs={"type": "date"}), initial=localdate
    )
    place = forms.CharField(label=_("Place"), max_length=120, required=False)
    field_order = ["name", "date", "place", "language"]


class PrizeRowForm(forms.Form):
    """One prize: included or not, its name, and a share of the pot or a fixed amount."""

    prize = forms.ChoiceField(choices=[(k, k) for k in PRIZE_KINDS], widget=forms.HiddenInput)
    include = forms.BooleanField(required=False, label=_("Give"))
    name = forms.CharField(max_length=40, required=False, label=_("Prize name"))
    mode = forms.ChoiceField(
        choices=[("share", _("Share of the pot")), ("amount", _("Fixed $"))],
        label=_("Share or fixed"),
    )
    value = forms.IntegerField(min_value=0, max_value=10_000, label=_("Value"))

    def kind_label(self) -> str:
        """The prize kind in words, for the row's checkbox."""
        return prize_label(self["prize"].value())

    def entry(self) -> dict | None:
        data = self.cleaned_data
        if not data.get("include"):
            return None
        # The usual name (left empty, or as the form showed it) stays the usual one, which
        # each reader reads in their language; a name the host typed is kept as typed.
        typed = " ".join(data["name"].split())
        usual = USUAL_NAMES[data["prize"]]
        name = english(usual) if typed in ("", render(usual)) else typed
        return {"prize": data["prize"], "name": name, data["mode"]: data["value"]}


class BasePrizeFormSet(forms.BaseFormSet):
    default_error_messages = {"too_many_forms": _("There are at most %(num)d prize rows.")}

    def clean(self):
        if any(self.errors):
            return
        entries = [e for e in (form.entry() for form in self.forms) if e]
        if not entries:
            raise forms.ValidationError(_("Keep at least one prize."))
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
            "name": render(prize_title(e["name"])),
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
    name = forms.CharField(max_length=40, required=False, label=_("Name"))


class ClientIdForm(forms.Form):
    """A correction carries the id the page gave it, so a double-clicked or resent form
    is applied once (the services answer a repeated id with the first result)."""

    client_id = forms.RegexField(regex=r"^[\w-]{1,64}$", required=False)


class PointsForm(ClientIdForm):
    table = forms.IntegerField(min_value=1, label=_("Table"))
    team = forms.ChoiceField(
        choices=[(team, filled(gettext_noop("Team %(team)s"), team=team)) for team in "AB"],
        label=_("Team"),
    )
    delta = forms.IntegerField(label=_("Points (+/-)"), min_value=-100, max_value=100)
    reason = forms.CharField(max_length=120, label=_("Reason"))

    def clean_delta(self):
        if self.cleaned_data["delta"] == 0:
            raise forms.ValidationError(_("Enter the points to add or take away (not 0)."))
        return self.cleaned_data["delta"]


class BuncoForm(ClientIdForm):
    table = forms.IntegerField(min_value=1, label=_("Table"))
    from_player = forms.RegexField(regex=r"^p\d+$", label=_("From"))
    to_player = forms.RegexField(regex=r"^p\d+$", label=_("To"))


class TableForm(ClientIdForm):
    table = forms.IntegerField(min_value=1, label=_("Table"))


class PlayerKeyField(forms.RegexField):
    """A player as the frames name them ("p12"), cleaned to the player's id (12)."""

    def __init__(self, **kwargs):
        super().__init__(regex=r"^p[1-9]\d{0,17}$", **kwargs)

    def clean(self, value):
        key = super().clean(value)
        return int(key[1:]) if key else None


class LateSeatForm(ClientIdForm):
    player = PlayerKeyField(label=_("Player"))
    ghost = PlayerKeyField(required=False, label=_("Ghost"))


class PlayerForm(forms.Form):
    player = PlayerKeyField(label=_("Player"))
