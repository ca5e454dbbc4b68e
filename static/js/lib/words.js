/* PartyWords: the server's Words (live/words.py) in this page's language, with Django's
 * JavaScript catalog (loaded before this script): {text, args} or {text, plural, n, args},
 * with "context" where a word needs one. Arguments that are Words are rendered first. A plain
 * string (a name as it was typed) is shown as it is. */
(function () {
  "use strict";

  // A plain object from a frame: a DOM node has a "text" too (an <a>'s text content).
  function isWords(value) {
    return value !== null && typeof value === "object" && value.constructor === Object
      && typeof value.text === "string";
  }

  function template(words) {
    const ctx = words.context;
    if (words.plural !== undefined) {
      return ctx ? npgettext(ctx, words.text, words.plural, words.n)
        : ngettext(words.text, words.plural, words.n);
    }
    return ctx ? pgettext(ctx, words.text) : gettext(words.text);
  }

  function render(words) {
    if (!isWords(words)) return words == null ? "" : String(words);
    const args = {};
    Object.entries(words.args || {}).forEach(([key, value]) => {
      args[key] = isWords(value) ? render(value) : value;
    });
    return interpolate(template(words), args, true);
  }

  window.PartyWords = { render, isWords };
})();
