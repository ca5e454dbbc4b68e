"""Failures in flight are bounded (issue 28): past a few waiting failures of one address the
next is answered at once (429, or a socket's refusal), join-code lookups and login attempts
are bounded before they are checked, and a correct link is still served at once. Every
wait here is held open until the test lets it go (limits.pause replaced), so what is in
flight is exact; tests/system/hostile/test_floods.py floods a real server."""

import asyncio
from urllib.parse import urlencode

import pytest
from channels.db import database_sync_to_async
from channels.testing import HttpCommunicator

from config.asgi import application
from live import limits
from partynight import throttles
from tests.helpers.hostile import make_night
from tests.integration.hostile.test_tokens import refusal, ws_open

pytestmark = pytest.mark.django_db(transaction=True)
ADDRESS = "203.0.113.40"
WAIT = 5


class Held:
    """limits.pause, holding every wait until `release()`: `waiting` counts them."""

    def __init__(self):
        self.waiting, self.gate = 0, asyncio.Event()

    async def pause(self, seconds):
        if seconds > 0:
            self.waiting += 1
            await self.gate.wait()

    async def until(self, waiting):
        async with asyncio.timeout(WAIT):
            while self.waiting < waiting:
                await asyncio.sleep(0.01)

    def release(self):
        self.gate.set()


@pytest.fixture
def held(monkeypatch):
    held = Held()
    monkeypatch.setattr(limits, "pause", held.pause)
    monkeypatch.setattr(limits, "FREE_FAILURES", 0)  # every failure waits
    no_free = {kind: (0, window) for kind, (_, window) in throttles.ACCOUNT_FAILURES.items()}
    monkeypatch.setattr(throttles, "ACCOUNT_FAILURES", no_free)
    return held


async def in_db(call, *args):
    """`call` on a thread that gives its database connection back when done: a thread of
    asyncio.to_thread keeps it, and on PostgreSQL each test's would hold one of the pool's
    ten until later tests found none left."""
    return await database_sync_to_async(call)(*args)


CSRF = "x" * 32  # the cookie's secret, sent back as the form's token


async def request(method, path, address, form=None):
    """The ASGI app's answer to one request from `address` ({status, headers, body})."""
    headers = [(b"host", b"127.0.0.1"), (b"cookie", f"csrftoken={CSRF}".encode())]
    body = b""
    if form is not None:
        body = urlencode({**form, "csrfmiddlewaretoken": CSRF}).encode()
        headers.append((b"content-type", b"application/x-www-form-urlencoded"))
    communicator = HttpCommunicator(application, method, path, body=body, headers=headers)
    communicator.scope["client"] = (address, 0)  # as Daphne (--proxy-headers) fills it
    answer = await communicator.get_response(timeout=WAIT * 2)
    answer["text"] = answer["body"].decode()
    return answer


def get(path, address=ADDRESS):
    return asyncio.ensure_future(request("GET", path, address))


def post(path, form, address=ADDRESS):
    return asyncio.ensure_future(request("POST", path, address, form))


async def answered(pending):
    return await asyncio.wait_for(pending, WAIT)


async def status(pending):
    return (await answered(pending))["status"]


async def test_past_the_waiting_failures_a_bad_link_gets_429_at_once_and_a_good_one_200(host, held):
    _, _, people = await in_db(make_night, host)
    waiting = [get(f"/play/wrong-{i}/") for i in range(limits.WAITING_PER_ADDRESS)]
    await held.until(limits.WAITING_PER_ADDRESS)
    refused = await answered(get("/play/one-more/"))
    assert refused["status"] == 429 and (b"Retry-After", b"8") in refused["headers"]
    assert "wrong links" in refused["text"]
    assert await status(get(f"/play/{people[0].token}/")) == 200  # the same address
    waiting.append(get("/play/elsewhere/", address="203.0.113.41"))  # its own places
    await held.until(limits.WAITING_PER_ADDRESS + 1)
    assert not any(pending.done() for pending in waiting)
    held.release()
    assert [await status(pending) for pending in waiting] == [404] * len(waiting)


async def test_join_codes_are_bounded_in_flight_before_the_lookup(host, held):
    night, _, people = await in_db(make_night, host)
    guesses = [get(f"/join/?code=ZZ{i:04d}") for i in range(limits.GUESSES_PER_ADDRESS)]
    await held.until(limits.GUESSES_PER_ADDRESS)
    right_code = f"/join/?code={night.join_code}"
    busy = await answered(get(right_code))  # not even looked up while 4 guesses are out
    assert busy["status"] == 429 and "scan the QR code" in busy["text"]
    assert await status(get(right_code, address="203.0.113.42")) == 302
    assert await status(get(f"/play/{people[0].token}/")) == 200
    held.release()
    assert [await status(guess) for guess in guesses] == [404] * len(guesses)


async def test_login_attempts_in_flight_are_bounded_per_user_name_and_per_address(host, held):
    wrong = {"username": "hostess", "password": "wrong"}
    per_name = [
        post("/accounts/login/", wrong, f"198.51.100.{i}") for i in range(throttles.LOGINS_PER_NAME)
    ]
    await held.until(throttles.LOGINS_PER_NAME)
    unchecked = await answered(post("/accounts/login/", wrong, "198.51.100.99"))
    assert unchecked["status"] == 429 and "Wait a few seconds" in unchecked["text"]
    names = [
        post("/accounts/login/", {"username": f"guess-{i}", "password": "x"})
        for i in range(throttles.LOGINS_PER_ADDRESS)
    ]
    await held.until(throttles.LOGINS_PER_NAME + throttles.LOGINS_PER_ADDRESS)
    other_name = {"username": "guess-other", "password": "x"}
    assert await status(post("/accounts/login/", other_name)) == 429
    held.release()
    assert {await status(pending) for pending in per_name + names} == {200}  # all checked


async def test_refused_signups_past_the_waiting_ones_get_429_unread(held):
    refused = {"username": "flood", "password1": "a", "password2": "b"}
    waiting = [post("/accounts/signup/", refused) for _ in range(throttles.SIGNUPS_IN_FLIGHT)]
    await held.until(throttles.SIGNUPS_IN_FLIGHT)
    busy = await answered(post("/accounts/signup/", refused))
    assert busy["status"] == 429 and "Wait a few seconds" in busy["text"]
    held.release()
    assert [await status(pending) for pending in waiting] == [400] * len(waiting)


async def test_past_the_waiting_failures_a_bad_socket_link_is_refused_at_once(host, held):
    _, _, people = await in_db(make_night, host)
    sockets = [await ws_open(f"/ws/play/wrong-{i}/", ip=ADDRESS) for i in range(4)]
    await held.until(limits.WAITING_PER_ADDRESS)
    one_more = await ws_open("/ws/play/one-more/", ip=ADDRESS)
    assert (await refusal(one_more))[:2] == ("bad_link", 4403)  # without the wait
    assert held.waiting == limits.WAITING_PER_ADDRESS
    good = await ws_open(f"/ws/play/{people[0].token}/", ip=ADDRESS)
    assert (await good.receive_json_from(timeout=WAIT))["type"] == "snapshot"
    await good.disconnect()
    held.release()
    for socket in sockets:
        assert (await refusal(socket))[:2] == ("bad_link", 4403)
