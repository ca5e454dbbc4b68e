/* A card room on a phone or the big screen (docs/rooms.md). Draws the server's frame for
 * this seat: the cards (rank + suit, red or black), totals, whose choice it is, what just
 * happened, chips, and one button per legal action. Names and everything from the server
 * go through textContent. The websocket client is PartyLive (static/js/lib/live.js). Words
 * are the page's language's (Django's catalog): whole sentences with named placeholders; the
 * server's Words (seat names, game names, refusals) are rendered by PartyWords. */
(function () {
  "use strict";
  const { $, say, el } = PartyDom;
  const app = $("app");
  const screen = app.dataset.mode === "screen";
  const SUITS = { S: "♠", H: "♥", D: "♦", C: "♣" };
  const LANG = document.documentElement.lang || "en";
  const t = (text, args) => interpolate(text, args, true); // text: a gettext() of a whole sentence
  // The baccarat hands and the places a bet goes, as each language's tables call them.
  const HANDS = {
    player: pgettext("baccarat hand", "Player"), banker: pgettext("baccarat hand", "Banker"),
    right: pgettext("baccarat table", "Right"), left: pgettext("baccarat table", "Left"),
  };
  const SPOTS = {
    player: pgettext("baccarat hand", "Player"), banker: pgettext("baccarat hand", "Banker"),
    tie: pgettext("baccarat bet", "Tie"), right: pgettext("baccarat table", "right"), left: pgettext("baccarat table", "left"),
  };
  let frame = null;
  let amount = null; // the chip size picked for bets, stakes and banks
  let conn = null;

  function fill(id, nodes) {
    $(id).replaceChildren(...nodes);
  }
  function nameOf(seat) {
    const s = frame.room.seats[seat];
    return (s && PartyWords.render(s.name)) || t(gettext("Seat %(n)s"), { n: seat + 1 });
  }
  /* "Ann", "Ann and Bob", "Ann, Bob and Kim": the server's own words for a list (live/words.py joined). */
  function joined(names) {
    if (names.length < 2) return names.join("");
    if (names.length === 2) return t(gettext("%(first)s and %(last)s"), { first: names[0], last: names[1] });
    return t(gettext("%(first)s, %(rest)s"), { first: names[0], rest: joined(names.slice(1)) });
  }
  function signed(n) {
    return (n > 0 ? "+" : "") + n;
  }
  const chips = (n) => Number(n).toLocaleString(LANG); // 1037 -> "1,037" in English

  /* ---- cards ---- */
  function cardNode(card) {
    if (card === "??") return el("span", "card back", "?");
    const rank = card[0] === "T" ? "10" : card[0];
    const red = card[1] === "H" || card[1] === "D";
    const node = el("span", "card " + (red ? "red" : "black"), rank + SUITS[card[1]]);
    const names = {
      S: gettext("%(rank)s of spades"), H: gettext("%(rank)s of hearts"),
      D: gettext("%(rank)s of diamonds"), C: gettext("%(rank)s of clubs"),
    };
    node.setAttribute("aria-label", interpolate(names[card[1]], { rank }, true));
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
      const who = by != null ? " · " + (by === frame.seat ? pgettext("who draws", "you") : nameOf(by)) : "";
      const sum = totals ? totals[hand] : total(cards);
      box.append(el("div", "hand-name", HANDS[hand] + who));
      const row = el("div", "cards");
      row.append(...cards.map(cardNode));
      box.append(row, el("div", "hand-total", sum == null ? gettext("Total: hidden") : t(gettext("Total %(total)s"), { total: sum })));
      return box;
    });
  }

  /* ---- what happened ---- */
  function describe(step) {
    const a = step.action;
    const args = { name: nameOf(step.seat), amount: a.amount, spot: SPOTS[a.on] };
    const on = Boolean(a.on);
    const text = {
      bet: on ? gettext("%(name)s bets %(amount)s on %(spot)s") : gettext("%(name)s bets %(amount)s"),
      stake: on ? gettext("%(name)s stakes %(amount)s on %(spot)s") : gettext("%(name)s stakes %(amount)s"),
      // Translators: "banco" is the call itself (accepting the whole bank), said as at the table.
      banco: on ? gettext("%(name)s calls banco on %(spot)s") : gettext("%(name)s calls banco"),
      sit_out: gettext("%(name)s sits out"), pass: gettext("%(name)s passes"),
      draw: gettext("%(name)s draws"), stand: gettext("%(name)s stands"),
      bank: a.amount ? gettext("%(name)s banks %(amount)s") : gettext("%(name)s keeps the bank"),
      pass_bank: gettext("%(name)s passes the bank"), stop_bank: gettext("%(name)s stops banking"),
    }[a.type];
    const said = text ? interpolate(text, args, true) : args.name + ": " + a.type;
    return step.by === "timeout" ? t(gettext("%(what)s (time ran out)"), { what: said }) : said;
  }
  function coupLine(last) {
    const w = last.winner;
    const sums = last.totals;
    const outcome = (hand, won) => interpolate(
      won === "tie" ? gettext("%(hand)s: tie") : won === "banker" ? gettext("%(hand)s: banker wins") : gettext("%(hand)s: wins"),
      { hand: HANDS[hand] }, true);
    const text = typeof w === "string"
      ? (w === "tie" ? t(gettext("Tie at %(total)s"), { total: sums.player })
        : t(gettext("%(hand)s wins %(won)s to %(lost)s"), { hand: HANDS[w], won: sums[w], lost: sums[w === "player" ? "banker" : "player"] }))
      : Object.entries(w).map(([hand, won]) => outcome(hand, won)).join(" · ");
    const mine = frame.seat != null ? last.chips.seats[frame.seat] : null;
    const line = t(gettext("Hand %(n)s: %(result)s"), { n: last.coup, result: text });
    return mine ? line + " · " + t(gettext("you %(change)s"), { change: signed(mine) }) : line;
  }

  /* ---- the buttons ---- */
  function label(a) {
    const args = { amount: a.amount, spot: SPOTS[a.on], bank: frame.view.bank };
    const n = a.amount != null, on = Boolean(a.on);
    // One whole label per case: with or without an amount, with or without a place.
    const pick = (both, amountOnly, spotOnly, plain) => (n ? (on ? both : amountOnly) : on ? spotOnly : plain);
    const text = {
      bet: pick(gettext("Bet %(amount)s on %(spot)s"), gettext("Bet %(amount)s"), gettext("Bet on %(spot)s"), gettext("Bet")),
      stake: pick(gettext("Stake %(amount)s on %(spot)s"), gettext("Stake %(amount)s"), gettext("Stake on %(spot)s"), gettext("Stake")),
      // Translators: "Banco!" is the call a punter makes to take on the whole bank.
      banco: on ? gettext("Banco! on %(spot)s") : gettext("Banco!"),
      sit_out: gettext("Sit out"), pass: gettext("Pass"), draw: gettext("Draw a card"),
      stand: gettext("Stand"), pass_bank: gettext("Pass the bank"), stop_bank: gettext("Stop banking"),
      bank: n ? gettext("Bank %(amount)s") : gettext("Keep the bank (%(bank)s)"),
    }[a.type];
    return text ? interpolate(text, args, true) : a.type;
  }
  function controls(legal) {
    if (screen || !legal.length) return [];
    const amounts = [...new Set(legal.filter((a) => a.amount != null).map((a) => a.amount))];
    if (!amounts.includes(amount)) amount = amounts.length ? amounts[Math.min(1, amounts.length - 1)] : null;
    const nodes = [];
    if (amounts.length) {
      const row = el("div", "chips-row");
      row.append(el("span", "label", gettext("Chips:")));
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
      frame, view: frame.view, mine: frame.seat, screen, el, fill, say, nameOf, joined, chips,
      act: (action) => send({ type: "act", action, v: frame.v }),
      redraw: render,
    };
  }
  function render() {
    const room = frame.room, view = frame.view, mine = frame.seat;
    // The room's status, in the words the rooms pages use (games/selectors.py STATUSES).
    const status = { open: gettext("taking seats"), playing: gettext("playing"), finished: gettext("game over") }[room.status];
    say("status", status ? "· " + status : "");
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
    if (room.status === "open") say("turn", mine == null ? gettext("Pick a seat") : gettext("Waiting for the start"));
    else if (room.status === "finished") say("turn", gettext("Game over"));
    else if (waitingFor.includes(mine)) say("turn", view.phase === "bet" ? gettext("Place your bet!") : gettext("Your choice!"));
    else say("turn", t(gettext("Waiting for %(names)s"), { names: joined(waitingFor.map(nameOf)) }));
    const table = [];
    if (view && view.coup) table.push(...handsNode(view.coup.hands, null, view.coup.controllers));
    else if (view && view.last_coup) table.push(...handsNode(view.last_coup.cards, view.last_coup.totals, null));
    if (view && view.banker != null) table.push(el("p", "bank", t(gettext("Banker: %(name)s · bank %(bank)s"), { name: nameOf(view.banker), bank: view.bank })));
    fill("table", table);
    $("my-chips").hidden = !(view && mine != null);
    say("my-chips", view && mine != null ? t(gettext("Your chips: %(chips)s"), { chips: chips(view.chips[mine]) }) : "");
    const news = (frame.actions || []).slice(-4).map(describe);
    if (view && view.last_coup) news.push(coupLine(view.last_coup));
    say("news", news.join(" · "));
    fill("controls", controls(view && room.status === "playing" && mine != null ? view.legal_actions : []));
    $("edges").hidden = !(view && view.edges);
    if (view && view.edges) say("odds", oddsSentence(view.edges));
  }
  /* The exact house edges of the cards left, as what they mean for the next bet. */
  function oddsSentence(edges) {
    const pct = (x) => Math.abs(x).toLocaleString(LANG, { style: "percent", minimumFractionDigits: 2, maximumFractionDigits: 2 });
    const keeps = (x) => t(x >= 0 ? gettext("you lose %(share)s of what you bet") : gettext("you gain %(share)s of what you bet"), { share: pct(x) });
    const spots = Object.keys(edges).sort((a, b) => edges[a] - edges[b]);
    const best = spots[0], rest = spots.slice(1);
    const first = t(gettext("For the next hand, %(spot)s is the best bet: on average %(odds)s."), { spot: SPOTS[best], odds: keeps(edges[best]) });
    const others = rest.map((s) => t(gettext("%(spot)s: %(odds)s"), { spot: SPOTS[s], odds: keeps(edges[s]) })).join("; ");
    return others ? first + " " + others + "." : first;
  }
  function seatNode(s, i, view, game) {
    const li = el("li", "seat-row" + (i === frame.seat ? " me" : "") + (view && view.to_act.includes(i) ? " acting" : ""));
    const name = s.kind === "empty" ? gettext("Empty seat")
      : i === frame.seat ? t(gettext("%(name)s (you)"), { name: nameOf(i) }) : nameOf(i);
    const nameNode = el("span", "seat-name", name);
    nameNode.dataset.acting = gettext("choosing"); // shown by room.css while the seat acts
    li.append(nameNode);
    if (view && game) li.append(el("span", "seat-chips", game.seatText(view, i)));
    else if (view) {
      const bet = view.bets[i];
      const has = interpolate(ngettext("%(chips)s chip", "%(chips)s chips", view.chips[i]), { chips: chips(view.chips[i]) }, true);
      const betText = !bet ? "" : bet.on ? t(gettext("bet %(amount)s on %(spot)s"), { amount: bet.amount, spot: SPOTS[bet.on] })
        : t(gettext("bet %(amount)s"), { amount: bet.amount });
      li.append(el("span", "seat-chips", betText ? has + " · " + betText : has));
    }
    if (!screen && frame.room.status === "open") {
      if (s.kind === "empty") {
        li.append(button(gettext("Sit here"), () => conn.send({ type: "sit", seat: i })));
        // Only a seated player (or the host, on the rooms page) may add a bot.
        if (frame.seat != null) li.append(button(gettext("Add a bot"), () => conn.send({ type: "bot", seat: i }), "secondary"));
      } else if (i === frame.seat) li.append(button(gettext("Leave"), () => conn.send({ type: "leave" }), "secondary"));
    }
    const room = frame.room;
    if (!screen && room.status === "playing" && frame.seat != null && i !== frame.seat && s.kind === "player" && room.waiting.includes(i)) {
      // Someone keeps the game waiting (they left?): the others may vote a bot in for them.
      const votes = (room.votes || {})[i] || 0;
      const text = votes
        ? interpolate(ngettext("Let a bot play for %(name)s (%(n)s vote)", "Let a bot play for %(name)s (%(n)s votes)", votes), { name: nameOf(i), n: votes }, true)
        : t(gettext("Let a bot play for %(name)s"), { name: nameOf(i) });
      const b = button(text, () => conn.send({ type: "vote_bot", seat: i }), "secondary");
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
    const seconds = Math.max(0, Math.round(left));
    say("clock", interpolate(ngettext("Your turn: in %(n)s second it is played for you", "Your turn: in %(n)s seconds it is played for you", seconds), { n: seconds }, true));
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
    const seconds = deadline ? Math.max(0, Math.round(deadline - Date.now() / 1000)) : 0;
    say("clock", deadline ? interpolate(ngettext("Time to choose: %(n)s second", "Time to choose: %(n)s seconds", seconds), { n: seconds }, true) : "");
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
      c.textContent = { open: gettext("Live"), connecting: gettext("Connecting…"), offline: gettext("Offline: reconnecting…") }[state];
    },
  });
  PartyLive.keepAwake();
  setInterval(tick, 1000);
})();
