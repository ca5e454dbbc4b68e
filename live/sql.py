"""Hand-written SQL for the live actions, read and written as the ORM would.

On a roll, building an ORM query's SQL costs several times what running it costs
(bench/README.md). The few statements a roll makes (lock and load the night, check the
player, look up a repeated client id, write the table and log the roll) write their SQL
from the models' own column names, and turn rows into values and model instances with the
same converters the ORM applies (JSON, SQLite's booleans and datetimes), and values into
parameters with each field's own preparation, so they stay right when a field changes. What
of that Django does not document goes through its door (live/doors/django_db.py). The
functions that touch the database are steps (live/steps.py): an action's `yield from` runs
them on either runner.
"""

import functools
import threading

from django.db import DEFAULT_DB_ALIAS, connections

from live.doors import django_db
from live.steps import Steps, execute, fetch

_this_thread = threading.local()


def database():
    """This thread's Django database wrapper (its settings, operations and converters, not a
    session), looked up once per thread: through `django.db.connection` every attribute is
    a context-variable lookup, costly on a busy event loop (bench/README.md)."""
    try:
        return _this_thread.wrapper
    except AttributeError:
        _this_thread.wrapper = connections[DEFAULT_DB_ALIAS]
        return _this_thread.wrapper


def table(model) -> str:
    """`model`'s table name, quoted for this database."""
    # `_meta` is Django's documented Model _meta API (docs: ref/models/meta)
    return django_db.quoter(database())(model._meta.db_table)


def columns(model, alias: str) -> str:
    """Every concrete column of `model`, qualified by `alias`, in the model's field order
    (what `instances` reads back)."""
    return columns_of(model._meta.concrete_fields, alias)


def columns_of(fields, alias: str) -> str:
    """The columns of `fields` (of one model), qualified by `alias`."""
    quote = django_db.quoter(database())
    return ", ".join(f"{alias}.{quote(f.column)}" for f in fields)


def lock_clause(*aliases: str) -> str:
    """FOR UPDATE of the rows of `aliases`, where the database locks rows (SQLite locks the
    whole database on write instead)."""
    locks, locks_of = django_db.row_locks(database())
    if not locks:
        return ""
    if locks_of:
        return " FOR UPDATE OF " + ", ".join(aliases)
    return " FOR UPDATE"


def values(row, fields) -> list:
    """`row`'s raw values as the ORM gives them for `fields`."""
    connection = database()
    return django_db.converted(row, _converters(tuple(fields)), connection)


@functools.cache
def _converters_of(fields: tuple, alias: str) -> list:
    # Per alias, not per connection: a backend's converters depend on its settings only.
    return django_db.read_converters(fields, database())


def _converters(fields: tuple) -> list:
    connection = database()
    return _converters_of(fields, connection.alias)


def instances(row, *models) -> list:
    """One instance of each of `models` from a row selected as `columns(model)` in turn;
    None for a model whose primary key is NULL (an outer join that found no row)."""
    connection = database()
    found, start = [], 0
    for model in models:
        fields = model._meta.concrete_fields
        part = row[start : start + len(fields)]
        start += len(fields)
        if part[fields.index(model._meta.pk)] is None:
            found.append(None)
            continue
        part = values(part, fields)
        # Model.from_db: documented (docs: ref/models/instances, "Customizing model loading")
        found.append(model.from_db(connection.alias, [f.attname for f in fields], part))
    return found


def select(model, where: dict, lock: bool = False) -> Steps:
    """Instances of `model` whose fields equal `where` ({field name: value}), by primary
    key; `lock`: FOR UPDATE."""
    connection = database()
    fields = [model._meta.get_field(name) for name in where]
    quote = django_db.quoter(connection)
    query = (
        f"SELECT {columns(model, 'x')} FROM {table(model)} x"
        f" WHERE {' AND '.join(f'x.{quote(f.column)} = %s' for f in fields) or '1 = 1'}"
        f" ORDER BY x.{quote(model._meta.pk.column)}" + (lock_clause("x") if lock else "")
    )
    params = [
        f.get_db_prep_value(value, connection)
        for f, value in zip(fields, where.values(), strict=True)
    ]
    rows = yield from fetch(query, params)
    return [instances(row, model)[0] for row in rows]


def insert(objs: list) -> Steps:
    """INSERT `objs` (new instances of one model) in one statement and set their ids, with
    the values the ORM would write (each field's pre_save and database preparation)."""
    connection = database()
    model = type(objs[0])
    fields = [f for f in model._meta.concrete_fields if f is not model._meta.pk]
    rows, params = [], []
    for obj in objs:
        rows.append("(" + ", ".join(["%s"] * len(fields)) + ")")
        params += [f.get_db_prep_save(f.pre_save(obj, True), connection) for f in fields]
    quote = django_db.quoter(connection)
    query = (
        f"INSERT INTO {table(model)} ({', '.join(quote(f.column) for f in fields)})"
        f" VALUES {', '.join(rows)} RETURNING {quote(model._meta.pk.column)}"
    )
    # RETURNING gives the rows in the order of VALUES (PostgreSQL and SQLite; the ORM's
    # bulk_create relies on it too)
    for obj, (pk,) in zip(objs, (yield from fetch(query, params)), strict=True):
        obj.pk = pk
        # `_state.adding` and `_state.db`: documented (docs: ref/models/instances, from_db)
        obj._state.adding = False
        obj._state.db = connection.alias


def update(obj, names: list[str]) -> Steps:
    """UPDATE `obj`'s row with its current values of the fields `names`."""
    values = {name: getattr(obj, obj._meta.get_field(name).attname) for name in names}
    yield from update_where(type(obj), values, {obj._meta.pk.name: obj.pk})


def update_where(model, values: dict, where: dict) -> Steps:
    """UPDATE the rows of `model` whose fields equal `where`, setting `values` (both by
    field name)."""
    connection = database()
    quote = django_db.quoter(connection)
    setting = [model._meta.get_field(name) for name in values]
    matching = [model._meta.get_field(name) for name in where]
    query = (
        f"UPDATE {table(model)} SET {', '.join(f'{quote(f.column)} = %s' for f in setting)}"
        f" WHERE {' AND '.join(f'{quote(f.column)} = %s' for f in matching)}"
    )
    params = [
        f.get_db_prep_save(v, connection) for f, v in zip(setting, values.values(), strict=True)
    ]
    params += [
        f.get_db_prep_value(v, connection) for f, v in zip(matching, where.values(), strict=True)
    ]
    yield from execute(query, params)
