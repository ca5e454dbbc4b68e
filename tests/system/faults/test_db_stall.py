"""PostgreSQL stalls mid-round: another session holds the night's row for three seconds, as
a slow disk or a long lock would. Every phone's roll waits for it (on the event loop's
connections, live/pg.py), each phone repeats its roll meanwhile as a phone whose answer is
late does, and when the stall ends every roll counts once: nothing lost, nothing doubled,
the tables equal an oracle that replays the logged rolls."""

import asyncio
import json
import threading
import time
import uuid

import psycopg
import pytest
from django.db import connection

from live.doors import django_db
from partynight.models import Event, Night
from partynight.rules import Rules
from tests import builders
from tests.system.faults.test_burst import Phone, oracle_check

pytestmark = [
    pytest.mark.live,
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(connection.vendor != "postgresql", reason="a PostgreSQL session stalls"),
]
STALL = 3.0


def hold_the_night(night_id: int, holding: threading.Event) -> None:
    """Lock the night's row from a session of its own for STALL seconds."""
    params = django_db.connection_params(connection)
    params.pop("cursor_factory", None)
    with psycopg.connect(**params) as session, session.transaction():
        session.execute("SELECT id FROM partynight_night WHERE id = %s FOR UPDATE", [night_id])
        holding.set()
        time.sleep(STALL)


async def stalled_rolls(base: str, tokens: list[str], night_id: int):
    phones = [Phone(base, token) for token in tokens]
    await asyncio.gather(*(p.connect() for p in phones))
    holding = threading.Event()
    stall = threading.Thread(target=hold_the_night, args=(night_id, holding))
    stall.start()
    await asyncio.to_thread(holding.wait, 10)
    started = time.monotonic()
    rolls = [{"type": "roll", "entry": "1", "client_id": uuid.uuid4().hex} for _ in phones]

    async def roll_and_repeat(phone, message):
        first = asyncio.ensure_future(phone.send(message))
        await asyncio.sleep(1.0)  # no answer yet: the phone sends it again, as live.js does
        await phone.socket.send(json.dumps(message))
        return await first

    answers = await asyncio.gather(
        *(roll_and_repeat(p, m) for p, m in zip(phones, rolls, strict=True))
    )
    waited = time.monotonic() - started
    repeats = await asyncio.gather(*(p.send(m) for p, m in zip(phones, rolls, strict=True)))
    await asyncio.to_thread(stall.join)
    await asyncio.gather(*(p.socket.close() for p in phones))
    return rolls, answers, repeats, waited


def test_a_stalled_database_delays_rolls_and_loses_or_doubles_none(live_server_daphne):
    host = builders.host("stall-host")
    night = builders.night(
        host, 16, seed=4, rules=Rules(target=51), paid=False, started=True, name="Stall"
    )
    tokens = [
        table.seat_rows.order_by("position").first().player.token
        for table in night.rounds.get().tables.order_by("number")
    ]
    rolls, answers, repeats, waited = asyncio.run(
        stalled_rolls(live_server_daphne.ws_url, tokens, night.pk)
    )
    assert waited >= STALL - 1.5  # the rolls did wait for the stalled row
    assert all(a["type"] == "result" and a["ok"] for a in answers), answers
    for message, first, again in zip(rolls, answers, repeats, strict=True):
        assert again["roll"] == first["roll"] and again["table_version"] == first["table_version"]
        assert Event.objects.filter(client_id=message["client_id"]).count() == 1
    oracle_check(Night.objects.get(pk=night.pk))
