"""{% load words %} {{ value|words }}: Words (live/words.py) or a plain name, in the active
language; auto-escaped like any other value."""

from django import template

from live.text import render

register = template.Library()


@register.filter(name="words")
def words_filter(value) -> str:
    return render(value)
