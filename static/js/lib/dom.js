/* PartyDom: the DOM helpers the page scripts share (a classic script, like live.js: pages
 * and the card games' scripts read window.PartyDom). Text only ever goes in as text nodes
 * or textContent, never as HTML; the server's Words (live/words.py) are rendered in the
 * page's language by PartyWords (words.js) wherever text goes. */
(function () {
  "use strict";

  const $ = (id) => document.getElementById(id);

  const words = window.PartyWords;

  function say(id, text) {
    $(id).textContent = words.render(text);
  }

  /* el("p", "class names", "text", child, ...) or el("p", {class: "x", onclick: fn}, ...):
   * a DOM node. Strings, numbers and Words become text; null, undefined and false are
   * skipped. */
  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    if (typeof attrs === "string") {
      if (attrs) node.className = attrs;
    } else {
      Object.entries(attrs || {}).forEach(([key, value]) => {
        if (value === null || value === undefined || value === false) return;
        if (key === "onclick") node.addEventListener("click", value);
        else node.setAttribute(key, value === true ? "" : value);
      });
    }
    children.flat().forEach((child) => {
      if (child === null || child === undefined || child === false) return;
      const text = typeof child === "string" || typeof child === "number" || words.isWords(child);
      node.append(text ? words.render(child) : child);
    });
    return node;
  }

  window.PartyDom = { $, say, el };
})();
