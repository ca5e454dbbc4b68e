/* PartyWatch: what the night's watchers (the host's dashboard, the big screen) do with an
 * event: change the state their snapshot gave as the event says, re-deriving nothing. */
(function () {
  "use strict";

  /* A `table` event: that table, and the standings rows and leaders it brings. False when
   * it is a round this state has not seen: the caller asks for a snapshot. */
  function applyTable(state, msg) {
    const index = state.tables.findIndex((t) => t.number === msg.table.number);
    if (!state.round || msg.table.round !== state.round.number || index < 0) return false;
    state.tables[index] = msg.table;
    if (msg.standings) { // the rows that moved, as the server counts them
      const rows = new Map(state.standings.map((row) => [row.id, row]));
      msg.standings.forEach((row) => rows.set(row.id, row));
      state.standings = [...rows.values()].sort((a, b) => b.wins - a.wins || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    }
    if (msg.leaders) state.leaders = msg.leaders;
    return true;
  }

  /* A `night` event: the bell (with the round after it) or the fuzzy die moving. */
  function applyNight(state, msg) {
    if (msg.what === "bell" && msg.round) state.round = msg.round;
    if (msg.what === "fuzzy") {
      state.night.fuzzy_holder = msg.fuzzy_holder;
      if (msg.leaders) state.leaders = msg.leaders;
    }
  }

  window.PartyWatch = { applyTable, applyNight };
})();
