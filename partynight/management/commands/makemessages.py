"""Django's makemessages, also extracting the pure modules' Words (live/words.py): `said`,
`said_n` and `said_in` calls are message ids like gettext's. Django's documented way to add
xgettext options is this subclass."""

from django.core.management.commands import makemessages


class Command(makemessages.Command):
    xgettext_options = [
        *makemessages.Command.xgettext_options,
        "--keyword=said:1",
        "--keyword=said_n:1,2",
        "--keyword=said_in:1c,2",
    ]
