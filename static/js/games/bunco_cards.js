/* Bunco, the card game, in a room (games/engines/bunco_cards/, docs/game-record.md).
 * Registers PartyRoomGames.bunco_cards for static/js/pages/room.js, which calls render(kit) with
 * each frame. Tap a card (hand, Bunco pile top, surplus top), then tap where it goes: a
 * table pile, "New pile", or your surplus (which ends the turn). Only the view's
 * legal_actions are ever sent; everything from the server goes through textContent. */
(function () {
  "use strict";
  let picked = null; // {from, card, slot}: the card tapped first
  let pickedAt = null; // the frame version it was tapped in

  function face(card) {
    return card === "B" ? "★" : card === "S" ? "STOP" : card;
  }
  function cardName(card) {
    return card === "B" ? "Bunco card" : card === "S" ? "Stop card" : card;
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
      const who = v.winner === kit.mine ? "You win" : kit.nameOf(v.winner) + " wins";
      return "Game over: " + who + (v.target ? " with " + v.scores[v.winner] + " points" : "") + "!";
    }
    if (v.turn === kit.mine) {
      if (v.phase === "stop") return "Your turn: play the Stop card or pass";
      return picked ? "Now tap where the " + cardName(picked.card) + " goes" : "Your turn: tap a card";
    }
    return kit.nameOf(v.turn) + " is playing";
  }
  function tableNode(kit) {
    const v = kit.view, box = kit.el("div", "bc-table");
    box.append(kit.el("h3", "bc-title", "Table piles"));
    const row = kit.el("div", "bc-piles");
    v.table.forEach((pile, i) => {
      const move = target(kit, (a) => a.type === "play" && a.to === i);
      const b = button(kit, "bc-pile" + (move ? " target" : ""),
        [cardNode(kit, pile.top), kit.el("span", "bc-needs", "needs " + pile.next)],
        move ? () => { picked = null; kit.act(move); } : null,
        "Table pile showing " + pile.shows + ", needs " + pile.next);
      b.dataset.pile = i;
      row.append(b);
    });
    const start = target(kit, (a) => a.type === "play" && a.to === "new");
    const fresh = button(kit, "bc-pile new" + (start ? " target" : ""),
      [kit.el("span", "bc-card empty", "+"), kit.el("span", "bc-needs", "new pile")],
      start ? () => { picked = null; kit.act(start); } : null, "Start a new pile with a 1 or a Bunco card");
    fresh.id = "bc-new";
    row.append(fresh);
    box.append(row);
    box.append(kit.el("p", "bc-deck", "Deck " + v.deck.cards + " · removed " + v.removed +
      (v.target ? " · deal " + v.deal_no + " (to " + v.target + ")" : "")));
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
      [cardNode(kit, bunco.top), kit.el("span", "bc-label", "Bunco pile"), kit.el("span", "bc-count", bunco.count + " left")],
      canBunco ? () => tapCard(kit, buncoPick) : null, "Your Bunco pile: " + bunco.count + " left");
    pile.id = "bc-bunco";
    spots.append(pile);
    v.surplus[me].forEach((sp, slot) => {
      const pick = { from: "surplus", card: sp.top, slot };
      const lay = target(kit, (a) => a.type === "lay" && a.slot === slot);
      const canPick = myTurn && sp.top != null && movesOf(kit, pick).length > 0;
      const onclick = lay ? () => { picked = null; kit.act(lay); } : canPick ? () => tapCard(kit, pick) : null;
      const b = button(kit, "bc-spot" + (lay ? " target" : "") + (picked && same(picked, pick) ? " picked" : ""),
        [cardNode(kit, sp.top), kit.el("span", "bc-label", "Surplus" + (v.surplus[me].length > 1 ? " " + (slot + 1) : "")),
          kit.el("span", "bc-count", lay ? "lay here: ends turn" : sp.count + " cards")],
        onclick, "Your surplus pile" + (lay ? ": lay the card here and end your turn" : ""));
      b.id = "bc-surplus-" + slot;
      spots.append(b);
    });
    box.append(spots);
    box.append(kit.el("h3", "bc-title", "Your hand"));
    const hand = kit.el("div", "bc-hand");
    (v.hand || []).forEach((card) => {
      const pick = { from: "hand", card };
      const usable = myTurn && movesOf(kit, pick).length > 0;
      const b = button(kit, "bc-handcard" + (picked && same(picked, pick) ? " picked" : ""), [cardNode(kit, card)],
        usable ? () => tapCard(kit, pick) : null, cardName(card));
      b.dataset.card = card;
      hand.append(b);
    });
    if (!(v.hand || []).length) hand.append(kit.el("p", "bc-empty", "No cards in your hand."));
    box.append(hand);
    const row = kit.el("div", "act-row");
    v.legal_actions.filter((a) => a.type === "stop" || a.type === "pass").forEach((a) => {
      const label = a.type === "stop" ? "Play the Stop card: keep going" : v.phase === "stop" ? "Pass: end your turn" : "End your turn";
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
    box.append(kit.el("h3", "bc-title", kit.screen ? "Players" : "The others"));
    const grid = kit.el("ol", "bc-players");
    v.bunco.forEach((b, seat) => {
      if (seat === kit.mine) return;
      const li = kit.el("li", "bc-player" + (seat === v.turn && v.phase !== "over" ? " turn" : ""));
      li.dataset.seat = seat;
      li.append(kit.el("span", "bc-name", kit.nameOf(seat) + (seat === v.turn && v.phase !== "over" ? " ▶" : "")));
      const line = kit.el("span", "bc-line");
      line.append(cardNode(kit, b.top, " mini"), kit.el("span", "bc-count", b.count + " left"));
      const tops = v.surplus[seat].map((p) => p.top).filter((t) => t != null);
      line.append(kit.el("span", "bc-small", "surplus " + (tops.length ? tops.map(face).join(" ") : "–") + " · hand " + v.hand_counts[seat]));
      li.append(line);
      grid.append(li);
    });
    box.append(grid);
    return box;
  }
  function describe(kit, step) {
    const a = step.action, who = step.seat === kit.mine ? "You" : kit.nameOf(step.seat);
    const where = a.to === "new" ? "a new pile" : "a pile";
    const text = {
      play: "played " + cardName(a.card) + (a.from === "bunco" ? " from the Bunco pile" : a.from === "surplus" ? " from the surplus" : "") + " on " + where,
      lay: "laid " + cardName(a.card) + " on the surplus",
      stop: "played a Stop card and goes on",
      pass: "passed",
    }[a.type] || a.type;
    return who + " " + text + (step.by === "timeout" ? " (time ran out)" : "");
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
      hint.textContent = v.hint || "";
      const mine = kit.mine != null && v.hand != null;
      kit.fill("table", [tableNode(kit)]);
      kit.fill("controls", mine ? [mineNode(kit), othersNode(kit)] : [othersNode(kit)]);
      const news = (kit.frame.actions || []).slice(-3).map((s) => describe(kit, s));
      if (v.last_deal) {
        const d = v.last_deal;
        news.push("Deal " + d.deal + ": " + kit.nameOf(d.winner) + " emptied the Bunco pile" + (d.points ? " (+" + d.points + ")" : ""));
      }
      kit.say("news", news.join(" · "));
    },
    seatText(view, seat) {
      const b = view.bunco[seat];
      return "Bunco pile " + b.count + (view.target ? " · " + view.scores[seat] + " points" : "");
    },
  };
})();
