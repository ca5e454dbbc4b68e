/* A card room on a phone or the big screen (docs/rooms.md). Draws the server's frame for
 * this seat: the cards (rank + suit, red or black), totals, whose choice it is, what just
 * happened, chips, and one button per legal action. Names and everything from the server
 * go through textContent. The websocket client is PartyLive (static/js/lib/live.js). */
(function () {
  "use strict";
  const { $, say, el } = PartyDom;
  const app = $("app");
  const screen = app.dataset.mode === "screen";
  const SUITS = { S: "♠", H: "♥", D: "♦", C: "♣" };
  const HANDS = { player: "Player", banker: "Banker", right: "Right", left: "Left" };
  const SPOTS = { player: "Player", banker: "Banker", tie: "Tie", right: "right", left: "left" };
  let frame = null;
  let amount = null; // the chip size picked for bets, stakes and banks
  let conn = null;

  function fill(id, nodes) {
    $(id).replaceChildren(...nodes);
  }
  function nameOf(seat) {
    const s = frame.room.seats[seat];
    return (s && s.name) || "Seat " + (seat + 1);
  }
  function signed(n) {
    return (n > 0 ? "+" : "") + n;
  }
  const chips = (n) => Number(n).toLocaleString("en-US"); // 1037 -> "1,037"

  /* ---- cards ---- */
  function cardNode(card) {
    if (card === "??") return el("span", "card back", "?");
    const rank = card[0] === "T" ? "10" : card[0];
    const red = card[1] === "H" || card[1] === "D";
    const node = el("span", "card " + (red ? "red" : "black"), rank + SUITS[card[1]]);
    node.setAttribute("aria-label", rank + " of " + { S: "spades", H: "hearts", D: "diamonds", C: "clubs" }[card[1]]);
    return node;
  }
  function total(cards) {
    if (cards.includes("??")) return null;
    return cards.reduce((sum, c) => sum + (("A23456789".indexOf(c[0]) + 1) % 10), 0) % 10;
  }
  function handsNode(hands, totals, controllers) {
    return Object.entries(hands).map(([hand, cards]) => {
      const box = el("div", "hand");
      const by = controllers && controllers[hand];
      const who = by != null ? " · " + (by === frame.seat ? "you" : nameOf(by)) : "";
      const t = totals ? totals[hand] : total(cards);
      box.append(el("div", "hand-name", HANDS[hand] + who));
      const row = el("div", "cards");
      row.append(...cards.map(cardNode));
      box.append(row, el("div", "hand-total", t == null ? "Total: hidden" : "Total " + t));
      return box;
    });
  }

  /* ---- what happened ---- */
  function describe(step) {
    const a = step.action, who = nameOf(step.seat);
    const on = a.on ? " on " + SPOTS[a.on] : "";
    const words = {
      bet: "bets " + a.amount + on, sit_out: "sits out", stake: "stakes " + a.amount + on,
      banco: "calls banco" + on, pass: "passes", draw: "draws", stand: "stands",
      bank: a.amount ? "banks " + a.amount : "keeps the bank", pass_bank: "passes the bank",
      stop_bank: "stops banking",
    };
    return who + " " + (words[a.type] || a.type) + (step.by === "timeout" ? " (time ran out)" : "");
  }
  function coupLine(last) {
    const w = last.winner;
    const t = last.totals;
    const text = typeof w === "string"
      ? (w === "tie" ? "Tie at " + t.player : HANDS[w] + " wins " + t[w] + " to " + t[w === "player" ? "banker" : "player"])
      : Object.entries(w).map(([hand, won]) => HANDS[hand] + ": " + (won === "tie" ? "tie" : won === "banker" ? "banker wins" : "wins")).join(" · ");
    const mine = frame.seat != null ? last.chips.seats[frame.seat] : null;
    return "Hand " + last.coup + ": " + text + (mine ? " · you " + signed(mine) : "");
  }

  /* ---- the buttons ---- */
  function label(a) {
    const on = a.on ? " on " + SPOTS[a.on] : "";
    const n = a.amount != null ? " " + a.amount : "";
    return {
      bet: "Bet" + n + on, sit_out: "Sit out", stake: "Stake" + n + on, banco: "Banco!" + on,
      pass: "Pass", draw: "Draw a card", stand: "Stand", pass_bank: "Pass the bank",
      stop_bank: "Stop banking", bank: a.amount != null ? "Bank" + n : "Keep the bank (" + frame.view.bank + ")",
    }[a.type] || a.type;
  }
  function controls(legal) {
    if (screen || !legal.length) return [];
    const amounts = [...new Set(legal.filter((a) => a.amount != null).map((a) => a.amount))];
    if (!amounts.includes(amount)) amount = amounts.length ? amounts[Math.min(1, amounts.length - 1)] : null;
    const nodes = [];
    if (amounts.length) {
      const row = el("div", "chips-row");
      row.append(el("span", "label", "Chips:"));
      amounts.forEach((n) => {
        const b = el("button", "chip" + (n === amount ? " picked" : ""), n);
        b.setAttribute("aria-pressed", n === amount);
        b.onclick = () => { amount = n; render(); };
        row.append(b);
      });
      nodes.push(row);
    }
    // Every place the legal actions name, lit where the picked chips may go, dimmed where not.
    const seen = new Map();
    legal.forEach((a) => {
      const key = a.type + "/" + (a.on || "");
      if (!seen.has(key) || (a.amount === amount && seen.get(key).amount !== amount)) seen.set(key, a);
    });
    const row = el("div", "act-row");
    seen.forEach((a, key) => {
      const lit = a.amount == null || a.amount === amount;
      const b = el("button", "act " + a.type + (a.on ? " " + a.on : "") + (lit ? " target" : " dim"), label(lit ? a : { ...a, amount: amount }));
      b.dataset.action = key;
      b.disabled = !lit;
      b.onclick = () => send({ type: "act", action: a, v: frame.v });
      row.append(b);
    });
    nodes.push(row);
    return nodes;
  }
  function send(message) {
    conn.send(message);
    app.dataset.pending = "1";
    // Until the answer comes, no second tap (a game may put buttons on the table too).
    app.querySelectorAll("#controls button, #table button").forEach((b) => (b.disabled = true));
  }

  /* ---- drawing ---- */
  /* A game with its own look (static/js/games/<game>.js, loaded by the page's
   * templates/games/rooms/<game>.html) registers PartyRoomGames[game] = {render(kit),
   * seatText(view, seat)}; it then draws the headline, table, controls and news itself, and
   * with tick(kit) also the clock line each second (Russian Bank's Stop countdown). */
  function gameKit() {
    return {
      frame, view: frame.view, mine: frame.seat, screen, el, fill, say, nameOf,
      act: (action) => send({ type: "act", action, v: frame.v }),
      redraw: render,
    };
  }
  function render() {
    const room = frame.room, view = frame.view, mine = frame.seat;
    say("status", { open: "· taking seats", playing: "· playing", finished: "· game over" }[room.status]);
    const game = (window.PartyRoomGames || {})[room.game];
    if (game && view) game.render(gameKit());
    else drawBaccarat(room, view, mine);
    app.classList.toggle("bac-room", !game && !!view);
    fill("seats", room.seats.map((s, i) => seatNode(s, i, view, game)));
    $("lobby").hidden = screen || room.status !== "open" || mine == null;
    $("fill-bots").hidden = !room.seats.some((s) => s.kind === "empty");
    tick();
  }
  function drawBaccarat(room, view, mine) {
    const waitingFor = view ? view.to_act : [];
    if (room.status === "open") say("turn", mine == null ? "Pick a seat" : "Waiting for the start");
    else if (room.status === "finished") say("turn", "Game over");
    else if (waitingFor.includes(mine)) say("turn", view.phase === "bet" ? "Place your bet!" : "Your choice!");
    else say("turn", "Waiting for " + waitingFor.map(nameOf).join(", "));
    const table = [];
    if (view && view.coup) table.push(...handsNode(view.coup.hands, null, view.coup.controllers));
    else if (view && view.last_coup) table.push(...handsNode(view.last_coup.cards, view.last_coup.totals, null));
    if (view && view.banker != null) table.push(el("p", "bank", "Banker: " + nameOf(view.banker) + " · bank " + view.bank));
    fill("table", table);
    $("my-chips").hidden = !(view && mine != null);
    say("my-chips", view && mine != null ? "Your chips: " + chips(view.chips[mine]) : "");
    const news = (frame.actions || []).slice(-4).map(describe);
    if (view && view.last_coup) news.push(coupLine(view.last_coup));
    say("news", news.join(" · "));
    fill("controls", controls(view && room.status === "playing" && mine != null ? view.legal_actions : []));
    $("edges").hidden = !(view && view.edges);
    if (view && view.edges) say("odds", oddsSentence(view.edges));
  }
  /* The exact house edges of the cards left, as what they mean for the next bet. */
  function oddsSentence(edges) {
    const pct = (x) => (100 * Math.abs(x)).toFixed(2) + "%";
    const keeps = (x) => (x >= 0 ? "you lose " + pct(x) : "you gain " + pct(x)) + " of what you bet";
    const spots = Object.keys(edges).sort((a, b) => edges[a] - edges[b]);
    const best = spots[0], rest = spots.slice(1);
    return "For the next hand, " + SPOTS[best] + " is the best bet: on average " + keeps(edges[best]) + ". " +
      rest.map((s) => SPOTS[s] + ": " + keeps(edges[s])).join("; ") + ".";
  }
  function seatNode(s, i, view, game) {
    const li = el("li", "seat-row" + (i === frame.seat ? " me" : "") + (view && view.to_act.includes(i) ? " acting" : ""));
    li.append(el("span", "seat-name", s.kind === "empty" ? "Empty seat" : s.name + (i === frame.seat ? " (you)" : "")));
    if (view && game) li.append(el("span", "seat-chips", game.seatText(view, i)));
    else if (view) {
      const bet = view.bets[i];
      li.append(el("span", "seat-chips", chips(view.chips[i]) + " chips" + (bet ? " · bet " + bet.amount + (bet.on ? " on " + SPOTS[bet.on] : "") : "")));
    }
    if (!screen && frame.room.status === "open") {
      if (s.kind === "empty") {
        li.append(button("Sit here", () => conn.send({ type: "sit", seat: i })));
        // Only a seated player (or the host, on the rooms page) may add a bot.
        if (frame.seat != null) li.append(button("Add a bot", () => conn.send({ type: "bot", seat: i }), "secondary"));
      } else if (i === frame.seat) li.append(button("Leave", () => conn.send({ type: "leave" }), "secondary"));
    }
    const room = frame.room;
    if (!screen && room.status === "playing" && frame.seat != null && i !== frame.seat && s.kind === "player" && room.waiting.includes(i)) {
      // Someone keeps the game waiting (they left?): the others may vote a bot in for them.
      const votes = (room.votes || {})[i] || 0;
      const b = button("Let a bot play for " + s.name + (votes ? " (" + votes + (votes === 1 ? " vote)" : " votes)") : ""), () => conn.send({ type: "vote_bot", seat: i }), "secondary");
      b.dataset.vote = i;
      li.append(b);
    }
    return li;
  }
  function button(text, onclick, cls) {
    const b = el("button", cls || "", text);
    b.onclick = onclick;
    return b;
  }
  /* A room with a turn timer nudges before it plays for anyone: in the last NUDGE_SECONDS
   * the waiting seats light up on every screen, and the waiting person's phone vibrates and
   * beeps once. A room without a timer (the default) never does. */
  const NUDGE_SECONDS = 30;
  let nudgedAt = null; // the frame version this phone was nudged in
  function nudge() {
    const room = frame && frame.room;
    const stopWindow = frame && frame.view && frame.view.window; // Russian Bank's own Stop countdown
    const timed = room && room.timeout && room.deadline && room.waiting.length && !stopWindow;
    const left = timed ? room.deadline - Date.now() / 1000 : null;
    const on = left != null && left <= NUDGE_SECONDS;
    document.querySelectorAll("#seats .seat-row").forEach((row, i) => row.classList.toggle("nudged", on && room.waiting.includes(i)));
    const mine = on && frame.seat != null && room.waiting.includes(frame.seat);
    $("clock").classList.toggle("nudge", mine);
    if (!mine) return false;
    say("clock", "Your turn: in " + Math.max(0, Math.round(left)) + " s it is played for you");
    if (nudgedAt !== frame.v) {
      nudgedAt = frame.v;
      if (navigator.vibrate) navigator.vibrate([200, 100, 200]);
      beep();
    }
    return true;
  }
  function beep() {
    try {
      const sound = new (window.AudioContext || window.webkitAudioContext)();
      const tone = sound.createOscillator();
      tone.frequency.value = 880;
      tone.connect(sound.destination);
      tone.start();
      tone.stop(sound.currentTime + 0.25);
    } catch (e) { /* no sound on this phone: the vibration and the lit seat remain */ }
  }
  function tick() {
    const game = frame && frame.view && (window.PartyRoomGames || {})[frame.room.game];
    if (game && game.tick) game.tick(gameKit());
    if (nudge() || (game && game.tick)) return;
    const deadline = frame && frame.room.waiting.length && frame.room.deadline;
    say("clock", deadline ? "Time to choose: " + Math.max(0, Math.round(deadline - Date.now() / 1000)) + " s" : "");
  }

  function onMessage(msg) {
    if (msg.type === "snapshot" || msg.type === "room") {
      frame = msg;
      delete app.dataset.pending;
      render();
    } else if (msg.type === "error") {
      delete app.dataset.pending;
      $("notice").hidden = false;
      say("notice", msg.message);
      if (frame) render();
    } else if (msg.type === "result") {
      $("notice").hidden = true;
    }
  }
  $("start").onclick = () => conn.send({ type: "start" });
  $("fill-bots").onclick = () => conn.send({ type: "fill_bots" });
  conn = PartyLive.connect(app.dataset.ws, {
    onMessage,
    onState(state) {
      const c = $("conn");
      c.dataset.state = state;
      c.textContent = { open: "Live", connecting: "Connecting…", offline: "Offline: reconnecting…" }[state];
    },
  });
  PartyLive.keepAwake();
  setInterval(tick, 1000);
})();
