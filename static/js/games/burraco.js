/* Burraco in a room (games/engines/burraco/, docs/game-record.md). Registers
 * PartyRoomGames.burraco for static/js/pages/room.js, which calls render(kit) with every frame.
 * Phone: tap cards in your hand to pick them; what they may do lights up from the seat's own
 * legal_actions (the engine's, sent by the server): the hand cards that can meld with them,
 * your side's melds they can be added to (tap one), "Meld" when they make a meld, the discard
 * pile when one picked card may be discarded (tap it); the rest dims. The hand sorts by suit
 * or by rank. Screen: both sides' melds and the scores. Everything from the server goes
 * through textContent. Words: the page's language's (gettext, whole sentences with named
 * placeholders); pozzetto and burraco pulito/sporco stay Italian in every language. */
(function () {
  "use strict";
  const SUITS = { S: "♠", H: "♥", D: "♦", C: "♣" };
  const t = (text, args) => interpolate(text, args, true); // text: a gettext() of a whole sentence
  const BY_RANK = "3456789TJQKA2";
  let picked = []; // indexes into the hand as drawn
  let pickedHand = ""; // the hand they index (a new hand clears the picks)
  let byRank = false;
  let wildLow = false;
  let showPile = false;
  let myTurn = ""; // to bring the headline into view when a new turn of mine starts

  function face(card) {
    if (card === "JK") return "🃏";
    return (card[0] === "T" ? "10" : card[0]) + SUITS[card[1]];
  }
  const spoken = PartyCards.spoken; // a card as a screen reader says it
  function cardNode(kit, card, cls) {
    const red = card !== "JK" && (card[1] === "H" || card[1] === "D");
    const node = kit.el("span", "bu-card " + (card === "JK" ? "joker" : red ? "red" : "black") + (cls ? " " + cls : ""), face(card));
    node.setAttribute("aria-label", spoken(card));
    return node;
  }
  function sideName(kit, side) {
    const seats = kit.view.sides[side];
    const names = seats.map((s) => (s === kit.mine ? pgettext("a player", "you") : kit.nameOf(s))).join(" + ");
    if (kit.view.side === side) return seats.length > 1 ? t(gettext("Your side (%(names)s)"), { names }) : gettext("Your side");
    return names;
  }
  function sorted(hand) {
    if (!byRank) return hand.slice(); // the server sends it by suit, then rank
    const key = (c) => (c === "JK" ? 99 : BY_RANK.indexOf(c[0]) * 4 + "SHDC".indexOf(c[1]));
    return hand.slice().sort((a, b) => key(a) - key(b));
  }
  function pickedCards(hand) {
    return picked.map((i) => hand[i]);
  }

  /* ---- what is legal (the view's legal_actions, never worked out here) ---- */
  function key(cards) {
    return cards.slice().sort().join(" ");
  }
  function holds(big, small) { // every card of `small` is in `big` (as many times)
    const left = big.slice();
    return small.every((c) => { const i = left.indexOf(c); if (i < 0) return false; left.splice(i, 1); return true; });
  }
  function legalFor(kit, type, cards) {
    const options = kit.view.legal_actions.filter((a) => a.type === type && key(a.cards) === key(cards));
    return options.find((a) => !a.wild || a.wild === (wildLow ? "low" : "high")) || null;
  }
  function layOffTo(kit, meld, cards) {
    const options = kit.view.legal_actions.filter((a) => a.type === "lay_off" && a.meld === meld && key(a.cards) === key(cards));
    return options.find((a) => !a.wild || a.wild === (wildLow ? "low" : "high")) || null;
  }
  function discardOf(kit, cards) {
    return cards.length === 1 ? kit.view.legal_actions.find((a) => a.type === "discard" && a.card === cards[0]) || null : null;
  }
  /* The hand cards that can join the picked ones in some legal meld or lay-off. */
  function partners(kit, cards) {
    const out = new Set();
    kit.view.legal_actions.forEach((a) => {
      if ((a.type === "meld" || a.type === "lay_off") && holds(a.cards, cards)) a.cards.forEach((c) => out.add(c));
    });
    return out;
  }
  function picking(kit) {
    return !kit.screen && kit.mine != null && kit.view.phase === "play" && kit.view.to_act.includes(kit.mine) && picked.length > 0;
  }

  /* ---- what happened ---- */
  function describe(kit, step) {
    const a = step.action, me = step.seat === kit.mine;
    const args = { name: kit.nameOf(step.seat), cards: (a.cards || []).map(face).join(" "), card: a.card ? face(a.card) : "" };
    // Whole sentences, one for "you" and one for someone else.
    const words = {
      draw: me ? gettext("You draw a card") : gettext("%(name)s draws a card"),
      take_discards: me ? gettext("You take the discard pile") : gettext("%(name)s takes the discard pile"),
      take_pozzetto: me ? gettext("You take the pozzetto") : gettext("%(name)s takes the pozzetto"),
      meld: me ? gettext("You meld %(cards)s") : gettext("%(name)s melds %(cards)s"),
      lay_off: me ? gettext("You add %(cards)s to a meld") : gettext("%(name)s adds %(cards)s to a meld"),
      discard: me ? gettext("You discard %(card)s") : gettext("%(name)s discards %(card)s"),
    }[a.type];
    const said = words ? t(words, args) : args.name + ": " + a.type;
    return step.by === "timeout" ? t(gettext("%(what)s (time ran out)"), { what: said }) : said;
  }

  /* ---- the headline ---- */
  function headline(kit) {
    const view = kit.view, room = kit.frame.room;
    if (room.status === "finished" || view.phase === "over") {
      const winners = view.winners || [];
      if (kit.mine != null && winners.includes(kit.mine)) return gettext("You won the match!");
      return t(ngettext("Match over: %(names)s won", "Match over: %(names)s won", winners.length), { names: kit.joined(winners.map(kit.nameOf)) });
    }
    if (!view.to_act.includes(kit.mine)) return t(gettext("Waiting for %(names)s"), { names: kit.joined(view.to_act.map(kit.nameOf)) });
    const can = view.can;
    if (can.length === 1 && can[0] === "take_pozzetto") return gettext("Take your pozzetto!");
    if (view.phase === "draw") return gettext("Your turn: draw a card or take the pile");
    return gettext("Meld, add to a meld, or discard");
  }

  /* ---- the table ---- */
  function meldNode(kit, meld, side) {
    const cards = picking(kit) ? pickedCards(sorted(kit.view.hand)) : null;
    const action = cards && side === kit.view.side ? layOffTo(kit, meld.id, cards) : null;
    const tappable = !!action;
    const box = kit.el(tappable ? "button" : "div", "bu-meld" + (meld.burraco ? " burraco " + meld.burraco : "") + (tappable ? " target" : cards ? " dim" : ""));
    box.dataset.meld = meld.id;
    const row = kit.el("span", "bu-meld-cards");
    meld.cards.forEach((c, i) => row.append(cardNode(kit, c, i === meld.wild ? "wild" : "small")));
    box.append(row);
    const notes = [];
    // Translators: burraco pulito/sporco/semi-pulito: Italian in every language, as players say them.
    if (meld.burraco) notes.push({ clean: gettext("Burraco pulito"), dirty: gettext("Burraco sporco"), semi_clean: gettext("Burraco semi-pulito") }[meld.burraco]);
    if (meld.stands_for) notes.push(t(gettext("wild = %(card)s"), { card: meld.stands_for.length === 1 ? meld.stands_for : face(meld.stands_for) }));
    notes.push(t(ngettext("%(n)s pt", "%(n)s pts", meld.points), { n: meld.points }));
    box.append(kit.el("span", "bu-meld-note", notes.join(" · ")));
    if (tappable) {
      box.setAttribute("aria-label", t(gettext("Add to the meld %(cards)s"), { cards: meld.cards.map(spoken).join(", ") }));
      box.onclick = () => kit.act(action);
    }
    return box;
  }
  function sidesNode(kit) {
    const view = kit.view;
    const order = view.side == null ? view.sides.map((_, i) => i) : [view.side, ...view.sides.map((_, i) => i).filter((i) => i !== view.side)];
    return order.map((side) => {
      const box = kit.el("section", "bu-side" + (side === view.side ? " mine" : ""));
      const score = view.sides[side].map((s) => view.scores[s]);
      box.append(kit.el("h3", "bu-side-name", sideName(kit, side)));
      box.append(kit.el("p", "bu-score", t(gettext("This hand %(hand)s · match %(match)s / %(target)s"), { hand: view.running[side], match: score[0], target: view.target })));
      const melds = view.melds[side];
      if (!melds.length) box.append(kit.el("p", "bu-empty", gettext("No melds yet")));
      melds.forEach((m) => box.append(meldNode(kit, m, side)));
      return box;
    });
  }
  function centreNode(kit) {
    const view = kit.view;
    const box = kit.el("section", "bu-centre");
    const stock = t(ngettext("Stock: %(n)s card", "Stock: %(n)s cards", view.stock), { n: view.stock });
    box.append(kit.el("p", "bu-stock", view.last_round ? stock + " · " + gettext("last turn of the hand") : stock));
    const cards = picking(kit) ? pickedCards(sorted(view.hand)) : null;
    const discard = cards && discardOf(kit, cards);
    const pile = kit.el("button", "bu-pile" + (discard ? " target" : cards ? " dim" : ""));
    pile.setAttribute("aria-expanded", showPile);
    pile.append(kit.el("span", "bu-pile-label", t(gettext("Discard pile (%(n)s):"), { n: view.discards.length }) + " "));
    const top = view.discards[view.discards.length - 1];
    if (top) pile.append(cardNode(kit, top, "small"));
    else pile.append(kit.el("span", "", pgettext("pile", "empty")));
    if (discard) pile.append(kit.el("span", "bu-pile-go", t(gettext("tap to discard %(card)s"), { card: face(discard.card) })));
    pile.onclick = discard ? () => kit.act(discard) : () => { showPile = !showPile; kit.redraw(); };
    box.append(pile);
    if (showPile && view.discards.length) {
      const all = kit.el("div", "bu-pile-all");
      all.setAttribute("aria-label", gettext("The whole discard pile, top last"));
      view.discards.forEach((c) => all.append(cardNode(kit, c, "small")));
      box.append(all);
    }
    const pots = view.pozzetti.map((p, i) => {
      const owner = view.sides.length === 3 ? (i === 0 ? gettext("first out") : "") : sideName(kit, i);
      const text = p.taken_by == null ? t(ngettext("%(n)s card", "%(n)s cards", p.size), { n: p.size })
        : p.taken_by === kit.mine ? gettext("taken by you") : t(gettext("taken by %(name)s"), { name: kit.nameOf(p.taken_by) });
      // Translators: "pozzetto" stays Italian in every language.
      return owner ? t(gettext("Pozzetto %(n)s (%(owner)s): %(state)s"), { n: i + 1, owner, state: text })
        : t(gettext("Pozzetto %(n)s: %(state)s"), { n: i + 1, state: text });
    });
    box.append(kit.el("p", "bu-pots", pots.join(" · ")));
    return box;
  }
  function lastHandNode(kit) {
    const last = kit.view.last_hand;
    if (!last || kit.view.hand_no === 1 && !kit.view.winners) return null;
    const box = kit.el("details", "bu-last");
    const ended = {
      closed: t(gettext("Hand %(n)s (closed by %(name)s)"), { n: last.hand, name: kit.nameOf(last.closed_by) }),
      stock: t(gettext("Hand %(n)s (stock ran out)"), { n: last.hand }),
      stalemate: t(gettext("Hand %(n)s (stalemate: the one-card pile went round)"), { n: last.hand }),
    }[last.ended];
    box.append(kit.el("summary", "", ended || t(gettext("Hand %(n)s"), { n: last.hand })));
    last.sides.forEach((row) => {
      const who = row.seats.map((s) => (s === kit.mine ? pgettext("a player", "you") : kit.nameOf(s))).join(" + ");
      box.append(kit.el("p", "", t(gettext("%(who)s: %(total)s = melded %(melded)s, burracos %(burracos)s, closing %(closing)s, pozzetto %(pozzetto)s, cards in hand %(in_hand)s"), {
        who, total: row.total, melded: row.melded, burracos: row.burraco_bonus, closing: row.closing, pozzetto: row.pozzetto, in_hand: row.in_hand,
      })));
    });
    return box;
  }

  /* ---- the hand and the buttons ---- */
  function handNode(kit) {
    const hand = sorted(kit.view.hand);
    const box = kit.el("section", "bu-hand");
    const top = kit.el("div", "bu-hand-top");
    top.append(kit.el("h3", "", t(gettext("Your hand (%(n)s)"), { n: hand.length })));
    const toggle = kit.el("button", "bu-sort secondary", byRank ? gettext("Sort by suit") : gettext("Sort by rank"));
    toggle.onclick = () => { byRank = !byRank; picked = []; kit.redraw(); };
    top.append(toggle);
    box.append(top);
    const row = kit.el("div", "bu-hand-cards");
    const joins = picking(kit) ? partners(kit, pickedCards(hand)) : null;
    hand.forEach((card, i) => {
      const on = picked.includes(i);
      const b = kit.el("button", "bu-pick" + (on ? " on" : joins ? (joins.has(card) ? " can" : " dim") : ""));
      b.append(cardNode(kit, card));
      b.setAttribute("aria-pressed", on);
      b.setAttribute("aria-label", spoken(card));
      b.dataset.card = card;
      b.onclick = () => {
        picked = on ? picked.filter((j) => j !== i) : [...picked, i];
        kit.redraw();
      };
      row.append(b);
    });
    box.append(row);
    return box;
  }
  function button(kit, text, cls, onclick, enabled) {
    const b = kit.el("button", "bu-act " + cls, text);
    b.onclick = onclick;
    b.disabled = !enabled;
    return b;
  }
  function controls(kit) {
    const view = kit.view;
    if (kit.screen || kit.mine == null || !view.to_act.includes(kit.mine)) return [];
    const can = view.can, nodes = [];
    const row = kit.el("div", "bu-actions");
    if (can.includes("take_pozzetto")) row.append(button(kit, gettext("Take your pozzetto"), "go", () => kit.act({ type: "take_pozzetto" }), true));
    if (can.includes("draw")) row.append(button(kit, gettext("Draw a card"), "go", () => kit.act({ type: "draw" }), true));
    if (can.includes("take_discards")) row.append(button(kit, t(gettext("Take the pile (%(n)s)"), { n: view.discards.length }), "", () => kit.act({ type: "take_discards" }), true));
    if (view.phase === "play" && view.hand.length) {
      const hand = sorted(view.hand), cards = pickedCards(hand), n = cards.length;
      const meld = n ? legalFor(kit, "meld", cards) : null, discard = discardOf(kit, cards);
      const meldButton = button(kit, n ? t(ngettext("Meld %(n)s card", "Meld %(n)s cards", n), { n }) : gettext("Meld"), "go" + (meld ? " target" : ""), () => kit.act(meld), !!meld);
      meldButton.dataset.action = "meld";
      row.append(meldButton);
      const discardButton = button(kit, n === 1 ? t(gettext("Discard %(card)s"), { card: face(cards[0]) }) : gettext("Discard"), "discard" + (discard ? " target" : ""), () => kit.act(discard), !!discard);
      discardButton.dataset.action = "discard";
      row.append(discardButton);
      if (n) row.append(button(kit, gettext("Clear"), "secondary", () => { picked = []; kit.redraw(); }, true));
      // The lit melds again, in reach: a button each (the table's melds may be below the fold).
      view.melds[view.side].forEach((m) => {
        const layOff = n ? layOffTo(kit, m.id, cards) : null;
        if (!layOff) return;
        const b = button(kit, t(gettext("Add to %(cards)s"), { cards: m.cards.map(face).join(" ") }), "add target", () => kit.act(layOff), true);
        b.dataset.meld = m.id;
        row.append(b);
      });
      nodes.push(row);
      if (cards.some((c) => c === "JK" || c[0] === "2")) {
        const w = kit.el("label", "bu-wild");
        const box = kit.el("input");
        box.type = "checkbox";
        box.checked = wildLow;
        box.onchange = () => { wildLow = box.checked; kit.redraw(); };
        w.append(box, document.createTextNode(" " + gettext("Put the wild card at the low end (when it could go either way)")));
        nodes.push(w);
      }
      if (n) nodes.push(kit.el("p", "bu-hint", hint(kit, cards, meld, discard)));
      return nodes;
    }
    return [row];
  }

  function hint(kit, cards, meld, discard) {
    const layOff = kit.view.melds[kit.view.side].some((m) => layOffTo(kit, m.id, cards));
    // Each way the picked cards may go, as one whole sentence per combination.
    const which = (meld ? "m" : "") + (layOff ? "l" : "") + (discard ? "d" : "");
    const ways = {
      m: gettext("You can meld them."),
      l: gettext("You can tap a lit meld to add to it."),
      d: gettext("You can tap the lit discard pile to discard it."),
      ml: gettext("You can meld them, or tap a lit meld to add to it."),
      md: gettext("You can meld them, or tap the lit discard pile to discard it."),
      ld: gettext("You can tap a lit meld to add to it, or tap the lit discard pile to discard it."),
      mld: gettext("You can meld them, or tap a lit meld to add to it, or tap the lit discard pile to discard it."),
    }[which];
    if (ways) return ways;
    return partners(kit, cards).size ? gettext("Pick the lit cards to make a meld.") : gettext("These cards cannot be played together: tap Clear.");
  }
  function render(kit) {
    const view = kit.view;
    const handKey = (view.hand || []).join(" ") + "/" + byRank;
    if (handKey !== pickedHand) { picked = []; pickedHand = handKey; }
    kit.say("turn", headline(kit));
    const nowMine = view.to_act.includes(kit.mine) ? view.phase : "";
    if (nowMine && nowMine !== "play" && nowMine !== myTurn && !kit.screen) {
      document.getElementById("turn").scrollIntoView({ block: "center" });
    }
    myTurn = nowMine;
    const table = [centreNode(kit), ...sidesNode(kit)];
    const last = lastHandNode(kit);
    if (last) table.push(last);
    kit.fill("table", table);
    document.getElementById("app").classList.add("bu-room");
    const nodes = [];
    const notice = document.getElementById("notice");
    if (notice && !notice.hidden && notice.textContent) nodes.push(kit.el("p", "bu-refusal", notice.textContent));
    if (!kit.screen && kit.mine != null && view.hand) nodes.push(handNode(kit));
    nodes.push(...controls(kit));
    kit.fill("controls", nodes);
    kit.say("news", (kit.frame.actions || []).slice(-12).map((s) => describe(kit, s)).join(" · "));
  }
  function seatText(view, seat) {
    const side = view.sides.findIndex((s) => s.includes(seat));
    const parts = [
      t(ngettext("%(n)s card", "%(n)s cards", view.hand_sizes[seat]), { n: view.hand_sizes[seat] }),
      t(ngettext("%(n)s pt", "%(n)s pts", view.scores[seat]), { n: view.scores[seat] }),
    ];
    if (view.turn === seat && view.phase !== "over") parts.push(pgettext("a seat", "playing"));
    if (side === view.side && seat !== view.seat) parts.push(gettext("partner"));
    return parts.join(" · ");
  }
  window.PartyRoomGames = window.PartyRoomGames || {};
  window.PartyRoomGames.burraco = { render, seatText };
})();
