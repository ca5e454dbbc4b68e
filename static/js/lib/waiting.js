/* The host's "arrived after the draw" card (templates/nights/_waiting.html): when a live
 * snapshot's waiting list differs from the card's, the page's fresh card replaces it (the
 * server renders the choices; nothing else on the page moves). */
window.PartyWaiting = (function () {
  "use strict";
  let asked = null;
  async function update(waiting) {
    const card = document.getElementById("waiting");
    const ids = (waiting || []).map((guest) => guest.id).join(" ");
    if (!card || card.dataset.waiting === ids || asked === ids) return;
    asked = ids;
    try {
      const response = await fetch(location.href, { credentials: "same-origin" });
      const page = new DOMParser().parseFromString(await response.text(), "text/html");
      const fresh = page.getElementById("waiting");
      if (fresh) card.replaceWith(document.importNode(fresh, true));
    } finally {
      asked = null;
    }
  }
  return { update };
})();
