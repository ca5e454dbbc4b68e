/* The player's phone (docs/protocol.md). The server says what to do now: every snapshot
 * carries `phone` (phase, headline, detail, bell banner, pad, ring) and every table event
 * carries each seat's new `phones` view, so this file only draws the latest state.
 * Everything is drawn with textContent, in the page's language: the server's Words through
 * PartyDom.say / PartyWords.render, this file's own sentences through Django's catalog. */
(function () {
  "use strict";
  const { $, say } = PartyDom;
  const words = PartyWords.render;
  const fill = (template, args) => interpolate(template, args, true);
  const app = $("app");
  const path = app.dataset.ws;
  // What the news line calls each pad entry while it is being sent
  const ENTRY_WORDS = {
    0: () => "0",
    1: () => fill(ngettext("%(n)s match", "%(n)s matches", 1), { n: 1 }),
    2: () => fill(ngettext("%(n)s match", "%(n)s matches", 2), { n: 2 }),
    mini: () => gettext("mini Bunco"),
    bunco: () => gettext("Bunco"),
    wipeout: () => gettext("wipeout"),
  };
  const PLAYING = ["rolling", "rolloff", "bell_finish", "table_done"];
  let snap = null; // the last snapshot, with `phone` and `table` kept current by table events
  let pending = null; // {id, v, round, until}: a roll sent, its table event not yet in
  let ringing = null; // the client id of a "start round" tap in flight
  let undoing = null; // the client id of an "undo the last roll" tap in flight
  let sending = null; // the client id of the roll the news line says is being sent
  let context = null; // "round:phase": what the news, notice and error lines belong to
  let conn = null;
  let audio = null;
  // The last state this phone knew, kept across reloads: shown greyed, pad shut, until the
  // server's snapshot arrives (a finished night's result needs no server to be true).
  const memoryKey = "partynight:phone:" + path;
  let stale = false;
  let gone = false; // the host took this player off the night: only that message shows

  function show(id, on) {
    $(id).hidden = !on;
  }
  function nameOf(key) {
    const s = snap.table && snap.table.seats.find((x) => x.id === key);
    return s ? s.name : "";
  }

  /* Lines that belong to one round and phase: a new one clears them. */
  function enterContext() {
    const key = (snap.round ? snap.round.number : 0) + ":" + snap.phone.phase;
    if (key === context) return;
    context = key;
    say("news", "");
    say("notice", "");
    show("notice", false);
    show("error", false);
  }

  /* ---- drawing ---- */
  function render() {
    if (!snap || gone) return;
    app.classList.toggle("stale", stale);
    const me = snap.me, round = snap.round, seat = snap.seat, table = snap.table, phone = snap.phone;
    app.dataset.phase = phone.phase;
    $("now").dataset.phase = phone.phase;
    say("me-name", me.name);
    say("night-name", snap.night.name);
    say("headline", phone.headline);
    say("detail", phone.detail);
    show("detail", !!phone.detail);
    say("bell", phone.bell);
    show("bell", !!phone.bell);
    const ring = $("ring");
    ring.hidden = !phone.ring;
    if (phone.ring) {
      ring.textContent = fill(gettext("🔔 Ring the bell: start round %(round)s"), { round: phone.ring });
      ring.disabled = !!ringing;
    }
    say("wins", me.wins);
    say("losses", me.losses);
    say("buncos", me.buncos);
    show("fuzzy", snap.night.fuzzy_holder === me.id);
    const atTable = PLAYING.includes(phone.phase) && table && seat != null && snap.team;
    show("where", atTable && phone.phase !== "table_done"); // never read as the next seat
    show("scores", atTable);
    show("roundbox", atTable);
    if (atTable) {
      say("table-name", fill(gettext("%(table)s table · seat %(seat)s"), { table: words(table.name), seat: seat + 1 }));
      const team = snap.team; // who sits with and against me, as the server says
      say("people", team.sentence);
      const pair = gettext("%(first)s & %(second)s");
      say("us-names", fill(pair, { first: me.name, second: team.partner }));
      say("them-names", fill(pair, { first: team.opponents[0], second: team.opponents[1] }));
      say("score-us", table.points[team.side]);
      say("score-them", table.points[1 - team.side]);
      say("up", round.up);
      say("set-round", fill(gettext("Set %(set)s · Round %(round)s"), { set: round.set, round: round.round }));
    }
    renderResults();
    renderPad(phone);
    renderUndo(atTable);
  }

  /* The table's last roll, while nothing has changed the table since (the server says
   * which roll and the table version it left). */
  function renderUndo(atTable) {
    const offer = snap.undo;
    const button = $("undo");
    button.hidden = !(atTable && offer && offer.v === snap.table.version);
    if (!button.hidden) {
      button.textContent = words(offer.label);
      button.disabled = !!undoing || stale;
    }
  }

  function renderResults() {
    const results = snap.results;
    show("results", !!results);
    if (!results) return;
    const me = snap.me;
    say("place", fill(gettext("You finished %(place)s of %(of)s · %(wins)s, %(losses)s, %(buncos)s"), {
      place: ordinal(results.place),
      of: results.of,
      wins: fill(ngettext("%(n)s win", "%(n)s wins", me.wins), { n: me.wins }),
      losses: fill(ngettext("%(n)s loss", "%(n)s losses", me.losses), { n: me.losses }),
      buncos: fill(ngettext("%(n)s Bunco", "%(n)s Buncos", me.buncos), { n: me.buncos }),
    }));
    $("prizes").replaceChildren(...results.prizes.map((prize) => {
      const li = document.createElement("li");
      if (prize.mine) li.className = "mine";
      const head = document.createElement("strong");
      // the night's currency, whatever the phone's language
      head.textContent = fill(gettext("%(prize)s: %(name)s $%(amount)s"), {
        prize: words(prize.name), name: prize.player_name, amount: prize.amount,
      });
      const why = document.createElement("span");
      why.className = "why";
      why.textContent = words(prize.why);
      li.append(head, why);
      return li;
    }));
    $("results-link").href = results.link;
  }

  /* 1st, 2nd, 3rd, 4th: English's rule picks the message; each language says its own
   * ordinal for all four (1º, ika-1). */
  function ordinal(n) {
    const v = n % 100, last = v % 10;
    let form = pgettext("ordinal", "%(n)sth");
    if (v < 11 || v > 13) {
      if (last === 1) form = pgettext("ordinal", "%(n)sst");
      else if (last === 2) form = pgettext("ordinal", "%(n)snd");
      else if (last === 3) form = pgettext("ordinal", "%(n)srd");
    }
    return fill(form, { n });
  }

  function renderPad(phone) {
    const table = snap.table;
    const locked = !!pending && table && table.version < (pending.until || pending.v + 1);
    const open = phone.pad_open && !locked && !stale;
    show("pad", phone.pad);
    document.querySelectorAll("#pad button").forEach((b) => (b.disabled = !open));
    document.querySelector('[data-entry="wipeout"]').hidden = !(snap.night.rules && snap.night.rules.wipeout);
    app.classList.toggle("can-roll", open);
    say("pad-hint", locked ? (connState === "open" ? gettext("Sending…") : gettext("Waiting to send…")) : phone.pad_reason);
    fitPad();
  }

  // Nothing the player needs may sit under the fixed pad: the page ends above it.
  function fitPad() {
    const pad = $("pad");
    const height = pad.hidden ? 0 : pad.getBoundingClientRect().height;
    document.documentElement.style.setProperty("--pad-h", Math.ceil(height) + "px");
  }

  function describe(roll) {
    const args = { name: nameOf(roll.player) || gettext("The roller"), points: roll.points, n: roll.wiped };
    if (roll.kind === "bunco") return fill(gettext("%(name)s rolled a BUNCO! +%(points)s"), args);
    if (roll.kind === "mini_bunco") {
      return fill(roll.points ? gettext("%(name)s rolled a mini Bunco +%(points)s") : gettext("%(name)s rolled a mini Bunco"), args);
    }
    if (roll.kind === "wipeout") {
      return fill(ngettext("%(name)s rolled a wipeout: %(n)s point lost", "%(name)s rolled a wipeout: %(n)s points lost", roll.wiped), args);
    }
    if (roll.kind === "points") return fill(gettext("%(name)s scored %(points)s"), args);
    return fill(roll.turn_passes ? gettext("%(name)s scored nothing; the dice pass on") : gettext("%(name)s scored nothing"), args);
  }

  /* ---- the bell: sound and buzz; the words come with the state ---- */
  function ring() {
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
    if (navigator.vibrate) navigator.vibrate([300, 150, 300, 150, 300]);
  }

  /* ---- talking to the server ---- */
  function onMessage(msg) {
    if (msg.type === "snapshot") {
      snap = msg;
      stale = false;
      enterContext();
      showConn();
    } else if (msg.type === "table") {
      const table = snap && snap.table;
      if (table && msg.table.number === table.number && msg.table.round === table.round) {
        snap.table = msg.table;
        if (msg.phones && msg.phones[snap.me.id]) snap.phone = msg.phones[snap.me.id];
        if ("undo" in msg) snap.undo = msg.undo;
        enterContext();
        if (msg.roll) say("news", describe(msg.roll));
        // my wins, losses and Buncos as the server counts them, when they moved
        const mine = (msg.standings || []).find((row) => row.id === snap.me.id);
        if (mine) Object.assign(snap.me, { wins: mine.wins, losses: mine.losses, buncos: mine.buncos });
        if (msg.notice) { // a host's correction: the last-roll line may no longer be true
          say("news", "");
          say("notice", msg.notice);
          show("notice", true);
        }
      }
    } else if (msg.type === "night") {
      if (msg.what === "bell") {
        if (snap && msg.round) snap.round = msg.round;
        ring();
      }
      if (msg.what === "fuzzy" && snap) {
        snap.night.fuzzy_holder = msg.fuzzy_holder;
        snap.night.fuzzy_holder_name = msg.fuzzy_holder_name;
      }
    } else if (msg.type === "error" && (msg.code === "removed" || msg.code === "bad_link")) {
      return goneForGood(msg.message);
    } else if (msg.type === "result" || msg.type === "error") {
      if (pending && pending.id === msg.client_id) {
        // keep the pad locked until this roll's table event is in, so the next tap
        // carries the version that follows it
        if (msg.table_version && snap.table && snap.table.version < msg.table_version) pending.until = msg.table_version;
        else pending = null;
      }
      // "Sending: …" / "Waiting to send: …" for a roll that was refused: not true any more
      if (msg.type === "error" && sending === msg.client_id) say("news", "");
      if (undoing && undoing === msg.client_id) undoing = null;
      const wasRing = ringing && ringing === msg.client_id;
      if (wasRing) ringing = null;
      // a second Head-table phone tapping "start round": the round has started, nothing to say
      const quiet = wasRing && (msg.code === "already_done" || msg.code === "wrong_state");
      if (msg.type === "error" && !quiet) {
        say("error", msg.message);
        show("error", true);
      }
      showConn();
    }
    const table = snap && snap.table;
    if (pending && table && (table.round !== pending.round || table.version >= (pending.until || pending.v + 1))) pending = null;
    render();
    remember();
  }

  function remember() {
    if (!snap || stale) return;
    try {
      localStorage.setItem(memoryKey, JSON.stringify(snap));
    } catch (e) { /* storage full or off: the next reload waits for the server */ }
  }

  function recall() {
    try {
      const known = JSON.parse(localStorage.getItem(memoryKey) || "null");
      if (!known || !known.phone) return;
      snap = known;
      stale = snap.night.state !== "finished"; // a finished night's result stays true
      render();
    } catch (e) { /* unreadable: wait for the server */ }
  }

  /* The host removed this player (or gave the name a new link): nothing else is true now. */
  function goneForGood(message) {
    gone = true;
    try { localStorage.removeItem(memoryKey); } catch (e) { /* nothing to forget */ }
    app.dataset.phase = "removed";
    $("now").dataset.phase = "removed";
    say("headline", message);
    say("detail", gettext("Ask the host if this is a mistake."));
    show("detail", true);
    ["bell", "ring", "notice", "error", "news", "undo", "results", "where", "roundbox", "scores", "pad"]
      .forEach((id) => show(id, false));
    document.querySelectorAll(".tally, .rooms-link").forEach((el) => (el.hidden = true));
    showConn();
  }

  let connState = "connecting";
  function showConn(state) {
    if (state) connState = state;
    const n = conn ? conn.pending() : 0;
    const el = $("conn");
    el.dataset.state = gone ? "offline" : stale && connState === "open" ? "connecting" : connState;
    let status = gettext("Connecting…");
    if (gone) status = gettext("Not connected");
    else if (stale) status = gettext("Reconnecting…");
    else if (connState === "open") status = gettext("Live");
    else if (connState === "offline") status = gettext("Offline: reconnecting…");
    if (n && !gone) {
      const waiting = fill(ngettext("%(n)s roll waiting to send", "%(n)s rolls waiting to send", n), { n });
      status = fill(gettext("%(status)s · %(waiting)s"), { status, waiting });
    }
    el.textContent = status;
  }

  function send(entry) {
    if (!snap || !snap.table) return;
    show("error", false);
    const v = snap.table.version;
    pending = { v, round: snap.table.round, id: conn.send({ type: "roll", entry, v }) };
    sending = pending.id;
    // never "sent": offline, the roll waits in the queue until the socket is back
    const open = connState === "open";
    const what = { roll: ENTRY_WORDS[entry]() };
    say("news", fill(open ? gettext("Sending: %(roll)s…") : gettext("Waiting to send: %(roll)s (offline)"), what));
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
  $("ring").addEventListener("click", () => {
    if (!snap || !snap.phone.ring || ringing) return;
    show("error", false);
    ringing = conn.send({ type: "start_round", round: snap.phone.ring });
    render();
  });
  $("undo").addEventListener("click", () => {
    if (!snap || !snap.undo || undoing) return;
    show("error", false);
    undoing = conn.send({ type: "undo", v: snap.undo.v });
    render();
  });
  // unlock audio on the first touch, so the bell can sound later
  document.addEventListener("pointerdown", () => { if (!audio) try { audio = new AudioContext(); } catch (e) {} }, { once: true });
  window.addEventListener("resize", fitPad);

  // PartyLive owns the socket: one at a time, dropped when the network goes, back when it
  // returns; taps made offline wait in its queue.
  recall();
  conn = PartyLive.connect(path, { onMessage, onState: (state) => showConn(state) });
  showConn();
  PartyLive.keepAwake();
})();
