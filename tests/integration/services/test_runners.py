"""The two runners of a live action (live/steps.py): Django's connection on a thread, and,
on PostgreSQL, psycopg's async connection on the event loop (live/pg.py). Both run the
same statements, so they must leave the same night; the loop's runner sends nothing before
its commit and nothing for a transaction that fails."""

import asyncio
import json
import re
import threading

import psycopg
import pytest
from asgiref.sync import sync_to_async
from django.db import connection, connections
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from live import broadcast, db, pg, sql
from live.errors import ServiceError
from live.steps import Action, Query, perform
from partynight.models import Event, Night, Round, Seat, Table
from partynight.rules import Rules
from partynight.services import corrections, play
from tests import builders
from tests.helpers.examples import examples
from tests.helpers.sockets import phone, roll, seated, until

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor != "postgresql", reason="the loop's runner is PostgreSQL's"
    ),
]

MOVES = st.lists(
    st.one_of(
        st.tuples(st.just("roll"), st.integers(1, 3), st.sampled_from(["0", "1", "2", "mini"])),
        st.tuples(st.just("roll"), st.integers(1, 3), st.sampled_from(["bunco", "wipeout"])),
        st.tuples(st.just("bell"), st.just(0), st.just("")),
        st.tuples(st.just("start"), st.just(0), st.just("")),
        st.tuples(st.just("undo"), st.integers(1, 3), st.just("")),
    ),
    max_size=40,
)


def action_for(night: Night, move, client_id: str) -> Action:
    kind, table, entry = move
    common = {"night_id": night.pk, "actor": "host", "client_id": client_id}
    night.refresh_from_db()
    if kind == "roll":
        return play.roll_record.action(table_number=table, entry=entry, **common)
    if kind == "bell":
        return play.bell_ring.action(number=night.round_number, **common)
    if kind == "start":
        return play.round_start.action(number=night.round_number + 1, **common)
    return corrections.roll_undo.action(table_number=table, **common)


def outcome(run, action):
    try:
        return run(action)
    except ServiceError as error:
        return {"error": error.code}


def on_the_loop(action):
    async def perform_and_close():
        try:
            return await pg.perform(action)
        finally:
            await broadcast.sent_so_far()
            await pg.close()

    return asyncio.run(perform_and_close())


@settings(max_examples=examples(25), deadline=None, suppress_health_check=list(HealthCheck))
@given(moves=MOVES)
def test_both_runners_leave_the_same_night_for_the_same_moves(host, moves):
    on_thread, on_loop = (
        builders.night(host, 12, seed=3, rules=Rules(target=11), started=True, name=name)
        for name in ("Thread", "Loop")
    )
    for number, move in enumerate(moves):
        client_id = f"c{number}"
        first = outcome(perform, action_for(on_thread, move, client_id))
        second = outcome(on_the_loop, action_for(on_loop, move, client_id))
        assert normalized(second, on_loop) == normalized(first, on_thread), move
    assert record_of(on_loop) == record_of(on_thread)


def record_of(night: Night):
    """Everything stored of `night`, its players and events numbered in order (their ids
    differ from night to night), without the times."""
    night.refresh_from_db()
    place = {p.pk: n for n, p in enumerate(night.players.order_by("pk"))}
    events = list(Event.objects.filter(night=night).order_by("pk"))
    order = {e.pk: n for n, e in enumerate(events)}
    found = {
        "night": [night.state, night.round_number, night.version, night.totals],
        "seating": [night.pending_seating, night.waiting, place.get(night.fuzzy_holder_id)],
        "rounds": [
            [r.number, r.state, r.bell_table, r.bell_reason, r.moves]
            for r in Round.objects.filter(night=night).order_by("number")
        ],
        "tables": [
            [t.round.number, t.number, t.state, t.version]
            for t in Table.objects.filter(round__night=night).order_by("round__number", "number")
        ],
        "seats": [
            [s.table.round.number, s.table.number, s.position, place[s.player_id]]
            for s in Seat.objects.filter(table__round__night=night).order_by("pk")
        ],
        "events": [
            [e.kind, e.actor, e.client_id, e.round_number, e.table_number, e.data, e.result]
            for e in events
        ],
    }
    for event in found["events"]:
        data = event[5]
        if "events" in data:
            data["events"] = [order[pk] for pk in data["events"]]
        for key in ("fuzzy_before", "player", "ghost"):  # ids (a roll's "ghost" is a flag)
            if type(data.get(key)) is int:
                data[key] = place[data[key]]
    return normalized(found, night)


def normalized(value, night: Night):
    """`value` with `night`'s player ids and keys as their place among its players."""
    place = {p.pk: n for n, p in enumerate(night.players.order_by("pk"))}
    text = json.dumps(value, sort_keys=True, default=str)
    text = re.sub(r'"p(\d+)"', lambda m: f'"P{place[int(m[1])]}"', text)
    return re.sub(r'"player:(\d+)"', lambda m: f'"player:{place[int(m[1])]}"', text)


def roll_action(night, table, client_id, seen):
    return play.roll_record.action(
        night_id=night.pk,
        table_number=table,
        entry="0",
        actor="host",
        client_id=client_id,
        seen_version=seen,
    )


def table_version(night, number) -> int:
    return Table.objects.filter(round__night=night, number=number).latest("round__number").version


def committed_version(night, number) -> int:
    """table_version on a thread of its own, whose connection goes back to the pool."""
    try:
        return table_version(night, number)
    finally:
        connection.close()


