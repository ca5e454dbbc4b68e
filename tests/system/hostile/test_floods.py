"""Floods against a real Daphne (issue 28): while one address floods the server with wrong
links, join-code guesses, refused signups or wrong passwords, a night keeps rolling and a
correct link is answered at once.

Before the fix a slowed failure waited its delay (up to 8 s) holding its pooled database
connection: on PostgreSQL (a pool of 10, shared with the sockets' database threads) thirty
of them stalled every night on the server and the correct link took 15 s or failed. On
SQLite there is no pool to exhaust: there these tests check the bounds (429s, passwords
checked) and the correct link, not the rolls' p99. The sockets' database work runs on
one thread there, beside every page's queries and SQLite's one writer, and on a quiet
machine (roll p99 0.09 s) the flood's own lookups took it to 3.5-5 times that.

Each test measures the night's rolls while the flood runs and quiet, before and after it
(the larger of the two: the shared machine's load drifts), on the same server in the same
run; every address is a loopback client's X-Forwarded-For."""

import asyncio
import collections
import secrets
import statistics

import pytest
from django.db import connection
from django.test import Client

from live import limits
from tests import builders
from tests.helpers.flood import Table, http, night_rolls
from tests.helpers.servers import start_daphne

pytestmark = [pytest.mark.live, pytest.mark.django_db(transaction=True)]

PARTY = "10.0.0.50"  # every phone at the party
FLOODER = "10.66.0.1"
AT_ONCE = 30  # requests a wave of the flood sends at once
ROLLS = 17  # per table (six tables): 102 rolls, so the p99 is not just the slowest
ANSWERED_AT_ONCE = 1.0  # seconds: a correct link (issue 28's bound)
SLOWER_AT_MOST = 3  # the night's roll p99 under the flood, over its quiet p99...
# ...or this much over it: a wave of 30 requests, even refused at once, holds the one
# process's interpreter for 0.1-0.2 s (measured on a quiet machine: roll p99 0.05 s quiet,
# 0.14-0.24 s under the waves), and a roll that arrives meanwhile waits for it
BURST = 0.3  # seconds


@pytest.fixture(scope="module")
def server(django_db_setup, tmp_path_factory):
    """Our own server, trusting X-Forwarded-For, so each request names its address."""
    daphne = start_daphne(
        tmp_path_factory.mktemp("floods"), name="floods", args=("--proxy-headers",)
    )
    yield daphne
    daphne.stop()


@pytest.fixture
def party(host):
    night = builders.night(host, 24, paid=False, started=True, name="Flooded night")
    people = list(night.players.filter(is_ghost=False).order_by("pk"))
    scorers = {}  # one phone per table
    for table in night.rounds.get().tables.all():
        scorers[table.number] = table.seat_rows.order_by("position").first().player.token
    other = builders.host("other-host")
    client = Client()
    client.force_login(other)
    return {
        "host": host.username,
        "ann": people[0],
        "scorers": list(scorers.values()),
        "host_cookie": f"sessionid={client.cookies['sessionid'].value}",
    }


CSRF = secrets.token_hex(16)  # 32 characters: Django takes the cookie's secret as the token


def wave(kind, party, n):
    """The requests of one wave: [(path, address, form, cookie)]."""
    if kind == "links":
        return [(f"/play/wrong-{n}-{i}/", FLOODER, None, "") for i in range(AT_ONCE)]
    if kind == "codes":  # from the party's own address, as a guest's brother might
        return [(f"/join/?code=ZZ{n:02d}{i:02d}", PARTY, None, "") for i in range(AT_ONCE)]
    cookie = f"csrftoken={CSRF}"
    if kind == "signups":  # refused: the passwords differ
        form = {"username": "flood", "password1": "a", "password2": "b"}
        return [
            ("/accounts/signup/", FLOODER, {**form, "csrfmiddlewaretoken": CSRF}, cookie)
        ] * AT_ONCE
    # logins: wrong passwords for one user name from 20 addresses
    form = {
        "username": party["host"],
        "password": "wrong",
        "csrfmiddlewaretoken": CSRF,
    }
    return [("/accounts/login/", f"10.77.0.{i % 20}", form, cookie) for i in range(AT_ONCE)]


async def flood(server, kind, party, statuses):
    """A wave of AT_ONCE requests every two seconds (at most 20), whether or not the
    earlier ones were answered, until cancelled; each answer's status counted as it comes."""

    async def one(path, who, form, cookie):
        status, _ = await http(server.url, path, who, form=form, cookie=cookie)
        statuses[status] += 1

    sent = []
    try:
        for n in range(20):
            sent += [asyncio.ensure_future(one(*request)) for request in wave(kind, party, n)]
            await asyncio.sleep(2.0)
    finally:
        for request in sent:
            request.cancel()


