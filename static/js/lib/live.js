/* PartyLive: one small websocket client for every live page (no framework).
 * - keeps one socket at a time: reconnects with backoff (0.1 s, 0.5 s, 1 s, 2 s, then every
 *   5 s), at once when the page becomes visible again or the network comes back; drops the
 *   socket when the network goes (a dead socket can look open for minutes) and waits for it;
 * - queues actions while offline (kept in sessionStorage, so a reload loses nothing) and
 *   sends them on reconnect; each carries a client id, so the server records it once;
 * - tracks the version of each scope ("night", "table:<round>:<n>") and asks for a full
 *   snapshot when it sees a gap: resync is always correct, never clever;
 * - checks the server's heartbeat (every ~15 s, the current versions): a scope still behind
 *   a few seconds later lost a message without an error, and gets a resync too. */
(function () {
  "use strict";
  const BACKOFF_MS = [100, 500, 1000, 2000, 5000];
  const BEHIND_GRACE_MS = 3000; // a heartbeat may overtake the message it announces
  const FINAL = ["bad_link", "removed"]; // the link is dead: reconnecting cannot help

  function newId() {
    if (window.crypto && crypto.randomUUID) return crypto.randomUUID();
    return Date.now().toString(36) + Math.random().toString(36).slice(2);
  }

  function connect(path, handlers) {
    const queueKey = "partylive:queue:" + path;
    const versions = {};
    let socket = null;
    let attempt = 0;
    let timer = null;
    let closed = false;
    let offline = false; // the browser said the network went; "online" brings it back
    let queue = JSON.parse(sessionStorage.getItem(queueKey) || "[]");
    let behind = null; // a heartbeat's check waiting for its grace period

    const setState = (state) => handlers.onState && handlers.onState(state, queue.length);
    const saveQueue = () => sessionStorage.setItem(queueKey, JSON.stringify(queue));

    function url() {
      const scheme = location.protocol === "https:" ? "wss://" : "ws://";
      return scheme + location.host + path;
    }

    function open() {
      clearTimeout(timer);
      if (closed || offline || (socket && socket.readyState <= 1)) return;
      setState("connecting");
      const ws = new WebSocket(url());
      socket = ws;
      ws.onopen = () => {
        setState("open");
        flush();
      };
      ws.onmessage = (event) => receive(JSON.parse(event.data));
      ws.onclose = () => {
        socket = null;
        if (closed) return;
        setState("offline");
        timer = setTimeout(open, BACKOFF_MS[Math.min(attempt++, BACKOFF_MS.length - 1)]);
      };
    }

    /* Lets go of the socket: its handlers go with it, so a late close cannot touch the next. */
    function drop() {
      clearTimeout(timer);
      if (!socket) return;
      socket.onopen = socket.onmessage = socket.onclose = null;
      socket.close();
      socket = null;
    }

    function receive(msg) {
      if (msg.type === "heartbeat") {
        heard(msg.versions || {});
        return;
      }
      if (msg.type === "snapshot") {
        Object.keys(versions).forEach((scope) => delete versions[scope]);
        Object.assign(versions, msg.versions || {});
      } else if (msg.scope && typeof msg.v === "number") {
        const known = versions[msg.scope];
        if (known !== undefined && msg.v > known + 1) {
          raw({ type: "resync" }); // a gap: the snapshot that answers puts everything right
          return;
        }
        if (known !== undefined && msg.v <= known) return; // already applied
        versions[msg.scope] = msg.v;
      }
      // In for real (a snapshot, or the status page's status): a socket closed at once (4503:
      // Redis is down) keeps backing off instead of retrying every 0.1 s.
      if (msg.type === "snapshot" || msg.type === "status") attempt = 0;
      if (msg.type === "result" || msg.type === "error") dequeue(msg.client_id);
      if (msg.type === "error" && FINAL.includes(msg.code)) closed = true; // closes for good
      handlers.onMessage(msg);
    }

    /* The server's current versions: any scope we track that stays behind them past the
     * grace period means a lost message, so ask for a snapshot. */
    function heard(current) {
      clearTimeout(behind);
      behind = setTimeout(() => {
        const late = Object.keys(current).some(
          (scope) => versions[scope] !== undefined && versions[scope] < current[scope],
        );
        if (late) raw({ type: "resync" });
      }, BEHIND_GRACE_MS);
    }

    function raw(msg) {
      if (socket && socket.readyState === 1) socket.send(JSON.stringify(msg));
    }

    function flush() {
      queue.forEach(raw);
    }

    function dequeue(clientId) {
      if (!clientId) return;
      queue = queue.filter((m) => m.client_id !== clientId);
      saveQueue();
    }

    /* Sends an action now, or queues it until the socket is back. Returns its client id. */
    function send(action) {
      const msg = Object.assign({ client_id: newId() }, action);
      queue.push(msg);
      saveQueue();
      if (socket && socket.readyState === 1) raw(msg);
      else setState("offline");
      return msg.client_id;
    }

    function reopen() {
      attempt = 0;
      open();
    }

    // The page's listeners live as long as this connection: close() removes them.
    const listening = new AbortController();
    const signal = listening.signal;
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "visible") reopen();
    }, { signal });
    window.addEventListener("online", () => {
      offline = false;
      drop(); // the socket from before the network went may be half dead
      reopen();
    }, { signal });
    window.addEventListener("offline", () => {
      offline = true;
      drop();
      setState("offline"); // actions queue until "online"
    }, { signal });
    open();

    return {
      send,
      resync: () => raw({ type: "resync" }),
      pending: () => queue.length,
      close() {
        closed = true;
        listening.abort();
        drop();
      },
    };
  }

  /* Keeps the screen on while the page is visible (the Wake Lock is dropped when hidden). */
  function keepAwake() {
    if (!("wakeLock" in navigator)) return;
    const request = () => navigator.wakeLock.request("screen").catch(() => {});
    request();
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "visible") request();
    });
  }

  window.PartyLive = { connect, keepAwake, newId };
})();
