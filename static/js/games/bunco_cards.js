/* Bunco, the card game, in a room (games/engines/bunco_cards/, docs/game-record.md).
 * Registers PartyRoomGames.bunco_cards for static/js/pages/room.js, which calls render(kit) with
 * each frame. Tap a card (hand, Bunco pile top, surplus top), then tap where it goes: a
 * table pile, "New pile", or your surplus (which ends the turn). Only the view's
 * legal_actions are ever sent; everything from the server goes through textContent. Words:
 * the page's language's (gettext, whole sentences with named placeholders); the engine's
 * hint is Words, rendered by PartyWords. */
(function () {
  "use strict";
  let picked = null; // {from, card, slot}: the card tapped first
  let pickedAt = null; // the frame version it was tapped in
  const t = (text, args) => interpolate(text, args, true); // text: a gettext() of a whole sentence

  function face(card) {
    // Translators: the face of a Stop card, short (a card is about 3 letters wide).
    return card === "B" ? "★" : card === "S" ? pgettext("card face", "STOP") : card;
  }
  function cardName(card) {
    return card === "B" ? gettext("Bunco card") : card === "S" ? gettext("Stop card") : card;
  }
  function cardNode(kit, card, extra) {
    if (card == null) return kit.el("span", "bc-card empty" + (extra || ""), "–");
    const kind = card === "B" ? " wild" : card === "S" ? " stop" : "";
    const node = kit.el("span", "bc-card" + kind + (extra || ""), face(card));
    node.setAttribute("aria-label", cardName(card));
    return node;
  }
  function same(a, b) {
    return a.from === b.from && a.card === b.card && (a.slot || 0) === (b.slot || 0);
  }
  /* The legal actions that move the picked card. */
  function movesOf(kit, pick) {
    return kit.view.legal_actions.filter((a) => {
      if (a.type === "play") return same({ from: a.from, card: a.card, slot: a.slot }, pick);
      return a.type === "lay" && pick.from === "hand" && a.card === pick.card;
    });
  }
  function tapCard(kit, pick) {
    const moves = movesOf(kit, pick);
    picked = picked && same(picked, pick) ? null : pick;
    pickedAt = kit.frame.v;
    const compulsory = kit.view.legal_actions.every((a) => a.type === "play");
    if (picked && compulsory && moves.length === 1) {
      kit.act(moves[0]); // a compulsory play has one place to go: no second tap needed
      picked = null;
      return;
    }
    kit.redraw();
  }
  function target(kit, match) {
    if (!picked) return null;
    return movesOf(kit, picked).find(match) || null;
  }
  function button(kit, cls, nodes, onclick, label) {
    const b = kit.el("button", cls);
    b.append(...nodes);
    if (label) b.setAttribute("aria-label", label);
    if (onclick) b.onclick = onclick;
    else b.disabled = true;
    return b;
  }

  /* ---- the parts of the page ---- */
  function headline(kit) {
    const v = kit.view, room = kit.frame.room;
    if (room.status === "finished" || v.phase === "over") {
      const me = v.winner === kit.mine, args = { name: kit.nameOf(v.winner), n: v.target ? v.scores[v.winner] : 0 };
      if (!v.target) return t(me ? gettext("Game over: You win!") : gettext("Game over: %(name)s wins!"), args);
      return t(me ? ngettext("Game over: You win with %(n)s point!", "Game over: You win with %(n)s points!", args.n)
        : ngettext("Game over: %(name)s wins with %(n)s point!", "Game over: %(name)s wins with %(n)s points!", args.n), args);
    }
    if (v.turn === kit.mine) {
      if (v.phase === "stop") return gettext("Your turn: play the Stop card or pass");
      return picked ? t(gettext("Now tap where the %(card)s goes"), { card: cardName(picked.card) }) : gettext("Your turn: tap a card");
    }
    return t(gettext("%(name)s is playing"), { name: kit.nameOf(v.turn) });
  }
  function tableNode(kit) {
    const v = kit.view, box = kit.el("div", "bc-table");
    box.append(kit.el("h3", "bc-title", gettext("Table piles")));
    const row = kit.el("div", "bc-piles");
    v.table.forEach((pile, i) => {
      const move = target(kit, (a) => a.type === "play" && a.to === i);
      const b = button(kit, "bc-pile" + (move ? " target" : ""),
        [cardNode(kit, pile.top), kit.el("span", "bc-needs", t(gettext("needs %(card)s"), { card: PartyWords.render(pile.next) }))],
        move ? () => { picked = null; kit.act(move); } : null,
        t(gettext("Table pile showing %(shows)s, needs %(card)s"), { shows: PartyWords.render(pile.shows), card: PartyWords.render(pile.next) }));
      b.dataset.pile = i;
      row.append(b);
    });
    const start = target(kit, (a) => a.type === "play" && a.to === "new");
    const fresh = button(kit, "bc-pile new" + (start ? " target" : ""),
      [kit.el("span", "bc-card empty", "+"), kit.el("span", "bc-needs", gettext("new pile"))],
      start ? () => { picked = null; kit.act(start); } : null, gettext("Start a new pile with a 1 or a Bunco card"));
    fresh.id = "bc-new";
    row.append(fresh);
    box.append(row);
    const deck = t(gettext("Deck %(cards)s · removed %(removed)s"), { cards: v.deck.cards, removed: v.removed });
    const deal = v.target ? t(gettext("deal %(n)s (to %(target)s)"), { n: v.deal_no, target: v.target }) : "";
    box.append(kit.el("p", "bc-deck", deal ? deck + " · " + deal : deck));
    return box;
  }
  function mineNode(kit) {
    const v = kit.view, me = kit.mine, myTurn = v.turn === me && v.phase === "play";
    const box = kit.el("div", "bc-mine");
    const bunco = v.bunco[me];
    const spots = kit.el("div", "bc-spots");
    const buncoPick = { from: "bunco", card: bunco.top };
    const canBunco = myTurn && bunco.top != null && movesOf(kit, buncoPick).length > 0;
    const pile = button(kit, "bc-spot" + (picked && same(picked, buncoPick) ? " picked" : ""),
      [cardNode(kit, bunco.top), kit.el("span", "bc-label", gettext("Bunco pile")), kit.el("span", "bc-count", t(gettext("%(n)s left"), { n: bunco.count }))],
      canBunco ? () => tapCard(kit, buncoPick) : null, t(gettext("Your Bunco pile: %(n)s left"), { n: bunco.count }));
    pile.id = "bc-bunco";
    spots.append(pile);
    v.surplus[me].forEach((sp, slot) => {
      const pick = { from: "surplus", card: sp.top, slot };
      const lay = target(kit, (a) => a.type === "lay" && a.slot === slot);
      const canPick = myTurn && sp.top != null && movesOf(kit, pick).length > 0;
      const onclick = lay ? () => { picked = null; kit.act(lay); } : canPick ? () => tapCard(kit, pick) : null;
      const b = button(kit, "bc-spot" + (lay ? " target" : "") + (picked && same(picked, pick) ? " picked" : ""),
        [cardNode(kit, sp.top), kit.el("span", "bc-label", v.surplus[me].length > 1 ? t(gettext("Surplus %(n)s"), { n: slot + 1 }) : gettext("Surplus")),
          kit.el("span", "bc-count", lay ? gettext("lay here: ends turn") : t(ngettext("%(n)s card", "%(n)s cards", sp.count), { n: sp.count }))],
        onclick, lay ? gettext("Your surplus pile: lay the card here and end your turn") : gettext("Your surplus pile"));
      b.id = "bc-surplus-" + slot;
      spots.append(b);
    });
    box.append(spots);
    box.append(kit.el("h3", "bc-title", gettext("Your hand")));
    const hand = kit.el("div", "bc-hand");
    (v.hand || []).forEach((card) => {
      const pick = { from: "hand", card };
      const usable = myTurn && movesOf(kit, pick).length > 0;
      const b = button(kit, "bc-handcard" + (picked && same(picked, pick) ? " picked" : ""), [cardNode(kit, card)],
        usable ? () => tapCard(kit, pick) : null, cardName(card));
      b.dataset.card = card;
      hand.append(b);
    });
    if (!(v.hand || []).length) hand.append(kit.el("p", "bc-empty", gettext("No cards in your hand.")));
    box.append(hand);
    const row = kit.el("div", "act-row");
    v.legal_actions.filter((a) => a.type === "stop" || a.type === "pass").forEach((a) => {
      const label = a.type === "stop" ? gettext("Play the Stop card: keep going") : v.phase === "stop" ? gettext("Pass: end your turn") : gettext("End your turn");
      const b = kit.el("button", "act " + a.type, label);
      b.dataset.action = a.type;
      b.onclick = () => { picked = null; kit.act(a); };
      row.append(b);
    });
    if (row.childNodes.length) box.append(row);
    return box;
  }
  function othersNode(kit) {
    const v = kit.view, box = kit.el("div", "bc-others");
    box.append(kit.el("h3", "bc-title", kit.screen ? gettext("Players") : gettext("The others")));
    const grid = kit.el("ol", "bc-players");
    v.bunco.forEach((b, seat) => {
      if (seat === kit.mine) return;
      const li = kit.el("li", "bc-player" + (seat === v.turn && v.phase !== "over" ? " turn" : ""));
      li.dataset.seat = seat;
      li.append(kit.el("span", "bc-name", kit.nameOf(seat) + (seat === v.turn && v.phase !== "over" ? " ▶" : "")));
      const line = kit.el("span", "bc-line");
      line.append(cardNode(kit, b.top, " mini"), kit.el("span", "bc-count", t(gettext("%(n)s left"), { n: b.count })));
      const tops = v.surplus[seat].map((p) => p.top).filter((top) => top != null);
      line.append(kit.el("span", "bc-small", t(gettext("surplus %(cards)s · hand %(n)s"), { cards: tops.length ? tops.map(face).join(" ") : "–", n: v.hand_counts[seat] })));
      li.append(line);
      grid.append(li);
    });
    box.append(grid);
    return box;
  }
  function describe(kit, step) {
    const a = step.action, me = step.seat === kit.mine;
    const args = { name: kit.nameOf(step.seat), card: a.card ? cardName(a.card) : "" };
    const fresh = a.to === "new";
    // Whole sentences: you or someone, from where, onto a new pile or an old one.
    const plays = {
      bunco: fresh ? [gettext("You played %(card)s from the Bunco pile on a new pile"), gettext("%(name)s played %(card)s from the Bunco pile on a new pile")]
        : [gettext("You played %(card)s from the Bunco pile on a pile"), gettext("%(name)s played %(card)s from the Bunco pile on a pile")],
      surplus: fresh ? [gettext("You played %(card)s from the surplus on a new pile"), gettext("%(name)s played %(card)s from the surplus on a new pile")]
        : [gettext("You played %(card)s from the surplus on a pile"), gettext("%(name)s played %(card)s from the surplus on a pile")],
      hand: fresh ? [gettext("You played %(card)s on a new pile"), gettext("%(name)s played %(card)s on a new pile")]
        : [gettext("You played %(card)s on a pile"), gettext("%(name)s played %(card)s on a pile")],
    };
    const pair = {
      play: plays[a.from] || plays.hand,
      lay: [gettext("You laid %(card)s on the surplus"), gettext("%(name)s laid %(card)s on the surplus")],
      stop: [gettext("You played a Stop card and go on"), gettext("%(name)s played a Stop card and goes on")],
      pass: [gettext("You passed"), gettext("%(name)s passed")],
    }[a.type];
    const said = pair ? t(pair[me ? 0 : 1], args) : args.name + ": " + a.type;
    return step.by === "timeout" ? t(gettext("%(what)s (time ran out)"), { what: said }) : said;
  }

  window.PartyRoomGames = window.PartyRoomGames || {};
  window.PartyRoomGames.bunco_cards = {
    render(kit) {
      const v = kit.view;
      if (pickedAt !== kit.frame.v && picked && !(v.turn === kit.mine && movesOf(kit, picked).length)) picked = null;
      kit.say("turn", headline(kit));
      let hint = document.getElementById("bc-hint");
      if (!hint) {
        hint = kit.el("p", "bc-hint");
        hint.id = "bc-hint";
        hint.setAttribute("role", "status");
        document.getElementById("turn").after(hint);
      }
      const pending = v.hint && v.legal_actions.every((a) => a.type === "play" || a.type === "stop");
      hint.hidden = !v.hint;
      hint.classList.toggle("pending", Boolean(pending));
      hint.textContent = PartyWords.render(v.hint); // the engine's Words
      const mine = kit.mine != null && v.hand != null;
      kit.fill("table", [tableNode(kit)]);
      kit.fill("controls", mine ? [mineNode(kit), othersNode(kit)] : [othersNode(kit)]);
      const news = (kit.frame.actions || []).slice(-3).map((s) => describe(kit, s));
      if (v.last_deal) {
        const d = v.last_deal;
        const args = { n: d.deal, name: kit.nameOf(d.winner), points: d.points };
        news.push(t(d.points ? gettext("Deal %(n)s: %(name)s emptied the Bunco pile (+%(points)s)") : gettext("Deal %(n)s: %(name)s emptied the Bunco pile"), args));
      }
      kit.say("news", news.join(" · "));
    },
    seatText(view, seat) {
      const b = view.bunco[seat];
      const pile = t(gettext("Bunco pile %(n)s"), { n: b.count });
      if (!view.target) return pile;
      return pile + " · " + t(ngettext("%(n)s point", "%(n)s points", view.scores[seat]), { n: view.scores[seat] });
    },
  };
})();