async def probes(server, party, seen):
    """Every half second until cancelled (at most 20 times): a correct link from the
    party's address, and another host's page."""
    for _ in range(20):
        seen["correct link"].append(await http(server.url, f"/play/{party['ann'].token}/", PARTY))
        page = await http(server.url, "/nights/", "10.1.2.3", cookie=party["host_cookie"])
        seen["other host's page"].append(page)
        await asyncio.sleep(0.5)


async def under_flood(server, kind, party):
    """The night's roll p99 quiet and under the flood, the probes' answers during it, and
    the statuses the flood got."""
    tables = [Table(token) for token in party["scorers"]]
    for table in tables:
        await table.open(server.ws_url)
    if kind in ("links", "codes"):  # the free failures first: now every one would wait
        for i in range(limits.FREE_FAILURES):
            await http(server.url, f"/play/free-{i}/", FLOODER if kind == "links" else PARTY)
    before = await night_rolls(tables, ROLLS)
    statuses, seen = collections.Counter(), collections.defaultdict(list)
    flooding = asyncio.ensure_future(flood(server, kind, party, statuses))
    await asyncio.sleep(1.0)  # the first waves are in (and, before the fix, waiting)
    probing = asyncio.ensure_future(probes(server, party, seen))
    loud = await night_rolls(tables, ROLLS)
    for task in (probing, flooding):
        task.cancel()
    await asyncio.gather(probing, flooding, return_exceptions=True)
    await asyncio.sleep(limits.MAX_DELAY)  # what waited has been answered
    quiet = max(before, await night_rolls(tables, ROLLS))  # the machine's load drifts
    for table in tables:
        await table.close()
    return quiet, loud, seen, statuses


def report(capsys, kind, quiet, loud, seen, statuses):
    with capsys.disabled():
        print(f"\n{kind}: roll p99 quiet {quiet:.3f} s, under the flood {loud:.3f} s")
        for what, answers in seen.items():
            print(f"  {what}: {[(status, round(seconds, 3)) for status, seconds in answers]}")
        print(f"  the flood's statuses {dict(statuses)}")


def check_the_night_went_on(server, quiet, loud, seen):
    """Every probe answered; the middle one at once (the shared machine's load makes any
    one of them slow now and then); on PostgreSQL the night's rolls no more than a few
    times slower (or a wave's worth of the interpreter: BURST)."""
    log = server.log.read_text()[-3000:]
    for what, answers in seen.items():
        assert answers and all(status == 200 for status, _ in answers), (what, answers, log)
        middle = statistics.median(seconds for _, seconds in answers)
        assert middle < ANSWERED_AT_ONCE, (what, answers, log)
    if connection.vendor == "postgresql":  # the stack with the pool (module docstring)
        bound = max(SLOWER_AT_MOST * quiet, quiet + BURST)
        assert loud <= bound, (f"roll p99 {loud:.3f} s, quiet {quiet:.3f} s", log)


@pytest.mark.parametrize("kind", ["links", "codes", "signups"])
def test_a_flood_of_failures_stalls_no_night_and_no_correct_link(server, party, kind, capsys):
    """Wrong links from one address, join-code guesses from the party's own address, refused
    signups: each past its free failures would wait; at most a few of one address wait at
    once (429 for the rest), holding no database connection."""
    quiet, loud, seen, statuses = asyncio.run(under_flood(server, kind, party))
    report(capsys, kind, quiet, loud, seen, statuses)
    check_the_night_went_on(server, quiet, loud, seen)
    assert statuses[429] > statuses.total() / 2, statuses  # most answered at once, unchecked


def test_wrong_passwords_from_many_addresses_at_once_are_not_all_checked(server, party, capsys):
    """Issue 28: 300 wrong passwords for one user name from 20 addresses at once were all
    checked, and another host's pages took 76 s. Now at most LOGINS_PER_NAME are in flight
    (waiting or checked); the rest are answered 429 unchecked."""
    quiet, loud, seen, statuses = asyncio.run(under_flood(server, "logins", party))
    report(capsys, "logins", quiet, loud, seen, statuses)
    check_the_night_went_on(server, quiet, loud, seen)
    checked = statuses[200]  # the form again: the password was checked and wrong
    assert checked + statuses[429] == statuses.total(), statuses
    assert checked <= statuses.total() / 5 and statuses.total() >= AT_ONCE, statuses
