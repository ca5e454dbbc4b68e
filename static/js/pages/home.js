// The home page's "live updates" line: /ws/status/ answers when websockets work.
(function () {
  "use strict";
  const statusEl = document.getElementById("live-status");
  PartyLive.connect("/ws/status/", {
    onMessage(msg) {
      if (msg.type === "status") { statusEl.dataset.state = "live"; statusEl.textContent = "Live updates: on"; }
    },
    onState(state) { if (state !== "open") { statusEl.dataset.state = state; statusEl.textContent = "Live updates: " + state; } },
  });
})();
