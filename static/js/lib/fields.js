// Text boxes with a length limit (maxlength) say so when they reach it: the browser cuts a
// longer name or paste silently, and a guest should know "Maximiliana Von Tr" was cut.
(function () {
  "use strict";
  document.querySelectorAll("input[maxlength]").forEach((input) => {
    const note = document.createElement("span");
    note.className = "limit-note";
    note.setAttribute("role", "status");
    note.hidden = true;
    input.insertAdjacentElement("afterend", note);
    let cut = false;
    input.addEventListener("paste", (event) => {
      const text = (event.clipboardData || window.clipboardData).getData("text") || "";
      const room = input.maxLength - input.value.length + (input.selectionEnd - input.selectionStart);
      cut = text.length > room;
    });
    input.addEventListener("input", () => {
      const full = input.value.length >= input.maxLength;
      note.hidden = !full;
      note.textContent = full
        ? interpolate(cut ? gettext("Cut to %(n)s characters, the longest allowed.")
          : gettext("That is the longest allowed (%(n)s characters)."), { n: input.maxLength }, true)
        : "";
      cut = false;
    });
  });
})();

// The top bar's language pick (templates/site/base.html) applies as soon as it changes (no
// inline onchange: the CSP forbids it).
document.querySelectorAll("#language-pick select").forEach((select) => {
  select.addEventListener("change", () => select.form.submit());
});
