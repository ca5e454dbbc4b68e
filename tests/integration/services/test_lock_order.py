"""Actions on one night queue on its row and never deadlock: every action locks the night's
row first (a roll then its tables' rows too), so a roll arriving while the host's action
holds the night waits for it instead of holding a table the host's action is about to
write."""

import threading
import time

import pytest
from django.db import connection, connections, transaction
from django.db.models import F

from partynight.models import Event, Table
from partynight.services import play
from partynight.services.common import lock_night

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.mark.skipif(
    connection.vendor != "postgresql", reason="SQLite locks the whole database, not rows"
)
def test_a_roll_waits_for_an_action_holding_the_night_and_both_commit(make_night):
    night = make_night(started=True)
    head = Table.objects.get(round__night=night, number=1)
    holding, done, outcome = threading.Event(), threading.Event(), {}

    def host_action():  # the shape of every night-first action: lock, then write a table
        try:
            with transaction.atomic():
                lock_night(night.pk)
                holding.set()
                _until_a_transaction_waits()
                Table.objects.filter(pk=head.pk).update(version=F("version") + 1)
            outcome["host"] = "committed"
        except Exception as error:  # noqa: BLE001 - the test reports it below
            outcome["host"] = repr(error)
        finally:
            connections.close_all()
            done.set()

    thread = threading.Thread(target=host_action)
    thread.start()
    holding.wait(10)
    result = play.roll_record(
        night_id=night.pk, table_number=1, dice=[1, 1, 2], actor="host", client_id="r"
    )
    done.wait(10)
    thread.join()
    assert outcome == {"host": "committed"}
    assert result["ok"] and result["table_version"] == head.version + 2
    assert Event.objects.filter(night=night, client_id="r").count() == 1


def _until_a_transaction_waits(timeout=10.0) -> None:
    """Poll until another connection waits on a lock (the roll, on the night's row)."""
    deadline = time.monotonic() + timeout
    with connection.cursor() as cursor:
        while time.monotonic() < deadline:
            cursor.execute(
                "SELECT count(*) FROM pg_stat_activity"
                " WHERE wait_event_type = 'Lock' AND datname = current_database()"
            )
            if cursor.fetchone()[0]:
                return
            time.sleep(0.01)
    raise AssertionError("the roll never waited for the night's lock")