async def test_a_phones_roll_runs_on_the_event_loop(host, monkeypatch):
    night = await sync_to_async(builders.night)(host, 8, seed=11, started=True)
    performed = []
    original = pg.perform

    async def counted(action):
        performed.append(threading.current_thread() is threading.main_thread())
        return await original(action)

    monkeypatch.setattr(pg, "perform", counted)
    socket = await phone((await sync_to_async(seated)(night, 1))[0])
    await socket.send_json_to(roll("1", v=socket.snapshot["table"]["version"]))
    result = await until(socket, lambda m: m["type"] == "result")
    assert result["ok"] and performed == [True]
    await socket.disconnect()


async def test_messages_go_out_only_after_the_commit_and_in_order(host, monkeypatch):
    night = await sync_to_async(builders.night)(host, 8, seed=11, started=True)
    seen = await sync_to_async(table_version)(night, 1)
    published = []

    async def publish(batch):  # reads the table from another connection as each goes out
        version = await sync_to_async(committed_version, thread_sensitive=False)(night, 1)
        published.extend((version, message) for _, message in batch)

    monkeypatch.setattr(broadcast, "publish", publish)
    for n in range(3):
        await db.perform(roll_action(night, 1, f"r{n}", seen + n))
    await broadcast.sent_so_far()
    tables = [(v, json.loads(m["text"])) for v, m in published if m["type"] == "table.event"]
    assert [event["v"] for _, event in tables] == [
        seen + 1,
        seen + 1,
        seen + 2,
        seen + 2,
        seen + 3,
        seen + 3,
    ]
    assert all(committed >= event["v"] for committed, event in tables)


async def test_a_transaction_that_fails_at_commit_sends_nothing_and_keeps_nothing(
    host, monkeypatch
):
    night = await sync_to_async(builders.night)(host, 8, seed=11, started=True)
    seen = await sync_to_async(table_version)(night, 1)
    row = await Table.objects.filter(round__night=night, number=1).aget()
    published = []

    async def publish(batch):
        published.extend(batch)

    monkeypatch.setattr(broadcast, "publish", publish)
    roll = roll_action(night, 1, "doomed", seen)

    def steps():  # the roll, then a row pointing nowhere: its foreign key fails at COMMIT
        answer = yield from roll.steps()
        update = f"UPDATE {sql.table(Table)} SET round_id = %s WHERE id = %s"
        yield Query(update, [-1, row.pk], rows=False)
        return answer

    with pytest.raises(psycopg.IntegrityError):
        await pg.perform(Action(steps, roll.retry))
    await broadcast.sent_so_far()
    assert published == []
    assert await sync_to_async(table_version)(night, 1) == seen
    assert not await Event.objects.filter(client_id="doomed").aexists()


async def test_a_repeated_client_id_is_answered_from_its_record(host):
    night = await sync_to_async(builders.night)(host, 8, seed=11, started=True)
    seen = await sync_to_async(table_version)(night, 1)
    first = await pg.perform(roll_action(night, 1, "twice", seen))
    again = await pg.perform(roll_action(night, 1, "twice", seen))
    assert again == {**first, "replayed": True}
    assert await Event.objects.filter(client_id="twice").acount() == 1
    assert await sync_to_async(table_version)(night, 1) == seen + 1


PAIRS = examples(200, 20)


async def test_two_phones_racing_one_roll_on_the_loop_count_it_once(host):
    night = await sync_to_async(builders.night)(host, 8, seed=11, started=True)
    seen = await sync_to_async(table_version)(night, 1)
    for n in range(PAIRS):
        answers = await asyncio.gather(
            outcome_async(roll_action(night, 1, f"a{n}", seen + n)),
            outcome_async(roll_action(night, 1, f"b{n}", seen + n)),
            outcome_async(roll_action(night, 1, f"b{n}", seen + n)),  # and a double tap
        )
        ok = [a for a in answers if a.get("ok") and not a.get("replayed")]
        assert len(ok) == 1, answers
        assert all(a.get("ok") or a["error"] == "already_recorded" for a in answers), answers
    assert await sync_to_async(table_version)(night, 1) == seen + PAIRS
    assert await Event.objects.filter(night=night, kind="roll_scored").acount() == PAIRS


async def test_two_copies_of_one_message_racing_on_the_loop_answer_alike(host):
    """No table version in the message: both copies pass every check, the second one's
    event breaks the client id's unique constraint at its INSERT, and the runner's retry
    answers it with the first one's result."""
    night = await sync_to_async(builders.night)(host, 8, seed=11, started=True)
    seen = await sync_to_async(table_version)(night, 1)
    for n in range(examples(20)):
        answers = await asyncio.gather(
            *(pg.perform(roll_action(night, 1, f"copy{n}", None)) for _ in range(2))
        )
        assert sorted(bool(a.get("replayed")) for a in answers) == [False, True], answers
        assert answers[0]["roll"] == answers[1]["roll"]
    assert await sync_to_async(table_version)(night, 1) == seen + examples(20)


async def outcome_async(action):
    try:
        return await pg.perform(action)
    except ServiceError as error:
        return {"error": error.code}


def test_two_phones_racing_one_roll_on_threads_count_it_once(host):
    night = builders.night(host, 8, seed=11, started=True)
    seen = table_version(night, 1)
    for n in range(PAIRS):
        answers = []

        def phone(client_id, n=n, answers=answers):
            try:
                answers.append(outcome(perform, roll_action(night, 1, client_id, seen + n)))
            finally:
                connections.close_all()

        racing = [threading.Thread(target=phone, args=(c,)) for c in (f"a{n}", f"b{n}")]
        for thread in racing:
            thread.start()
        for thread in racing:
            thread.join()
        assert sorted(bool(a.get("ok")) for a in answers) == [False, True], answers
    assert table_version(night, 1) == seen + PAIRS
    assert Event.objects.filter(night=night, kind="roll_scored").count() == PAIRS
