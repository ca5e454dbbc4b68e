"""Floods against a real server (tests/system/hostile/test_floods.py): a bare HTTP/1.1 client
on asyncio streams that says which address it comes from (the server runs with
--proxy-headers), and a night's tables rolling over real websockets, timed."""

import asyncio
import json
import math
import time
from urllib.parse import urlencode, urlsplit

import websockets

from tests.helpers.servers import origin_of

WAIT = 10  # seconds: far longer than any answer the tests accept


async def http(base, path, address, *, form=None, cookie="", timeout=WAIT):
    """GET `path` (POST `form`, a dict, when given) from `address`: (status, seconds);
    status 0 when no answer came within `timeout`."""
    parts = urlsplit(base)
    body = urlencode(form).encode() if form is not None else b""
    lines = [
        f"{'POST' if form is not None else 'GET'} {path} HTTP/1.1",
        f"Host: {parts.netloc}",
        f"X-Forwarded-For: {address}",
        "Connection: close",
        f"Content-Length: {len(body)}",
        "Content-Type: application/x-www-form-urlencoded",
    ] + ([f"Cookie: {cookie}"] if cookie else [])
    started = time.monotonic()
    try:
        async with asyncio.timeout(timeout):
            reader, writer = await asyncio.open_connection(parts.hostname, parts.port)
            writer.write(("\r\n".join(lines) + "\r\n\r\n").encode() + body)
            status = int((await reader.readline()).split()[1])
            await reader.read()
            writer.close()
    except (TimeoutError, OSError, IndexError, ValueError):
        status = 0
    return status, time.monotonic() - started


def p99(samples: list[float]) -> float:
    ordered = sorted(samples)
    return ordered[max(0, math.ceil(0.99 * len(ordered)) - 1)]


class Table:
    """One phone at a table entering misses ("0": the round never ends), one roll at a
    time, paced under the socket's action limit; each roll timed until its answer."""

    def __init__(self, token):
        self.token, self.sent, self.answers = token, 0, {}

    async def open(self, ws_base):
        url = f"{ws_base}/ws/play/{self.token}/"
        self.socket = await websockets.connect(url, origin=origin_of(url), max_size=2**20)
        snapshot = json.loads(await asyncio.wait_for(self.socket.recv(), WAIT))
        self.version = snapshot["table"]["version"]
        self.reader = asyncio.ensure_future(self.read())

    async def read(self):
        async for text in self.socket:
            frame = json.loads(text)
            if frame["type"] not in ("result", "error"):
                continue
            answer = self.answers.pop(frame.get("client_id"), None)
            if answer and not answer.done():  # not one given up on
                answer.set_result(frame)

    async def rolls(self, count) -> list[float]:
        """`count` rolls: each one's seconds from sending to its answer (WAIT when none, or
        when the socket was closed: the server stalled past its keepalive)."""
        times = []
        for _ in range(count):
            if self.socket.close_code is not None:
                times.append(WAIT)
                continue
            self.sent += 1
            client_id = f"{self.token[:6]}-{self.sent}"
            answer = self.answers[client_id] = asyncio.get_running_loop().create_future()
            started = time.monotonic()
            message = {"type": "roll", "entry": "0", "v": self.version, "client_id": client_id}
            try:
                await self.socket.send(json.dumps(message))
                frame = await asyncio.wait_for(answer, WAIT)
            except (TimeoutError, websockets.ConnectionClosed):
                times.append(WAIT)
                continue
            times.append(time.monotonic() - started)
            assert frame["type"] == "result", frame
            self.version = frame["table_version"]
            await asyncio.sleep(0.12)  # a phone's pace, under ACTIONS_PER_SECOND
        return times

    async def close(self):
        await self.socket.close()
        self.reader.cancel()


async def night_rolls(tables: list[Table], count: int) -> float:
    """Every table rolls `count` times at once: the p99 of all the rolls' times."""
    times = await asyncio.gather(*(table.rolls(count) for table in tables))
    return p99([t for table in times for t in table])
