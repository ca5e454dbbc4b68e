"""The ground floor: pages render, websockets connect, origins are checked."""

from channels.testing import WebsocketCommunicator

from config.asgi import application


def status_socket(origin: bytes):
    """The status socket, opened by a page from `origin` on the server 127.0.0.1."""
    headers = [(b"origin", origin), (b"host", b"127.0.0.1")]
    return WebsocketCommunicator(application, "/ws/status/", headers=headers)


def test_home_page_renders(client):
    response = client.get("/")
    assert response.status_code == 200
    assert b"Run your Bunco night" in response.content


async def test_status_socket_answers_on_connect():
    communicator = status_socket(b"http://127.0.0.1")
    connected, _ = await communicator.connect()
    assert connected
    message = await communicator.receive_json_from(timeout=2)
    assert message["type"] == "status" and message["live"] is True
    await communicator.disconnect()


async def test_socket_from_a_foreign_origin_is_refused():
    communicator = status_socket(b"http://evil.example")
    connected, _ = await communicator.connect()
    assert not connected
