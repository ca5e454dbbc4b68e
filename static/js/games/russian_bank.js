/* Russian Bank on a phone or the big screen (docs/game-record.md, "Russian Bank").
 * Phone, top to bottom: the opponent's piles (compact), the eight foundations in one row, the
 * eight houses in two columns, then your reserve, turned card, waste and hand, all in one
 * 390 x 844 screen. Tap one of your cards (reserve top, turned card, a house top): the
 * places the engine's own legal_actions let it go light up and the others dim; tap one (or
 * drag there) to play. Enforce mode outlines the move that must come first; Stop! mode gives
 * the opponent a big Stop button with its countdown. A bot's turn is listed move by move
 * (each step's `seen`, the card and where it went; changed foundations flash). Registers
 * PartyRoomGames.russian_bank for static/js/pages/room.js: render(kit) with each frame,
 * tick(kit) every second, seatText(view, seat). Everything from the server goes through
 * textContent. Words: the page's language's (gettext, whole sentences with named
 * placeholders); the engine's own texts (why a move must come first, a Stop's fault) are
 * Words, rendered by PartyWords. "Stop!" is the call as players make it. */
(function () {
  "use strict";
  const t = (text, args) => interpolate(text, args, true); // text: a gettext() of a whole sentence
  const said = (words) => PartyWords.render(words); // the engine's Words (or a plain string)
  let selected = null; // the pile of the card picked up, e.g. "h3"
  let frame = null;
  let api = null; // room.js's kit for the frame being drawn

  function cardNode(card) {
    const red = card[1] === "H" || card[1] === "D";
    const node = api.el("span", "card " + (red ? "red" : "black"), cardText(card));
    node.setAttribute("aria-label", PartyCards.spoken(card));
    return node;
  }
  function refusal() {
    const notice = document.getElementById("notice");
    return notice && !notice.hidden && notice.textContent ? notice.textContent : null;
  }
  function cardText(card) {
    return (card[0] === "T" ? "10" : card[0]) + { S: "♠", H: "♥", D: "♦", C: "♣" }[card[1]];
  }
  function pileName(pile, me) {
    const n = Number(pile.slice(1));
    if (pile[0] === "h") return t(gettext("house %(n)s"), { n: n + 1 });
    if (pile[0] === "f") return t(gettext("foundation %(n)s"), { n: n + 1 });
    // A name, not "their": vague to two. One whole phrase per pile, yours or someone's.
    const phrases = n === me
      ? { r: gettext("your reserve"), w: gettext("your waste"), t: gettext("your turned card"), k: gettext("your hand") }
      : { r: gettext("%(name)s's reserve"), w: gettext("%(name)s's waste"), t: gettext("%(name)s's turned card"), k: gettext("%(name)s's hand") };
    return t(phrases[pile[0]], { name: api.nameOf(n) });
  }
  function stepLine(step, me) {
    const seen = step.seen, a = step.action;
    if (!seen || seen.move == null) return a.type === "pass" ? gettext("passed") : a.type;
    if (a.type === "turn") return t(gettext("turned the %(card)s from %(pile)s"), { card: cardText(seen.card), pile: pileName("k" + step.seat, me) });
    if (a.type === "stop") return seen.undone ? gettext("called Stop! The move was taken back.") : gettext("called Stop! Wrongly: the move stands.");
    return t(gettext("%(card)s from %(from)s to %(to)s"), { card: cardText(seen.card), from: pileName(a.from, me), to: pileName(a.to, me) });
  }
  function describe(last, me) {
    if (!last) return "";
    const a = last.action, mine = last.seat === me;
    const args = { name: api.nameOf(last.seat), card: last.card ? cardText(last.card) : "" };
    if (a.type === "turn") {
      if (last.flipped) return t(mine ? gettext("You turned the %(card)s (waste turned over)") : gettext("%(name)s turned the %(card)s (waste turned over)"), args);
      return t(mine ? gettext("You turned the %(card)s") : gettext("%(name)s turned the %(card)s"), args);
    }
    if (a.type === "pass") return t(mine ? gettext("You passed") : gettext("%(name)s passed"), args);
    if (a.type === "stop") return t(stopLine(mine, last.undone), args);
    if (a.type === "no_stop") return "";
    const move = t(gettext("%(card)s from %(from)s to %(to)s"), { card: args.card, from: pileName(a.from, me), to: pileName(a.to, me) });
    return mine ? t(gettext("You: %(move)s"), { move }) : t(gettext("%(name)s: %(move)s"), { name: args.name, move });
  }
  function stopLine(mine, undone) {
    if (undone) return mine ? gettext("You called Stop! The move was taken back.") : gettext("%(name)s called Stop! The move was taken back.");
    return mine ? gettext("You called Stop! Wrongly: the move stands.") : gettext("%(name)s called Stop! Wrongly: the move stands.");
  }

  /* ---- piles ---- */
  function pileButton(pile, cards, label, opts) {
    const b = api.el("button", "rb-pile " + (opts.kind || ""));
    b.type = "button";
    b.dataset.pile = pile;
    const shown = opts.fan ? cards : cards.slice(-1);
    const row = api.el("span", "rb-cards");
    row.style.setProperty("--n", Math.max(2, shown.length)); // a long fan overlaps more
    if (!shown.length) row.append(api.el("span", "card empty", opts.back ? "" : "·"));
    shown.forEach((c) => row.append(cardNode(c)));
    if (opts.back) row.replaceChildren(api.el("span", "card back", opts.count));
    b.append(row);
    if (label) b.append(api.el("span", "rb-label", label));
    if (opts.count != null && !opts.back) b.append(api.el("span", "rb-count-left", t(gettext("%(n)s left"), { n: opts.count })));
    const top = cards.length ? cards[cards.length - 1] : null;
    const what = opts.back ? t(ngettext("%(n)s card", "%(n)s cards", opts.count), { n: opts.count })
      : top ? cardText(top) : pgettext("pile", "empty");
    b.setAttribute("aria-label", t(gettext("%(pile)s: %(what)s"), { pile: pileName(pile, frame.seat), what }));
    return b;
  }
  function side(view, seat, me) {
    const s = view.sides[seat], mine = seat === me;
    const box = api.el("section", "rb-side " + (mine ? "mine" : "theirs"));
    box.dataset.seat = seat;
    const parts = [mine ? gettext("Your piles") : api.nameOf(seat)];
    if (view.turn === seat) parts.push(gettext("to play"));
    parts.push(t(ngettext("%(n)s card left", "%(n)s cards left", s.left), { n: s.left }));
    box.append(api.el("h3", "rb-who", parts.join(" · ")));
    const row = api.el("div", "rb-row");
    row.append(pileButton("r" + seat, s.reserve_top ? [s.reserve_top] : [], pgettext("pile", "reserve"), { kind: "reserve", count: s.reserve }));
    row.append(pileButton("t" + seat, s.turned ? [s.turned] : [], pgettext("pile", "turned"), { kind: "turned" }));
    row.append(pileButton("w" + seat, s.waste_top ? [s.waste_top] : [], pgettext("pile", "waste"), { kind: "waste", count: s.waste }));
    row.append(pileButton("k" + seat, [], pgettext("pile", "hand"), { kind: "hand", back: true, count: s.hand }));
    box.append(row);
    return box;
  }
  function middle(view) {
    const found = api.el("div", "rb-foundations");
    view.foundations.forEach((cards, i) => found.append(pileButton("f" + i, cards, "", { kind: "foundation" })));
    const houses = api.el("div", "rb-houses");
    [0, 4, 1, 5, 2, 6, 3, 7].forEach((i) => houses.append(pileButton("h" + i, view.houses[i], t(gettext("house %(n)s"), { n: i + 1 }), { kind: "house", fan: true })));
    return [found, houses];
  }

  /* ---- what may be tapped ---- */
  function myTurn(view, me) {
    return me != null && view.turn === me && view.to_act.includes(me) && view.phase === "play";
  }
  function canPick(view, me, pile) {
    if (pile === "r" + me) return view.sides[me].reserve > 0;
    if (pile === "t" + me) return !!view.sides[me].turned;
    if (pile[0] === "h") return view.houses[Number(pile.slice(1))].length > 0;
    return false;
  }
  function tap(pile) {
    const view = frame.view, me = frame.seat;
    if (!myTurn(view, me)) return;
    if (selected == null) {
      if (pile === "k" + me) return act({ type: view.sides[me].hand || view.sides[me].waste ? "turn" : "pass" });
      if (canPick(view, me, pile)) selected = pile;
    } else if (pile === selected) {
      selected = null;
    } else {
      const from = selected;
      selected = null;
      return act({ type: "move", from: from, to: pile });
    }
    draw();
  }
  function act(action) {
    api.act(action);
  }
  /* The engine's legal moves from the picked pile: where it may go. */
  function targets(view) {
    if (selected == null) return null;
    return new Set(view.legal_actions.filter((a) => a.type === "move" && a.from === selected).map((a) => a.to));
  }
  function movable(view, me, pile) {
    if (pile === "k" + me) return view.legal_actions.some((a) => a.type === "turn" || a.type === "pass");
    return view.legal_actions.some((a) => a.type === "move" && a.from === pile);
  }
  function wire(root, view, me) {
    const to = targets(view), mine = myTurn(view, me);
    root.querySelectorAll(".rb-pile").forEach((b) => {
      const pile = b.dataset.pile;
      b.onclick = () => tap(pile);
      if (to) b.classList.add(to.has(pile) ? "target" : pile === selected ? "picked" : "dim");
      else if (mine && movable(view, me, pile)) b.classList.add("can");
      if (myTurn(view, me) && canPick(view, me, pile)) {
        b.draggable = true;
        b.ondragstart = (e) => { selected = pile; e.dataTransfer.setData("text/plain", pile); };
      }
      b.ondragover = (e) => { if (selected && selected !== pile) e.preventDefault(); };
      b.ondrop = (e) => { e.preventDefault(); if (selected && selected !== pile) tap(pile); };
      if (pile === selected) b.classList.add("picked");
      b.setAttribute("aria-pressed", pile === selected ? "true" : "false");
    });
  }
  function outline(root, view) {
    const must = view.compulsory;
    if (!must) return;
    must.moves.forEach((m) => {
      const from = root.querySelector('[data-pile="' + m.from + '"]');
      const to = root.querySelector('[data-pile="' + m.to + '"]');
      if (from) from.classList.add("must");
      if (to) to.classList.add("must-target");
    });
  }

  /* ---- drawing ---- */
  function headline(view, me) {
    if (view.phase === "over") {
      const w = view.scores[0] >= view.scores[1] ? 0 : 1;
      const args = { name: api.nameOf(w), won: view.scores[w], lost: view.scores[1 - w] };
      return t(w === me ? gettext("Match over: you win %(won)s to %(lost)s") : gettext("Match over: %(name)s wins %(won)s to %(lost)s"), args);
    }
    const win = view.window;
    if (me != null && win && win.seat === me) return t(gettext("Stop? Check %(name)s's last move"), { name: api.nameOf(win.mover) });
    if (!myTurn(view, me)) {
      return t(me == null ? gettext("%(name)s to play") : gettext("Waiting for %(names)s"), { name: api.nameOf(view.turn), names: api.nameOf(view.turn) });
    }
    if (view.compulsory) return t(gettext("Your turn: %(why)s"), { why: said(view.compulsory.why) });
    const turned = view.sides[me].turned;
    if (turned) return t(gettext("Your turn: play the %(card)s or put it on your waste"), { card: cardText(turned) });
    if (selected) {
      return targets(view).size ? t(gettext("Now tap a lit place for the card from %(pile)s"), { pile: pileName(selected, me) })
        : gettext("That card cannot move now: tap it again to put it back");
    }
    return gettext("Your turn: tap a card, then where it goes");
  }
  function controls(view, me) {
    const nodes = [];
    if (me == null || view.phase !== "play") return nodes;
    const win = view.window;
    if (win && win.seat === me) {
      const stop = api.el("button", "rb-stop", t(gettext("Stop! %(name)s broke a rule"), { name: api.nameOf(win.mover) }));
      stop.id = "rb-stop";
      stop.onclick = () => act({ type: "stop", move: win.move });
      const bar = api.el("div", "rb-stopbar");
      bar.append(stop, api.el("span", "rb-count", ""));
      nodes.push(bar);
    }
    if (myTurn(view, me)) {
      const s = view.sides[me], row = api.el("div", "act-row");
      if (s.turned) row.append(button(t(gettext("Put the %(card)s on your waste (ends your turn)"), { card: cardText(s.turned) }), { type: "move", from: "t" + me, to: "w" + me }));
      else if (s.hand || s.waste) row.append(button(t(gettext("Turn a card from your hand (%(n)s)"), { n: s.hand }), { type: "turn" }));
      else row.append(button(gettext("Pass (nothing left to turn)"), { type: "pass" }));
      nodes.push(row);
    }
    return nodes;
  }
  function button(text, action) {
    const b = api.el("button", "act rb-act", text);
    b.dataset.action = action.type;
    b.onclick = () => act(action);
    return b;
  }
  function draw() {
    const view = frame.view, me = frame.seat;
    if (!view) return;
    const top = me == null ? 1 : 1 - me, bottom = me == null ? 0 : me;
    const root = api.el("div", "rb" + (view.mode === "stop" ? " stop-mode" : ""));
    const refused = refusal();
    const say = api.el("p", "rb-say" + (refused ? " refused" : ""), refused || news(view, me));
    say.id = "rb-say";
    const score = t(gettext("Game %(n)s · score %(first)s %(first_score)s, %(second)s %(second_score)s (to %(target)s)"), {
      n: view.game_no, first: api.nameOf(0), first_score: view.scores[0], second: api.nameOf(1), second_score: view.scores[1], target: view.target,
    });
    const scores = api.el("p", "rb-score", view.mode === "stop" ? score + " · " + gettext("Stop! rules") : score);
    root.append(side(view, top, me), ...middle(view), side(view, bottom, me), say);
    wire(root, view, me);
    if (view.mode === "enforce") outline(root, view);
    api.fill("table", [root]);
    const buttons = controls(view, me);
    api.fill("controls", buttons);
    const app = document.getElementById("app");
    app.classList.add("rb-room");
    app.classList.toggle("rb-stopping", !!document.querySelector(".rb-stopbar"));
    api.say("turn", headline(view, me));
    const games = view.games.filter((g) => g.winner != null);
    const last = games[games.length - 1];
    api.fill("news", [scores, ...replay(view, me)]);
    if (last) {
      const won = t(ngettext("Game %(game)s: %(name)s won %(n)s point.", "Game %(game)s: %(name)s won %(n)s points.", last.points), { game: last.game, name: api.nameOf(last.winner), n: last.points });
      scores.textContent = won + " " + scores.textContent;
    }
    tick(api);
    /* A refusal, or a Stop (what was taken back, what had to be played instead), is read now. */
    const stopped = (frame.actions || []).some((a) => a.action.type === "stop");
    if (refused || stopped) say.scrollIntoView({ block: "nearest" });
  }
  /* What just happened: a Stop in this frame, else the last move; in enforce mode the move
   * that must come first. */
  function news(view, me) {
    const called = (frame.actions || []).filter((a) => a.action.type === "stop").pop();
    const stop = view.stops[view.stops.length - 1];
    if (called && stop) {
      const args = { name: api.nameOf(called.seat) };
      if (!stop.right) return t(stopLine(called.seat === me, false), args);
      const back = t(called.seat === me ? gettext("You called Stop! Taken back: %(fault)s") : gettext("%(name)s called Stop! Taken back: %(fault)s"), { ...args, fault: said(stop.fault) });
      const made = carriedOut(stop.carried_out, me);
      return made ? back + " " + made : back;
    }
    return (view.compulsory && said(view.compulsory.why)) || describe(view.last, me);
  }
  /* The other seat's turn, move by move in order (below the board: your piles stay in
   * view); the foundations it changed flash on the board. */
  function replay(view, me) {
    const theirs = (frame.actions || []).filter((a) => a.seat !== me && a.seen && a.action.type !== "no_stop");
    if (me == null || !theirs.length) return [];
    const box = api.el("section", "rb-replay");
    box.append(api.el("h3", "", t(gettext("%(name)s's turn, move by move"), { name: api.nameOf(theirs[0].seat) })));
    const list = api.el("ol", "");
    list.id = "rb-replay";
    theirs.forEach((step) => list.append(api.el("li", "", stepLine(step, me))));
    box.append(list);
    theirs.forEach((step) => {
      const to = step.action.to;
      const pile = to && to[0] === "f" && document.querySelector('#table [data-pile="' + to + '"]');
      if (pile) pile.classList.add("changed");
    });
    return [box];
  }
  /* After a Stop on a skipped compulsory move, that move is made for the mover (seed 004). */
  function carriedOut(move, me) {
    if (!move) return "";
    return t(gettext("The %(card)s went from %(from)s to %(to)s, as it had to."), { card: cardText(move.card), from: pileName(move.from, me), to: pileName(move.to, me) });
  }
  function tick(kit) {
    if (kit) api = kit;
    if (!frame || !frame.view) return;
    const view = frame.view, win = view.window, since = frame.room.since;
    const left = (seconds) => Math.max(0, Math.ceil(since + seconds - Date.now() / 1000));
    const count = document.querySelector(".rb-count");
    if (win && count) {
      const s = left(win.seconds);
      // Translators: seconds left, as short as a clock shows them.
      count.textContent = t(gettext("%(n)s s"), { n: s });
      const stop = document.getElementById("rb-stop");
      if (stop) stop.disabled = s <= 0;
    }
    let clock = "";
    if (myTurn(view, frame.seat) && frame.room.timeout) {
      const n = left(frame.room.timeout);
      clock = t(ngettext("Time to move: %(n)s second", "Time to move: %(n)s seconds", n), { n });
    } else if (win && win.mover === frame.seat) {
      const n = left(win.seconds);
      clock = t(ngettext("%(name)s may call Stop for %(n)s second", "%(name)s may call Stop for %(n)s seconds", n), { name: api.nameOf(win.seat), n });
    }
    api.say("clock", clock);
  }

  window.PartyRoomGames = window.PartyRoomGames || {};
  window.PartyRoomGames.russian_bank = {
    render(kit) {
      if (frame && kit.frame.v !== frame.v) selected = null;
      frame = kit.frame;
      api = kit;
      draw();
    },
    tick,
    seatText(view, seat) {
      const s = view.sides[seat];
      return t(ngettext("%(n)s point", "%(n)s points", view.scores[seat]), { n: view.scores[seat] }) + " · " +
        t(ngettext("%(n)s card left", "%(n)s cards left", s.left), { n: s.left });
    },
  };
})();
