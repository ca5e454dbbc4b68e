"""The integration tier's own fixtures: on PostgreSQL, each test's event loop closes the pool
its live actions opened (live/pg.py), so no test leaves connections open for the next
(elsewhere no pool opens, and an async fixture would run an event loop for every test); and
every frame a night's socket receives is checked against its type."""

import pytest
from channels.testing import WebsocketCommunicator

from live import pg
from tests.helpers.frames import frame_problems

if pg.enabled():

    @pytest.fixture(autouse=True)
    async def live_pool_closed():
        yield
        await pg.close()


@pytest.fixture(autouse=True)
def frames_typed(monkeypatch):
    """Every frame a night's socket receives in these tests is one its TypedDict allows
    (partynight/frames.py): the types are checked against what the services really send."""
    receive = WebsocketCommunicator.receive_from

    async def receive_checked(self, timeout=1):
        text = await receive(self, timeout)
        if isinstance(text, str):
            found = frame_problems(self.scope["path"], text)
            assert not found, "\n".join(found)
        return text

    monkeypatch.setattr(WebsocketCommunicator, "receive_from", receive_checked)
