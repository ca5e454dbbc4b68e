// The home page's "live updates" line: the status socket (its data-socket) answers when
// websockets work.
(function () {
  "use strict";
  const statusEl = document.getElementById("live-status");
  PartyLive.connect(statusEl.dataset.socket, {
    onMessage(msg) {
      if (msg.type === "status") { statusEl.dataset.state = "live"; statusEl.textContent = gettext("Live updates: on"); }
    },
    onState(state) {
      if (state === "open") return;
      statusEl.dataset.state = state;
      statusEl.textContent = state === "offline" ? gettext("Live updates: offline") : gettext("Live updates: connecting…");
    },
  });
})();
