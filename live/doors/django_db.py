"""The door to Django's undocumented database internals the live actions rely on.

- The after-commit list: the callbacks `transaction.on_commit` queued in the current
  transaction (`run_on_commit`, undocumented).
- What a backend knows of its SQL: quoting names, row locks, the time zone statement.
- The converters the ORM applies to a value read from the database (each backend's and each
  field's `get_db_converters`, on the field's column expression `get_col`).
- The connection parameters Django opens a connection with (`get_connection_params`), which
  the event loop's psycopg pool copies (live/pg.py).

Contract: tests/integration/doors/test_django_db.py (and test_pg_door.py for the pool).
"""

from django.db import transaction

WRITTEN_FOR = {"Django": "5.2.19"}
RECHECK = (
    "django/db/backends/base/base.py (run_on_commit, get_connection_params, timezone_name),"
    " base/operations.py (quote_name, get_db_converters, set_time_zone_sql), base/features.py"
    " (has_select_for_update, has_select_for_update_of), db/models/fields/__init__.py"
    " (Field.get_col, Field.get_db_converters) and db/models/sql/compiler.py"
    " (SQLCompiler.apply_converters: how converters are called)"
)


def queued_on_commit(using=None) -> list:
    """The callbacks `transaction.on_commit` queued so far in the current transaction of
    the connection `using` (Django keeps them as (savepoint ids, callback, robust))."""
    return [callback for _, callback, *_ in transaction.get_connection(using).run_on_commit]


def quoter(connection):
    """The function that quotes a table or column name for `connection`'s database."""
    return connection.ops.quote_name


def row_locks(connection) -> tuple[bool, bool]:
    """Whether `connection`'s database takes SELECT ... FOR UPDATE, and FOR UPDATE OF."""
    features = connection.features
    return features.has_select_for_update, features.has_select_for_update_of


def read_converters(fields, connection) -> list:
    """For each of `fields` (of one model), what the ORM applies to its value as read from
    `connection`'s database: (its column expression, the converters)."""
    found = []
    for field in fields:
        expression = field.get_col(field.model._meta.db_table)
        converters = connection.ops.get_db_converters(expression)
        found.append((expression, converters + field.get_db_converters(connection)))
    return found


def converted(row, converters: list, connection) -> list:
    """`row`'s raw values, each put through its `read_converters` as the ORM does."""
    out = []
    for value, (expression, functions) in zip(row, converters, strict=True):
        for convert in functions:
            value = convert(value, expression, connection)
        out.append(value)
    return out


def connection_params(connection) -> dict:
    """The parameters Django opens `connection`'s database connections with (a copy)."""
    return dict(connection.get_connection_params())


def time_zone_statement(connection) -> tuple[str | None, str]:
    """The time zone Django sets on `connection`'s sessions (None: the database's own), and
    the statement that sets it (one parameter: the zone's name)."""
    return connection.timezone_name, connection.ops.set_time_zone_sql()
