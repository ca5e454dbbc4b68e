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
 * textContent. */
(function () {
  "use strict";
  const NAMES = { S: "spades", H: "hearts", D: "diamonds", C: "clubs" };
  const RANKS = { A: "ace", T: "10", J: "jack", Q: "queen", K: "king" };
  "23456789".split("").forEach((r) => (RANKS[r] = r));
  let selected = null; // the pile of the card picked up, e.g. "h3"
  let frame = null;
  let api = null; // room.js's kit for the frame being drawn

  function cardNode(card) {
    const red = card[1] === "H" || card[1] === "D";
    const node = api.el("span", "card " + (red ? "red" : "black"), cardText(card));
    node.setAttribute("aria-label", RANKS[card[0]] + " of " + NAMES[card[1]]);
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
    if (pile[0] === "h") return "house " + (n + 1);
    if (pile[0] === "f") return "foundation " + (n + 1);
    const whose = n === me ? "your" : api.nameOf(n) + "'s"; // a name: "their" is vague to two
    return whose + " " + { r: "reserve", w: "waste", t: "turned card", k: "hand" }[pile[0]];
  }
  function stepLine(step, me) {
    const seen = step.seen, a = step.action;
    if (!seen || seen.move == null) return a.type === "pass" ? "passed" : a.type;
    if (a.type === "turn") return "turned the " + cardText(seen.card) + " from " + pileName("k" + step.seat, me);
    if (a.type === "stop") return "called Stop!" + (seen.undone ? " The move was taken back." : " Wrongly: the move stands.");
    return cardText(seen.card) + " from " + pileName(a.from, me) + " to " + pileName(a.to, me);
  }
  function describe(last, me) {
    if (!last) return "";
    const a = last.action, who = last.seat === me ? "You" : api.nameOf(last.seat);
    if (a.type === "turn") return who + " turned the " + cardText(last.card) + (last.flipped ? " (waste turned over)" : "");
    if (a.type === "pass") return who + " passed";
    if (a.type === "stop") return who + " called Stop! " + (last.undone ? "The move was taken back." : "Wrongly: the move stands.");
    if (a.type === "no_stop") return "";
    return who + ": " + cardText(last.card) + " from " + pileName(a.from, me) + " to " + pileName(a.to, me);
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
    if (opts.count != null && !opts.back) b.append(api.el("span", "rb-count-left", opts.count + " left"));
    const top = cards.length ? cards[cards.length - 1] : null;
    const what = top ? cardText(top) : "empty";
    b.setAttribute("aria-label", pileName(pile, frame.seat) + ": " + (opts.back ? opts.count + " cards" : what));
    return b;
  }
  function side(view, seat, me) {
    const s = view.sides[seat], mine = seat === me;
    const box = api.el("section", "rb-side " + (mine ? "mine" : "theirs"));
    box.dataset.seat = seat;
    const who = mine ? "Your piles" : api.nameOf(seat);
    box.append(api.el("h3", "rb-who", who + (view.turn === seat ? " · to play" : "") + " · " + s.left + " cards left"));
    const row = api.el("div", "rb-row");
    row.append(pileButton("r" + seat, s.reserve_top ? [s.reserve_top] : [], "reserve", { kind: "reserve", count: s.reserve }));
    row.append(pileButton("t" + seat, s.turned ? [s.turned] : [], "turned", { kind: "turned" }));
    row.append(pileButton("w" + seat, s.waste_top ? [s.waste_top] : [], "waste", { kind: "waste", count: s.waste }));
    row.append(pileButton("k" + seat, [], "hand", { kind: "hand", back: true, count: s.hand }));
    box.append(row);
    return box;
  }
  function middle(view) {
    const found = api.el("div", "rb-foundations");
    view.foundations.forEach((cards, i) => found.append(pileButton("f" + i, cards, "", { kind: "foundation" })));
    const houses = api.el("div", "rb-houses");
    [0, 4, 1, 5, 2, 6, 3, 7].forEach((i) => houses.append(pileButton("h" + i, view.houses[i], "house " + (i + 1), { kind: "house", fan: true })));
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
      return "Match over: " + (w === me ? "you win" : api.nameOf(w) + " wins") + " " + view.scores[w] + " to " + view.scores[1 - w];
    }
    const win = view.window;
    if (me != null && win && win.seat === me) return "Stop? Check " + api.nameOf(win.mover) + "'s last move";
    if (!myTurn(view, me)) return me == null ? api.nameOf(view.turn) + " to play" : "Waiting for " + api.nameOf(view.turn);
    if (view.compulsory) return "Your turn: " + view.compulsory.why;
    const turned = view.sides[me].turned;
    if (turned) return "Your turn: play the " + cardText(turned) + " or put it on your waste";
    if (selected) return targets(view).size ? "Now tap a lit place for the card from " + pileName(selected, me) : "That card cannot move now: tap it again to put it back";
    return "Your turn: tap a card, then where it goes";
  }
  function controls(view, me) {
    const nodes = [];
    if (me == null || view.phase !== "play") return nodes;
    const win = view.window;
    if (win && win.seat === me) {
      const stop = api.el("button", "rb-stop", "Stop! " + api.nameOf(win.mover) + " broke a rule");
      stop.id = "rb-stop";
      stop.onclick = () => act({ type: "stop", move: win.move });
      const bar = api.el("div", "rb-stopbar");
      bar.append(stop, api.el("span", "rb-count", ""));
      nodes.push(bar);
    }
    if (myTurn(view, me)) {
      const s = view.sides[me], row = api.el("div", "act-row");
      if (s.turned) row.append(button("Put the " + cardText(s.turned) + " on your waste (ends your turn)", { type: "move", from: "t" + me, to: "w" + me }));
      else if (s.hand || s.waste) row.append(button("Turn a card from your hand (" + s.hand + ")", { type: "turn" }));
      else row.append(button("Pass (nothing left to turn)", { type: "pass" }));
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
    const scores = api.el("p", "rb-score", "Game " + view.game_no + " · score " + api.nameOf(0) + " " + view.scores[0] + ", " + api.nameOf(1) + " " + view.scores[1] + " (to " + view.target + ")" + (view.mode === "stop" ? " · Stop! rules" : ""));
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
    if (last) scores.textContent = "Game " + last.game + ": " + api.nameOf(last.winner) + " won " + last.points + " points. " + scores.textContent;
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
      const who = called.seat === me ? "You" : api.nameOf(called.seat);
      return who + " called Stop! " + (stop.right ? "Taken back: " + stop.fault + carriedOut(stop.carried_out, me) : "Wrongly: the move stands.");
    }
    return (view.compulsory && view.compulsory.why) || describe(view.last, me);
  }
  /* The other seat's turn, move by move in order (below the board: your piles stay in
   * view); the foundations it changed flash on the board. */
  function replay(view, me) {
    const theirs = (frame.actions || []).filter((a) => a.seat !== me && a.seen && a.action.type !== "no_stop");
    if (me == null || !theirs.length) return [];
    const box = api.el("section", "rb-replay");
    box.append(api.el("h3", "", api.nameOf(theirs[0].seat) + "'s turn, move by move"));
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
    return " The " + cardText(move.card) + " went from " + pileName(move.from, me) + " to " + pileName(move.to, me) + ", as it had to.";
  }
  function tick(kit) {
    if (kit) api = kit;
    if (!frame || !frame.view) return;
    const view = frame.view, win = view.window, since = frame.room.since;
    const left = (seconds) => Math.max(0, Math.ceil(since + seconds - Date.now() / 1000));
    const count = document.querySelector(".rb-count");
    if (win && count) {
      const s = left(win.seconds);
      count.textContent = s + " s";
      const stop = document.getElementById("rb-stop");
      if (stop) stop.disabled = s <= 0;
    }
    let clock = "";
    if (myTurn(view, frame.seat) && frame.room.timeout) clock = "Time to move: " + left(frame.room.timeout) + " s";
    else if (win && win.mover === frame.seat) clock = api.nameOf(win.seat) + " may call Stop for " + left(win.seconds) + " s";
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
      return view.scores[seat] + " points · " + s.left + " cards left";
    },
  };
})();
