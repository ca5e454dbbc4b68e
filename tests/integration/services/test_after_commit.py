"""live.broadcast's after-commit queue (queued_after_commit): a callback is found there
while its transaction is open, runs once on commit and never on a rollback, whether Django
holds it (read through live/doors/django_db.py, whose own contract is
tests/integration/doors/test_django_db.py) or the event loop's outbox (live/pg.py)."""

import pytest
from django.db import transaction

from live import broadcast

pytestmark = pytest.mark.django_db(transaction=True)


def test_djangos_queue_holds_a_callback_until_commit_and_drops_it_on_rollback():
    ran = []

    def kept():
        ran.append("kept")

    def dropped():
        ran.append("dropped")

    with transaction.atomic():
        broadcast.after_commit(kept)
        assert broadcast.queued_after_commit() == [kept]
        assert ran == []
    assert ran == ["kept"]
    with pytest.raises(RuntimeError), transaction.atomic():
        broadcast.after_commit(dropped)
        assert broadcast.queued_after_commit() == [dropped]
        raise RuntimeError
    assert ran == ["kept"]


async def test_the_loops_outbox_holds_callbacks_until_it_is_flushed():
    ran = []
    with broadcast.collecting() as outbox:
        broadcast.after_commit(lambda: ran.append(1))
        broadcast.after_commit(lambda: ran.append(2))
        assert len(broadcast.queued_after_commit()) == 2 and ran == []
    await broadcast.flush(outbox)
    assert ran == [1, 2]
