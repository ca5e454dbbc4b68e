"""Scripts that browser tests add to a page before its own run (`context.add_init_script`)."""

# Records every socket the page opens (window.__sockets) and every frame they receive or
# send (window.__frames), with the time it arrived.
RECORD_FRAMES = """
(() => {
  window.__frames = [];
  window.__sockets = [];
  const Native = window.WebSocket;
  window.WebSocket = function (url, protocols) {
    const socket = new Native(url, protocols);
    window.__sockets.push(socket);
    socket.addEventListener("message", (event) => {
      const msg = JSON.parse(event.data);
      window.__frames.push({ dir: "in", at: performance.timeOrigin + performance.now(),
        type: msg.type, what: msg.what || null, scope: msg.scope || null, v: msg.v ?? null });
    });
    const send = socket.send.bind(socket);
    socket.send = (data) => {
      window.__frames.push({ dir: "out", type: JSON.parse(data).type });
      send(data);
    };
    return socket;
  };
  window.WebSocket.prototype = Native.prototype;
  Object.assign(window.WebSocket, { CONNECTING: 0, OPEN: 1, CLOSING: 2, CLOSED: 3 });
})();
"""


def frames(page):
    return page.evaluate("window.__frames")
