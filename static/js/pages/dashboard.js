/* The host's live dashboard (the big screen is stage.js).
 * Starts from the snapshot the page carries, then applies what each message carries: a
 * `snapshot` (connect, resync, a round starting or ending) replaces the state; a `table`
 * replaces that table, and the standings rows and leaders it brings; a `night` message
 * brings the bell (with the round) or the fuzzy die (with the leaders). Nothing is
 * re-derived or named here: the bell's sentence and the prizes' names come from the server. Names only ever go in through textContent. */
(function () {
  "use strict";
  const { $, el } = PartyDom;
  const root = $("live");
  let state = JSON.parse($("snapshot").textContent);
  let bellArmedAt = 0; // the host's first tap on "Ring the bell": a second one rings it

  const say = PartyWords.render;
  const fill = (text, args) => interpolate(text, args, true);
  // A prize kind's name at this night (the snapshot's `prize_names`: the night's prize table).
  const leaderName = (kind) => say((state.prize_names || {})[kind] || kind);

  function names() {
    const map = {};
    state.players.forEach((p) => (map[p.id] = p.name));
    return map;
  }

  function notice(text, bad) {
    const box = $("notice");
    box.textContent = PartyWords.render(text);
    box.className = bad ? "notice bad" : "notice";
    box.hidden = !text;
  }

  function send(action) {
    notice("");
    live.send(action);
  }

  /* --- the round: number up, set, bell, next step ------------------------------------- */

  function renderRound() {
    const round = state.round;
    const night = state.night;
    const box = $("round");
    box.replaceChildren();
    if (!round) {
      box.append(el("h2", {}, night.state === "seating" ? gettext("Seats drawn: ready to play") : gettext("Not started")));
    } else {
      box.append(
        el("h2", {}, fill(gettext("Round %(number)s of %(total)s"), { number: round.number, total: night.rounds_in_night })),
        el("p", { class: "round-meta" }, fill(gettext("Set %(set)s, round %(round)s"), { set: round.set, round: round.round }), " · ",
          el("span", { class: "up" }, gettext("Number up:"), " ", el("strong", { id: "number-up" }, round.up))),
      );
    }
    box.append(...[renderBell(round), renderNext(round, night)].filter(Boolean));
    // After the last round: award the prizes; after an earlier one the night may end early.
    const done = round && round.state === "done" && night.state !== "finished";
    $("finish-form").hidden = !(done && round.last);
  }

  function renderBell(round) {
    if (!round) return null;
    if (round.bell) {
      return el("p", { class: "bell rung", id: "bell", role: "status" },
        "🔔 ", say(round.bell.sentence), " ", roundOver(round));
    }
    if (round.state !== "playing") return null;
    const armed = PartyConfirm.step(bellArmedAt) !== "arm";
    return el("button", {
      class: armed ? "bell-button armed" : "bell-button", id: "bell", type: "button",
      onclick: () => {
        const now = PartyConfirm.step(bellArmedAt);
        if (now === "act") {
          bellArmedAt = 0;
          send({ type: "bell", round: round.number });
        } else if (now === "arm") {
          bellArmedAt = Date.now();
          setTimeout(render, PartyConfirm.LONGEST + 50);
        }
        render();
      },
    }, armed ? gettext("🔔 Tap again to ring the bell for every table") : gettext("🔔 Ring the bell"));
  }

  function roundOver(round) {
    return round.state === "done" ? gettext("Round over.") : gettext("Tables finish their turns.");
  }

  function renderNext(round, night) {
    if (night.state === "finished") {
      return el("div", { class: "finished" },
        el("p", {}, gettext("The night is over: the prizes are awarded."), " ",
          el("a", { href: root.dataset.results }, gettext("See the results"))),
        el("ul", { class: "awards", id: "awards" }, (state.awards || []).map((award) =>
          el("li", {}, el("strong", {}, fill(gettext("%(prize)s: %(name)s $%(amount)s"),
            { prize: say(award.name), name: award.player_name, amount: award.amount })),
          " ", el("span", { class: "why" }, award.why)))));
    }
    const ready = !round ? night.state === "seating" : round.state === "done";
    if (!ready) return null;
    const box = el("div", { class: "next" });
    if (round && night.state === "break") box.append(el("p", { class: "break" }, gettext("☕ Break time.")));
    if (round && round.last) {
      box.append(el("p", {}, gettext("Every round is played.")));
    } else {
      const number = round ? round.number + 1 : 1;
      const label = night.state === "break" ? gettext("Resume after the break")
        : fill(gettext("Start round %(number)s"), { number });
      box.append(el("button", {
        class: "big", type: "button", id: "start-round",
        onclick: () => send({ type: "start_round", round: number }),
      }, label));
      // Real parties run late: after any finished round the night may end (asks first).
      if (round) {
        box.append(el("p", { id: "end-early" }, el("a", { class: "button secondary", href: root.dataset.finish },
          gettext("End the night early: award the prizes"))));
      }
    }
    const seating = renderSeating(); // none after the last round: no round comes next
    if (seating) box.append(seating);
    return box.childNodes.length ? box : null;
  }

  function renderSeating() {
    if (!state.seating.length) return null;
    const moves = state.moves || {};
    return el("div", { class: "next-seating", id: "next-seating" },
      el("h3", {}, gettext("Next seating")),
      el("div", { class: "seating" }, state.seating.map((table) =>
        el("div", { class: "seat-table" },
          el("h4", {}, tableName(table)),
          el("ol", {}, table.seats.map((seat) =>
            el("li", {}, seat.name, moves[seat.id] ? el("span", { class: "move" }, moves[seat.id]) : null)))))));
  }

  /* --- the tables ---------------------------------------------------------------------- */

  function renderTables() {
    const box = $("tables");
    box.replaceChildren(...state.tables.map(renderTable));
  }

  // One id per correction form and page load: a double-clicked or resent form is applied
  // once (the page reloads after each correction, with new ids).
  const undoIds = {};
  document.querySelectorAll(".corrections input[name=client_id]").forEach((input) => {
    input.value = PartyLive.newId();
  });
  const LOG_LINES = 8;
  const PHASES = {
    playing: gettext("Playing"), finishing: gettext("Finishing the turn"), rolloff: gettext("Roll-off!"), done: gettext("Done"),
  };
  const tableName = (table) => fill(gettext("%(table)s table"), { table: say(table.name) });

  function renderTable(table) {
    const fuzzy = state.night.fuzzy_holder;
    const team = (name, index, seats) => {
      const won = table.winner === name;
      return el("div", { class: `team${won ? " won" : ""}`, "data-team": name },
        el("span", { class: "team-name" }, fill(gettext("Team %(team)s"), { team: name })),
        el("span", { class: "points", "data-points": name }, table.points[index]),
        el("ul", {}, seats.map((pos) => {
          const seat = table.seats[pos];
          const buncos = table.buncos[seat.id];
          return el("li", { class: table.turn === pos && table.phase !== "done" ? "turn" : null },
            table.turn === pos && table.phase !== "done" ? "🎲 " : null,
            seat.name,
            seat.ghost ? el("span", { class: "tag" }, gettext("ghost")) : null,
            buncos ? el("span", { class: "tag bunco" }, fill(gettext("Bunco ×%(n)s"), { n: buncos })) : null,
            seat.id === fuzzy ? el("span", { class: "tag fuzzy", title: gettext("Holds the fuzzy die") }, gettext("fuzzy die")) : null);
        })),
        won ? el("span", { class: "winner" }, gettext("Wins the round")) : null);
    };
    const turn = table.turn !== null && table.phase !== "done" ? table.seats[table.turn].name : null;
    return el("article", { class: `table-card phase-${table.phase}`, "data-table": table.number },
      el("header", {},
        el("h3", {}, tableName(table), el("span", { class: "muted" }, ` #${table.number}`)),
        el("span", { class: "phase" }, PHASES[table.phase] || table.phase,
          table.rolloffs ? " " + fill(gettext("(roll-offs: %(n)s)"), { n: table.rolloffs }) : "")),
      el("div", { class: "teams" }, team("A", 0, [0, 2]), team("B", 1, [1, 3])),
      turn ? el("p", { class: "whose-turn" }, gettext("Dice:"), " ", el("strong", {}, turn)) : null,
      renderLog(table),
      renderFixes(table));
  }

  /* The table's roll log this round (the server's lines: who, dice or entry, points, when). */
  const ENTRIES = {
    0: gettext("entered 0"), 1: gettext("entered 1"), 2: gettext("entered 2"), mini: gettext("entered mini"),
    bunco: gettext("entered Bunco"), wipeout: gettext("entered wipeout"),
  };
  function logOf(table) {
    return (state.logs && state.logs[String(table.number)]) || [];
  }
  function renderLog(table) {
    const lines = logOf(table);
    if (!lines.length) return null;
    return el("ol", { class: "roll-log", "aria-label": fill(gettext("Roll log, %(table)s table"), { table: say(table.name) }) },
      lines.slice().reverse().map((line) => el("li", { "data-roll": line.id },
        el("span", { class: "at" }, line.at), " ",
        el("strong", {}, line.who), " ",
        line.entry != null ? ENTRIES[line.entry] || line.entry : fill(gettext("dice %(dice)s"), { dice: line.dice.join("-") }),
        " · ", fill(ngettext("%(n)s point", "%(n)s points", line.points), { n: line.points }),
        line.by !== line.who ? el("span", { class: "by" }, " ", line.by === "app" ? gettext("(virtual dice)")
          : fill(gettext("(by %(name)s)"), { name: line.by })) : null)));
  }

  // What "undo" takes back: the last roll a person entered (and the ghosts' rolls after it).
  function undoLabel(table) {
    const lines = logOf(table);
    for (let i = lines.length - 1; i >= 0; i -= 1) {
      if (lines[i].by !== "app") return fill(gettext("Undo %(roll)s"), { roll: say(lines[i].name) });
    }
    return gettext("Undo the last roll");
  }

  function renderFixes(table) {
    if (!state.round || state.round.state === "done") return null;
    const undo = $("undo-template").content.firstElementChild.cloneNode(true);
    undo.querySelector("[name=table]").value = table.number;
    undo.querySelector("[name=client_id]").value = undoIds[table.number] ||= PartyLive.newId();
    undo.querySelector("button").textContent = undoLabel(table);
    return el("div", { class: "fixes" }, undo,
      el("button", { type: "button", class: "secondary small", onclick: () => pickTable(table.number, "fix-points") }, gettext("Fix points")),
      el("button", { type: "button", class: "secondary small", onclick: () => pickTable(table.number, "fix-bunco") }, gettext("Move a Bunco")));
  }

  function pickTable(number, formId) {
    const form = $(formId);
    form.querySelector("[name=table]").value = number;
    form.closest("details").open = true;
    form.scrollIntoView({ behavior: "smooth", block: "center" });
    form.querySelector("input:not([type=hidden]), select").focus();
  }

  /* --- standings and prize leaders ------------------------------------------------------ */

  function renderStandings() {
    const leaders = state.leaders || {};
    const prizesOf = {};
    Object.entries(leaders).forEach(([kind, keys]) =>
      keys.forEach((key) => (prizesOf[key] = (prizesOf[key] || []).concat(leaderName(kind)))));
    const rows = state.standings.filter((row) => !row.ghost).map((row) =>
      el("tr", { "data-player": row.id, onclick: (event) => event.currentTarget.classList.toggle("open") },
        el("td", {}, row.name), el("td", {}, row.wins), el("td", {}, row.losses), el("td", {}, row.buncos),
        el("td", { class: "leads" }, (prizesOf[row.id] || []).join(", "))));
    $("standings").replaceChildren(
      el("table", { class: "grid" },
        el("thead", {}, el("tr", {}, [gettext("Player"), pgettext("wins", "W"), pgettext("losses", "L"), gettext("Buncos"), gettext("On track for")].map((h) => el("th", {}, h)))),
        el("tbody", {}, rows)));
    renderFacts();
  }

  function renderFacts() {
    const fuzzy = state.night.fuzzy_holder;
    $("fuzzy").textContent = fuzzy ? fill(gettext("The fuzzy die: %(name)s"), { name: names()[fuzzy] || fuzzy }) : "";
    $("pot").textContent = fill(gettext("Pot: $%(pot)s"), { pot: state.night.pot });
  }

  function render() {
    renderRound();
    renderTables();
    renderStandings();
  }

  /* --- live messages -------------------------------------------------------------------- */

  /* Each table's roll log keeps its last LOG_LINES lines. */
  function addLogLines(byTable) {
    state.logs ||= {};
    Object.entries(byTable).forEach(([number, added]) => {
      const lines = (state.logs[String(number)] ||= []);
      lines.push(...added);
      lines.splice(0, Math.max(0, lines.length - LOG_LINES));
    });
  }

  function applyTable(msg) {
    if (!PartyWatch.applyTable(state, msg)) {
      live.resync(); // a round we have not seen yet: the snapshot brings it
      return;
    }
    const table = msg.table;
    if (msg.notice) { // a correction, maybe from a phone at the table: say it
      notice(say(msg.notice));
      const lines = state.logs && state.logs[String(table.number)];
      if (lines && msg.undone) state.logs[String(table.number)] = lines.filter((l) => !msg.undone.includes(l.id));
    }
    if (msg.logged) addLogLines({ [table.number]: [msg.logged] });
    renderTables();
    if (msg.standings || msg.leaders) renderStandings();
  }

  function applyNight(msg) {
    PartyWatch.applyNight(state, msg);
    render();
  }

  function onMessage(msg) {
    if (msg.type === "snapshot") {
      // The roll logs come with the page and grow with each roll's `logged` line; socket
      // snapshots leave them out (a 12-table night's snapshot must stay small).
      const sameRound = state.round && msg.round && state.round.number === msg.round.number;
      const logs = sameRound ? state.logs : {};
      state = msg;
      state.logs = logs;
      addLogLines(msg.logged || {}); // the rolls it brings that no event carried
      render();
      if (window.PartyWaiting) PartyWaiting.update(msg.waiting);
    } else if (msg.type === "table") {
      applyTable(msg);
    } else if (msg.type === "night") {
      applyNight(msg);
    } else if (msg.type === "error") {
      notice(say(msg.message), true);
    }
  }

  function onState(socketState, queued) {
    const box = $("live-status");
    box.dataset.state = socketState === "open" ? "live" : socketState;
    const words = socketState === "open" ? gettext("Live")
      : socketState === "offline" ? gettext("Live updates: offline") : gettext("Live updates: connecting…");
    box.textContent = queued && socketState !== "open"
      ? words + " " + fill(ngettext("(%(n)s waiting to send)", "(%(n)s waiting to send)", queued), { n: queued }) : words;
  }

  render();
  const live = PartyLive.connect(root.dataset.socket, { onMessage, onState });
  PartyLive.keepAwake();
})();
