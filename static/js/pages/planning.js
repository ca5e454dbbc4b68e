// The planning page's "Paid" toggles: sent without reloading the page (the form's own
// CSRF token goes along in the form data); without JS they are plain forms.
(function () {
  "use strict";
  const status = document.getElementById("paid-status");
  document.querySelectorAll("form.paid-toggle").forEach((form) => {
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      const button = form.querySelector("button");
      const paidInput = form.querySelector("[name=paid]");
      button.disabled = true;
      try {
        const response = await fetch(form.action, {
          method: "POST",
          body: new FormData(form),
          headers: { Accept: "application/json" },
          credentials: "same-origin",
        });
        const answer = await response.json();
        if (!response.ok) throw new Error(PartyWords.render(answer.error) || gettext("Not saved"));
        button.textContent = answer.paid ? gettext("Paid ✓") : gettext("Mark paid");
        button.className = answer.paid ? "paid" : "secondary";
        button.setAttribute("aria-pressed", String(answer.paid));
        paidInput.value = answer.paid ? "0" : "1";
        status.textContent = interpolate(answer.paid ? gettext("%(name)s paid. Pot: $%(pot)s.")
          : gettext("%(name)s has not paid. Pot: $%(pot)s."), { name: answer.name, pot: answer.pot }, true);
      } catch (error) {
        status.textContent = interpolate(gettext("Not saved (%(why)s): try again."), { why: error.message }, true);
      } finally {
        button.disabled = false;
      }
    });
  });
})();

// Seats drawn: a guest who arrives now shows up at once, with the host's choices.
(function () {
  "use strict";
  const card = document.getElementById("waiting");
  if (!card || !card.dataset.socket || !window.PartyLive) return;
  PartyLive.connect(card.dataset.socket, {
    onMessage: (msg) => { if (msg.type === "snapshot") PartyWaiting.update(msg.waiting); },
  });
})();
