"""Rows made once for a module's tests, for data that is slow to make (a night played roll by
roll through the services takes seconds). A module-scoped fixture makes them inside
`kept_for_the_module`: a transaction held open until the module ends and then rolled back.
Each test's own transaction is a savepoint inside it, so a test's writes still vanish after
it; only the shared rows stay, and every later test in the module sees them. Such a
fixture hands tests primary keys, and each test loads its own objects, so no test sees
another's changes to an object in memory. Not for a module with transactional tests
(`django_db(transaction=True)` empties the tables after each). Under `make check` each
worker that runs some of a module's tests makes the rows once for itself."""

from contextlib import contextmanager

from django.db import transaction


@contextmanager
def kept_for_the_module(django_db_blocker):
    with django_db_blocker.unblock(), transaction.atomic():
        yield
        transaction.set_rollback(True)
