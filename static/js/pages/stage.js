/* The big screen: a fixed 1920x1080 stage, scaled to fit the TV (letterboxed, never
 * scrolling), showing one state of the night at a time: the lobby, a round being played,
 * the bell, between rounds, the break, the prizes to come, the finale. It draws what the
 * server sends: the snapshot the page carries, each `snapshot` (which replaces it), each
 * `table` and `night` (applied by lib/watch.js, as on the dashboard). The chart comes
 * drawn from the server (SVG). Names go in as text only. Every word is in the night's
 * language: the page loads that catalog (partynight/web/live.py: screen). */
(function () {
  "use strict";
  const { $, el } = PartyDom;
  const say = (text, args) => interpolate(text, args, true); // gettext'd text, named args
  const words = PartyWords.render; // the server's Words (or a name as it was typed)
  const root = $("live");
  const stage = $("stage");
  let state = JSON.parse($("snapshot").textContent);

  const WIDTH = 1920;
  const HEIGHT = 1080;
  const REVEAL_SECONDS = 5; // each prize alone on the stage, at the end of the night
  const SCENE_SECONDS = 20; // then the podium and the prizes take turns
  const PHASES = { playing: gettext("Playing"), finishing: gettext("Last turn"),
    rolloff: gettext("Roll-off!"), done: pgettext("table phase", "Done") };
  const TRACK = "◆"; // on track for a prize (★ is the Head-table starter, as on paper)
  const STAR = "★";
  const DICE = "⚄"; // symbols every TV's fonts have (not emoji)
  const FUZZY = "✿";

  /* --- the stage's size: 1920x1080 design pixels, scaled to the window ------------------ */

  function fit() {
    const scale = Math.min(window.innerWidth / WIDTH, window.innerHeight / HEIGHT);
    stage.style.setProperty("--scale", scale);
    stage.style.left = `${(window.innerWidth - WIDTH * scale) / 2}px`;
    stage.style.top = `${(window.innerHeight - HEIGHT * scale) / 2}px`;
  }

  // The headline, whole: at most two lines, its font stepped down from 44 px until it fits.
  function fitHeadline() {
    const box = $("headline");
    for (let size = 44; size >= 30; size -= 2) {
      stage.style.setProperty("--headline", `${size}px`);
      if (box.scrollHeight <= 2 * 1.15 * size + 2) return;
    }
  }

  /* --- which state the night is in ------------------------------------------------------ */

  function sceneOf() {
    const night = state.night;
    const round = state.round;
    if (night.state === "finished") return "finale";
    if (!round || ["planning", "seating"].includes(night.state)) return "lobby";
    if (round.state !== "done") return round.bell ? "bell" : "playing";
    if (night.state === "break") return "break";
    return round.last ? "prizes-next" : "between";
  }

  function sizeOf(count) { // a layout per table count, not one layout shrunk
    return count <= 3 ? "s" : count <= 6 ? "m" : "l";
  }

  function people() {
    return state.standings.filter((row) => !row.ghost);
  }

  function namesById() {
    const map = {};
    state.players.forEach((p) => (map[p.id] = p.name));
    return map;
  }

  // A sentence wraps between words only: a hyphenated name stays on one line.
  const unbroken = (text) => text.replace(/(\w)-(?=\w)/g, "$1\u2011");
  const name = (text, tag = "span", cls = "") => el(tag, { class: `name ${cls}`.trim(), title: text }, text);

  /* --- the headline: what the room does now ---------------------------------------------- */

  function headline(scene) {
    const round = state.round;
    const total = state.night.rounds_in_night;
    const tables = state.seating.length;
    if (scene === "lobby") {
      return state.night.state === "seating"
        ? say(ngettext("Seats are drawn for %(n)s table: the game starts soon",
          "Seats are drawn for %(n)s tables: the game starts soon", tables), { n: tables })
        : gettext("Join the party on your phone");
    }
    if (scene === "finale") return gettext("The night is over: here are the prizes");
    if (scene === "prizes-next") return gettext("Every round is played: the prizes come next");
    if (scene === "break") {
      return say(gettext("Break time: round %(number)s of %(total)s comes next"), { number: round.number + 1, total });
    }
    if (scene === "between") return say(gettext("Round %(number)s is over: find your next seat"), { number: round.number });
    return say(gettext("Round %(number)s of %(total)s · Number up: %(up)s"), { number: round.number, total, up: round.up });
  }

  // "Ann", "Ann and Bob", "Ann, Bob and Kim", as live/words.py joined() says it
  const joined = (items) => items.length < 2 ? items.join("")
    : items.length === 2 ? say(gettext("%(first)s and %(last)s"), { first: items[0], last: items[1] })
      : say(gettext("%(first)s, %(rest)s"), { first: items[0], rest: joined(items.slice(1)) });

  const tableName = (table) => say(gettext("%(table)s table"), { table: words(table.name) });

  function bellBanner(round) {
    if (!round || !round.bell) return null;
    return el("p", { class: "bell", id: "bell", role: "status" },
      words(round.bell.sentence), " ", gettext("Tables finish their turns."));
  }

  /* --- the lobby: join, and the names of everyone who has ------------------------------- */

  function renderLobby() {
    const joined = state.players.filter((p) => p.active && !p.ghost && p.joined);
    const starters = new Set(state.night.state === "seating" && state.seating[0]
      ? state.seating[0].seats.map((s) => s.id) : []);
    $("joined-count").textContent = say(ngettext("%(n)s player has joined", "%(n)s players have joined", joined.length),
      { n: joined.length });
    const list = $("joined");
    list.dataset.cols = joined.length > 36 ? 4 : joined.length > 16 ? 3 : 2;
    list.replaceChildren(...joined.map((p) => el("li", { "data-player": p.id },
      starters.has(p.id) ? el("span", { class: "mark star" }, STAR) : null, name(p.name))));
    $("lobby-legend").hidden = !starters.size;
  }

  /* --- a round: each table's card ------------------------------------------------------- */

  function tableCard(table) {
    const fuzzy = state.night.fuzzy_holder;
    const team = (letter, index, seats) => {
      const won = table.winner === letter;
      return el("div", { class: `team${won ? " won" : ""}`, "data-team": letter },
        el("span", { class: "points", "data-points": letter }, table.points[index]),
        el("ul", {}, seats.map((pos) => {
          const seat = table.seats[pos];
          const turn = table.turn === pos && table.phase !== "done";
          return el("li", { class: turn ? "turn" : null },
            name(seat.name),
            turn ? el("span", { class: "mark" }, DICE) : null,
            table.buncos[seat.id] ? el("span", { class: "mark bunco" }, `✦${table.buncos[seat.id]}`) : null,
            seat.id === fuzzy ? el("span", { class: "mark" }, FUZZY) : null);
        })));
    };
    return el("article", { class: `card table-card phase-${table.phase}`, "data-table": table.number },
      el("header", {}, name(tableName(table), "h3"),
        el("span", { class: "phase" }, PHASES[table.phase] || table.phase)),
      el("div", { class: "teams" }, team("A", 0, [0, 2]), team("B", 1, [1, 3])));
  }

  function renderRound(scene) {
    const box = el("div", { class: "round-scene" });
    box.append(el("div", { class: "tables", id: "tables" }, state.tables.map(tableCard)));
    if (sizeOf(state.tables.length) !== "l") box.append(standings(gettext("Standings")));
    box.append(legend());
    return [bellBanner(scene === "bell" ? state.round : null), box];
  }

  function legend() {
    const part = (mark, text, cls) => el("span", { class: "key" }, el("span", { class: cls || null }, mark), " ", text);
    return el("p", { class: "legend", id: "legend" },
      part(DICE, gettext("has the dice")), part("✦", gettext("Buncos")),
      part(FUZZY, gettext("holds the fuzzy die")), part(TRACK, gettext("on track for a prize"), "track"),
      leadersLine());
  }

  function leadersLine() { // the big nights have no room for the standings while they play
    if (sizeOf(state.tables.length) !== "l") return null;
    const names = namesById();
    const most = (state.leaders || {}).most_wins || [];
    if (!most.length) return null;
    const top = people().find((row) => row.id === most[0]);
    const first = most.slice(0, 3).map((id) => names[id]);
    const who = most.length > 3
      ? say(ngettext("%(names)s and %(n)s more", "%(names)s and %(n)s more", most.length - 3),
        { names: first.join(", "), n: most.length - 3 })
      : joined(first);
    return el("span", { class: "key" },
      say(gettext("Most wins so far: %(names)s (%(wins)s)"), { names: who, wins: top ? top.wins : 0 }));
  }

  /* --- the standings ---------------------------------------------------------------------- */

  // Marked only where a prize has a few clear leaders: at 0-0 everyone "leads" every prize.
  function onTrack() {
    const ids = new Set();
    Object.values(state.leaders || {}).forEach((keys) => {
      if (keys.length <= 3) keys.forEach((key) => ids.add(key));
    });
    return ids;
  }

  function standings(title, marks = true) {
    const rows = people();
    const track = marks ? onTrack() : new Set();
    const cols = rows.length > 36 ? 4 : rows.length > 24 ? 3 : rows.length > 12 ? 2 : 1;
    return el("section", { class: "panel standings", id: "standings" },
      el("h2", {}, title),
      el("ol", { "data-cols": cols }, rows.map((row, i) =>
        el("li", { "data-player": row.id },
          el("span", { class: "rank" }, i + 1),
          name(row.name),
          el("span", { class: "wl" }, `${row.wins}–${row.losses}`),
          track.has(row.id) ? el("span", { class: "mark track" }, TRACK) : null))));
  }

  /* --- between rounds and the break: where everyone goes next, by table ------------------ */

  function renderNextSeats() {
    const grid = el("div", { class: "tables seating", id: "next-seating" }, state.seating.map((table) =>
      el("article", { class: "card seat-card", "data-table": table.number },
        el("h3", { class: "table-title" }, tableName(table)),
        el("ol", {}, table.seats.map((seat, i) =>
          el("li", {}, el("span", { class: "rank" }, i + 1), name(seat.name)))))));
    return [el("div", { class: "split" }, grid, chart())];
  }

  function chart() {
    if (!state.chart) return null;
    const title = state.night.state === "finished" ? gettext("The whole night") : gettext("The night so far");
    const svg = new DOMParser().parseFromString(state.chart, "image/svg+xml").documentElement;
    return el("section", { class: "panel chart-panel", id: "chart" }, el("h2", {}, title),
      document.importNode(svg, true));
  }

  /* --- the finale: each prize alone, then the podium and the prizes take turns ----------- */

  let finale = null; // {scene, timer}

  function prize(award, big) {
    return el("article", { class: `card prize${big ? " big" : ""}`, "data-prize": award.prize },
      el("h3", {}, name(words(award.name)), el("span", { class: "amount" }, say(gettext("$%(amount)s"), { amount: award.amount }))),
      name(award.player_name, "p", "winner"),
      el("p", { class: "why" }, unbroken(words(award.why))));
  }

  function podium() {
    const top = people().slice(0, 3);
    const order = [1, 0, 2].filter((i) => top[i]); // second, first, third, as on a podium
    return el("section", { class: "podium", id: "podium" }, order.map((i) =>
      el("div", { class: `step step-${i + 1}`, "data-place": i + 1 },
        name(top[i].name, "p"),
        el("p", { class: "wl" }, say(ngettext("%(n)s win", "%(n)s wins", top[i].wins), { n: top[i].wins })),
        el("span", { class: "place" }, i + 1))));
  }

  function renderFinale() {
    const awards = state.awards || [];
    if (!finale) finale = { scene: "podium", step: 0, timer: null, manual: false };
    const scene = finale.scene;
    stage.dataset.finale = scene;
    if (scene === "reveal") {
      const award = awards[finale.step];
      return [el("div", { class: "reveal", id: "reveal" },
        el("p", { class: "count" }, say(gettext("Prize %(number)s of %(total)s"), { number: finale.step + 1, total: awards.length })),
        prize(award, true))];
    }
    if (scene === "prizes") {
      return [el("div", { class: "split" },
        el("section", { class: "prizes", id: "prizes" }, awards.map((a) => prize(a, false))), chart())];
    }
    return [el("div", { class: "finale-podium" }, podium(), standings(gettext("Final standings"), false))];
  }

  // the next finale scene: each prize in turn, then the podium and the prizes take turns
  function nextScene(byHand) {
    if (byHand) finale.manual = true; // someone at the TV's keyboard runs the show now
    const awards = state.awards || [];
    if (finale.scene === "reveal" && finale.step + 1 < awards.length) finale.step += 1;
    else finale.scene = finale.scene === "podium" ? "prizes" : "podium";
    schedule();
    render();
  }

  function schedule() {
    clearTimeout(finale.timer);
    if (finale.manual) return;
    finale.timer = setTimeout(nextScene, 1000 * (finale.scene === "reveal" ? REVEAL_SECONDS : SCENE_SECONDS));
  }

  // A keyboard at the TV's laptop moves the finale on (→ or the space bar), by hand from then on.
  document.addEventListener("keydown", (event) => {
    if (finale && sceneOf() === "finale" && [" ", "ArrowRight"].includes(event.key)) nextScene(true);
  });

  /* --- drawing -------------------------------------------------------------------------- */

  function render() {
    const scene = sceneOf();
    const count = state.tables.length || state.seating.length;
    stage.dataset.scene = scene;
    stage.dataset.size = sizeOf(count);
    stage.dataset.people = people().length > 24 ? "many" : "few";
    $("headline").textContent = headline(scene);
    fitHeadline();
    $("lobby").hidden = scene !== "lobby";
    if (scene === "lobby") renderLobby();
    let parts = [];
    if (scene === "playing" || scene === "bell") parts = renderRound(scene);
    else if (scene === "between" || scene === "break") parts = renderNextSeats();
    else if (scene === "prizes-next") parts = [el("div", { class: "split" }, standings(gettext("Standings")), chart())];
    else if (scene === "finale") parts = renderFinale();
    if (scene !== "finale" && finale) {
      clearTimeout(finale.timer);
      finale = null;
    }
    $("scene").replaceChildren(...parts.filter(Boolean));
  }

  /* --- live messages -------------------------------------------------------------------- */

  function onMessage(msg) {
    if (msg.type === "snapshot") {
      const wasOver = state.night.state === "finished";
      state = msg;
      if (msg.what === "night_over" && !wasOver && (state.awards || []).length) {
        finale = { scene: "reveal", step: 0, timer: null, manual: false }; // one by one
        schedule();
      }
      render();
    } else if (msg.type === "table") {
      if (PartyWatch.applyTable(state, msg)) render();
      else live.resync(); // a round we have not seen yet: the snapshot brings it
    } else if (msg.type === "night") {
      PartyWatch.applyNight(state, msg);
      render();
    }
  }

  function onState(socketState) {
    const box = $("live-status");
    box.dataset.state = socketState === "open" ? "live" : socketState;
    box.textContent = socketState === "open" ? gettext("Live") : gettext("Reconnecting…");
  }

  fit();
  window.addEventListener("resize", fit);
  render();
  if (sceneOf() === "finale") schedule();
  const live = PartyLive.connect(root.dataset.socket, { onMessage, onState });
  PartyLive.keepAwake();
})();
