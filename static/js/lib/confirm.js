/* PartyConfirm: a dangerous host action takes a deliberate second step. The first tap arms
 * it (the button's words ask again); a second tap between 0.35 s and 5 s later acts. A
 * double tap's echo comes too soon, and a stray tap after a reload only arms it.
 * Forms opt in with data-confirm="the question", e.g. "Tap again to remove Ann". */
window.PartyConfirm = (function () {
  "use strict";
  const SOONEST = 350;
  const LONGEST = 5000;

  /* "act", "wait" (too soon: ignore) or "arm", for a tap on something armed at `armedAt`
   * (0: not armed). */
  function step(armedAt) {
    const since = Date.now() - armedAt;
    if (since > LONGEST) return "arm";
    return since > SOONEST ? "act" : "wait";
  }

  document.addEventListener("submit", (event) => {
    const form = event.target;
    const question = form.dataset && form.dataset.confirm;
    if (!question) return;
    const button = form.querySelector("button[type=submit], button:not([type])");
    const now = step(Number(form.dataset.armedAt || 0));
    if (now === "act") return; // the second step: let it go
    event.preventDefault();
    if (now === "wait") return;
    const armedAt = Date.now();
    form.dataset.armedAt = String(armedAt);
    form.dataset.label = form.dataset.label || button.textContent;
    button.textContent = question;
    button.classList.add("armed");
    setTimeout(() => {
      if (form.dataset.armedAt !== String(armedAt)) return;
      form.dataset.armedAt = "0";
      button.textContent = form.dataset.label;
      button.classList.remove("armed");
    }, LONGEST);
  });

  return { step, LONGEST };
})();
