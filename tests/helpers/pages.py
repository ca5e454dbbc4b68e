"""Talking to the pages through Django's test client: what a browser posts for a form left
as shown, and the messages a page answered with."""

from partynight.rules.config import Rules
from partynight.rules.prizes import DEFAULT_PRIZE_TABLE
from partynight.web.forms import (
    PrizeFormSet,
    RulesForm,
    prize_initial,
    rules_initial,
)


def messages_of(response):
    return [str(m) for m in response.context["messages"]] if response.context else []


def initial_post(*forms) -> dict:
    """What a browser posts for these unbound forms left as shown (their initial values)."""
    data = {}
    for form in forms:
        if hasattr(form, "management_form"):
            data.update(initial_post(form.management_form, *form.forms))
            continue
        for name in form.fields:
            value = form[name].value()
            if isinstance(value, bool):
                if value:
                    data[form.add_prefix(name)] = "on"
            elif value is not None:
                data[form.add_prefix(name)] = str(value)
    return data


def settings_post():
    rules = RulesForm(initial=rules_initial(Rules()), prefix="rules")
    prizes = PrizeFormSet(initial=prize_initial(list(DEFAULT_PRIZE_TABLE)), prefix="prizes")
    return initial_post(rules, prizes)
