"""The ground floor: pages render, websockets connect, origins are checked."""

from channels.testing import WebsocketCommunicator

from config.asgi import application


def test_home_page_renders(client):
    response = client.get("/")
    assert response.status_code == 200
    assert b"Run your Bunco night" in response.content


async def test_status_socket_answers_on_connect():
    communicator = WebsocketCommunicator(
        application,
        "/ws/status/",
        headers=[(b"origin", b"http://127.0.0.1"), (b"host", b"127.0.0.1")],
    )
    connected, _ = await communicator.connect()
    assert connected
    message = await communicator.receive_json_from(timeout=2)
    assert message["type"] == "status" and message["live"] is True
    await communicator.disconnect()


async def test_socket_from_a_foreign_origin_is_refused():
    communicator = WebsocketCommunicator(
        application,
        "/ws/status/",
        headers=[(b"origin", b"http://evil.example"), (b"host", b"127.0.0.1")],
    )
    connected, _ = await communicator.connect()
    assert not connected
