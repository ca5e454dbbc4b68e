"""Hand-written SELECTs for the hot paths, read back as the ORM would read them.

On a roll, building an ORM query's SQL costs several times what running it costs (about
0.4 ms of Python against 0.05 ms in the database, per query, on this project's roll). The
few queries a roll makes (lock and load the night, check the player, look up a repeated
client id) write their SQL from the models' own column names, and turn rows into values
and model instances with the same converters the ORM applies (JSON, SQLite's booleans and
datetimes), so they stay right when a field changes.
"""

import functools

from django.db import connection


def table(model) -> str:
    """`model`'s table name, quoted for this database."""
    return connection.ops.quote_name(model._meta.db_table)


def columns(model, alias: str) -> str:
    """Every concrete column of `model`, qualified by `alias`, in the model's field order
    (what `instances` reads back)."""
    quote = connection.ops.quote_name
    return ", ".join(f"{alias}.{quote(f.column)}" for f in model._meta.concrete_fields)


def lock_clause(*aliases: str) -> str:
    """FOR UPDATE of the rows of `aliases`, where the database locks rows (SQLite locks the
    whole database on write instead)."""
    features = connection.features
    if not features.has_select_for_update:
        return ""
    if features.has_select_for_update_of:
        return " FOR UPDATE OF " + ", ".join(aliases)
    return " FOR UPDATE"


def values(row, fields) -> list:
    """`row`'s raw values as the ORM gives them for `fields`."""
    out = []
    for value, (expression, converters) in zip(row, _converters(tuple(fields)), strict=True):
        for convert in converters:
            value = convert(value, expression, connection)
        out.append(value)
    return out


@functools.cache
def _converters_of(fields: tuple, alias: str) -> list:
    # Per alias, not per connection: a backend's converters depend on its settings only.
    found = []
    for field in fields:
        expression = field.get_col(field.model._meta.db_table)
        found.append(
            (
                expression,
                connection.ops.get_db_converters(expression) + field.get_db_converters(connection),
            )
        )
    return found


def _converters(fields: tuple) -> list:
    return _converters_of(fields, connection.alias)


def instances(row, *models) -> list:
    """One instance of each of `models` from a row selected as `columns(model)` in turn."""
    found, start = [], 0
    for model in models:
        fields = model._meta.concrete_fields
        part = values(row[start : start + len(fields)], fields)
        found.append(model.from_db(connection.alias, [f.attname for f in fields], part))
        start += len(fields)
    return found


def fetch(sql: str, params) -> list[tuple]:
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return cursor.fetchall()
