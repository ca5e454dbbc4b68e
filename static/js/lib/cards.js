/* PartyCards: a playing card ("QH", "TS", "JK") as a screen reader says it, in the page's
 * language: one whole phrase per suit with the rank inside ("queen of hearts"), the
 * joker by name. The card games' scripts share it (a classic script, like dom.js). */
(function () {
  "use strict";

  const SUITS = {
    S: gettext("%(rank)s of spades"), H: gettext("%(rank)s of hearts"),
    D: gettext("%(rank)s of diamonds"), C: gettext("%(rank)s of clubs"),
  };
  const RANKS = {
    A: pgettext("card", "ace"), T: "10", J: pgettext("card", "jack"),
    Q: pgettext("card", "queen"), K: pgettext("card", "king"),
  };

  function spoken(card) {
    if (card === "JK") return pgettext("card", "joker");
    return interpolate(SUITS[card[1]], { rank: RANKS[card[0]] || card[0] }, true);
  }

  window.PartyCards = { spoken };
})();
