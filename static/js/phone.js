/* The player's phone: live table, scores, turn, bell and the roll pad (docs/protocol.md).
 * Everything is drawn with textContent from the server's snapshot and table events. */
(function () {
  "use strict";
  const $ = (id) => document.getElementById(id);
  const app = $("app");
  const path = app.dataset.ws;
  const ENTRY_WORDS = { 0: "0", 1: "1 match", 2: "2 matches", mini: "mini Bunco", bunco: "Bunco", wipeout: "wipeout" };
  let snap = null; // the last snapshot
  let table = null; // the latest view of my table
  let pending = null; // {id, v, round, until}: a roll sent, its table event not yet in
  let conn = null;
  let audio = null;

  function say(id, text) {
    $(id).textContent = text == null ? "" : String(text);
  }
  function show(id, on) {
    $(id).hidden = !on;
  }
  function nameAt(seat) {
    return table && table.seats[seat] ? table.seats[seat].name : "";
  }
  function nameOf(key) {
    const s = table && table.seats.find((x) => x.id === key);
    return s ? s.name : "";
  }

  /* ---- drawing ---- */
  function render() {
    if (!snap) return;
    const me = snap.me, round = snap.round, seat = snap.seat;
    say("me-name", me.name);
    say("night-name", snap.night.name);
    say("wins", me.wins);
    say("losses", me.losses);
    // the snapshot's tally counted my table's Buncos then; add the ones rolled since
    const since = (t) => (t && t.buncos[me.id]) || 0;
    const base = snap.table && table && snap.table.round === table.round ? since(snap.table) : since(table);
    say("buncos", me.buncos - base + since(table));
    show("fuzzy", snap.night.fuzzy_holder === me.id);
    say("up", round ? round.up : "–");
    say("set-round", round ? "Set " + round.set + " · Round " + round.round : "Play has not started");
    const playing = table && round && round.state !== "done" && table.phase !== "done";
    if (table && seat != null) {
      say("table-name", table.name + " table");
      say("seat", "Seat " + (seat + 1));
      say("people", "Partner: " + nameAt((seat + 2) % 4) + " · Opponents: " + nameAt((seat + 1) % 4) + " and " + nameAt((seat + 3) % 4));
      const t = seat % 2;
      say("us-label", "Us · " + me.name + " & " + nameAt((seat + 2) % 4));
      say("them-label", "Them · " + nameAt((seat + 1) % 4) + " & " + nameAt((seat + 3) % 4));
      say("score-us", table.points[t]);
      say("score-them", table.points[1 - t]);
      renderTurn(t);
    } else if (snap.next) {
      say("table-name", "Go to the " + snap.next.name + " table");
      say("seat", "Seat " + (snap.next.seat + 1));
      say("people", snap.next.partner ? "Partner: " + snap.next.partner : "");
      say("turn", "");
    } else {
      say("table-name", snap.night.state === "finished" ? "The night is over" : "Waiting for the seats…");
      say("seat", "");
      say("people", "");
      say("turn", "");
    }
    const moving = round && round.state === "done" && snap.move;
    say("move", moving ? snap.move : "");
    show("move", !!moving);
    renderPad(playing);
  }

  function renderTurn(team) {
    const teamName = (w) => (w === (team ? "B" : "A") ? "Your team won this round!" : "Your team lost this round.");
    if (table.phase === "done") {
      say("turn", table.winner ? teamName(table.winner) : "Your table has finished.");
      return;
    }
    const who = table.turn != null ? table.seats[table.turn] : null;
    let text = "";
    if (who) {
      if (table.turn === snap.seat) text = "Your turn: roll!";
      else if (who.ghost) text = who.name + " is rolling (the app rolls for the ghost)";
      else text = who.name + " is rolling";
    }
    if (table.phase === "rolloff") text = "Tie! Roll-off " + table.rolloffs + ". " + text;
    if (table.phase === "finishing") text = "Bell rang: finish the turn. " + text;
    say("turn", text);
  }

  function renderPad(playing) {
    const who = table && table.turn != null ? table.seats[table.turn] : null;
    const locked = !!pending && table && table.version < (pending.until || pending.v + 1);
    const open = !!playing && who && !who.ghost;
    document.querySelectorAll("#pad button").forEach((b) => (b.disabled = !open || locked));
    document.querySelector('[data-entry="wipeout"]').hidden = !(snap.night.rules && snap.night.rules.wipeout);
    app.classList.toggle("can-roll", !!open);
    say("pad-hint", open ? (table.turn === snap.seat ? "Enter your roll" : "Enter " + who.name + "'s roll") : "Waiting…");
  }

  function describe(roll) {
    const who = nameOf(roll.player) || "The roller";
    if (roll.kind === "bunco") return who + " rolled a BUNCO! +" + roll.points;
    if (roll.kind === "mini_bunco") return who + " rolled a mini Bunco" + (roll.points ? " +" + roll.points : "");
    if (roll.kind === "wipeout") return who + " rolled a wipeout: " + roll.wiped + " points lost";
    if (roll.kind === "points") return who + " scored " + roll.points;
    return who + " scored nothing" + (roll.turn_passes ? "; the dice pass on" : "");
  }

  /* ---- the bell ---- */
  function beep() {
    try {
      audio = audio || new (window.AudioContext || window.webkitAudioContext)();
      [0, 0.35, 0.7].forEach((at) => {
        const osc = audio.createOscillator(), gain = audio.createGain();
        osc.frequency.value = 880;
        gain.gain.value = 0.3;
        osc.connect(gain).connect(audio.destination);
        osc.start(audio.currentTime + at);
        osc.stop(audio.currentTime + at + 0.25);
      });
    } catch (e) { /* no audio: the banner and vibration still show */ }
  }

  function ring(bell) {
    beep();
    if (navigator.vibrate) navigator.vibrate([300, 150, 300, 150, 300]);
    const myTable = table ? table.number : null;
    let text;
    if (myTable === 1 || myTable == null || (bell && bell.table === myTable)) text = "The round is over: stop rolling.";
    else text = "Finish your turn: keep rolling until a roll scores nothing, then stop.";
    if (bell && bell.reason === "host") text = "The host rang the bell. " + text;
    say("bell-text", text);
    show("bell", true);
  }

  /* ---- talking to the server ---- */
  function onMessage(msg) {
    if (msg.type === "snapshot") {
      snap = msg;
      table = msg.table;
    } else if (msg.type === "table") {
      if (table && msg.table.number === table.number && msg.table.round === table.round) {
        table = msg.table;
        if (msg.roll) say("news", describe(msg.roll));
        if (msg.roll && msg.roll.kind === "bunco" && msg.roll.credited) snap.night.fuzzy_holder = msg.roll.credited;
      }
    } else if (msg.type === "night") {
      if (msg.what === "bell") ring(msg.bell);
      if (msg.what === "round_started") show("bell", false); // a new round: back to the dice
    } else if (msg.type === "result" || msg.type === "error") {
      if (pending && pending.id === msg.client_id) {
        // keep the pad locked until this roll's table event is in, so the next tap
        // carries the version that follows it
        if (msg.table_version && table && table.version < msg.table_version) pending.until = msg.table_version;
        else pending = null;
      }
      if (msg.type === "error") {
        say("error", msg.message);
        show("error", true);
        if (msg.code === "bad_link") conn.close();
      }
      showConn();
    }
    if (pending && table && (table.round !== pending.round || table.version >= (pending.until || pending.v + 1))) pending = null;
    render();
  }

  let connState = "connecting";
  function showConn(state) {
    if (state) connState = state;
    const n = conn ? conn.pending() : 0;
    const el = $("conn");
    el.dataset.state = connState;
    const waiting = n ? " · " + n + (n === 1 ? " roll" : " rolls") + " waiting to send" : "";
    if (connState === "open") el.textContent = "Live" + waiting;
    else if (connState === "offline") el.textContent = "Offline: reconnecting…" + waiting;
    else el.textContent = "Connecting…" + waiting;
  }

  function start() {
    conn = PartyLive.connect(path, { onMessage, onState: (state) => showConn(state) });
    showConn();
  }

  function send(entry) {
    if (!table) return;
    show("error", false);
    const v = table.version;
    pending = { v, round: table.round, id: conn.send({ type: "roll", entry, v }) };
    say("news", "Sent: " + ENTRY_WORDS[entry]);
    showConn();
    render();
  }

  document.querySelectorAll("#pad button").forEach((b) =>
    b.addEventListener("click", () => {
      if (b.dataset.entry === "bunco") show("confirm", true);
      else send(b.dataset.entry);
    }),
  );
  $("confirm-yes").addEventListener("click", () => {
    show("confirm", false);
    send("bunco");
  });
  $("confirm-no").addEventListener("click", () => show("confirm", false));
  $("bell-ok").addEventListener("click", () => show("bell", false));
  // unlock audio on the first touch, so the bell can sound later
  document.addEventListener("pointerdown", () => { if (!audio) try { audio = new AudioContext(); } catch (e) {} }, { once: true });
  // the network went away: stop using the socket so taps queue, and come back when it returns
  window.addEventListener("offline", () => {
    if (conn) conn.close();
    showConn("offline");
  });
  window.addEventListener("online", () => {
    if (conn) conn.close();
    start();
  });

  start();
  PartyLive.keepAwake();
})();
