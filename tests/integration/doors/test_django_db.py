"""The contract of live/doors/django_db.py: the on-commit list it reads holds what
`transaction.on_commit` queued, in order, without what a rolled-back savepoint queued; the
converters it finds read rows as the ORM does; the row locks and quoting it reports are the
database's. (The connection parameters and session time zone the event loop's pool copies:
tests/integration/services/test_pg_door.py.)"""

import pytest
from django.db import connection, transaction

from live import sql, steps
from live.doors import django_db
from partynight.models import Event, Night
from tests import builders
from tests.helpers.doors import installed_as_written_for

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_installed_versions_are_the_ones_it_was_written_for():
    installed_as_written_for(django_db)


def test_the_on_commit_list_holds_what_is_queued_until_commit():
    ran = []

    def queued(name):
        def callback():
            ran.append(name)

        return callback

    first, dropped, last = queued("first"), queued("dropped"), queued("last")
    with transaction.atomic():
        transaction.on_commit(first)
        with pytest.raises(RuntimeError), transaction.atomic():  # a savepoint
            transaction.on_commit(dropped)
            assert django_db.queued_on_commit() == [first, dropped]
            raise RuntimeError
        transaction.on_commit(last)
        assert django_db.queued_on_commit() == [first, last]
        assert ran == []
    assert ran == ["first", "last"]
    assert django_db.queued_on_commit() == []


def fields_of(instance) -> dict:
    return {f.attname: getattr(instance, f.attname) for f in type(instance)._meta.concrete_fields}


def test_rows_read_through_its_converters_equal_the_orms(host):
    night = builders.night(host, 8, seed=11, started=True)
    read = steps.run(sql.select(Night, {"id": night.pk}))[0]
    assert fields_of(read) == fields_of(Night.objects.get(pk=night.pk))
    events = steps.run(sql.select(Event, {"night": night.pk}))
    assert events and [fields_of(e) for e in events] == [
        fields_of(e) for e in Event.objects.filter(night=night.pk).order_by("pk")
    ]


def test_row_locks_and_quoting_are_the_databases():
    locks = {"postgresql": (True, True), "sqlite": (False, False)}[connection.vendor]
    assert django_db.row_locks(connection) == locks
    quote = django_db.quoter(connection)
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT COUNT(*) FROM {quote(Night._meta.db_table)}")
        assert cursor.fetchone()[0] >= 0
