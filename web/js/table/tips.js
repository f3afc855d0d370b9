// Tips: a short explanation beside a word a newcomer may not know ("wheel", "23 set aside").
//
// A disclosure, not a title= tooltip: a small "?" button (one tab stop, named "What is …?")
// that shows its text on hover and keyboard focus, and toggles it on a tap or Enter/Space;
// Escape hides it. The text is a real element the button points to (aria-describedby while
// shown), so screen readers read it and it works on touch screens. The table is redrawn after
// every move, so a tip keeps no state beyond its own element.

import { h } from "../dom.js";
import { t } from "../i18n.js";

let counter = 0;

// -> <span class="tip"><button>?</button><span role="tooltip">text</span></span>
// The button is a full touch target (44 px) around a small "?" mark.
// `text`: a string or nodes (lines of `.tip-line`), worded by the caller. `about` names it:
// "What is <about>?" (without one: "What is this?").
export function tip(text, { about = null } = {}) {
  counter += 1;
  const id = `tip-${counter}`;
  const bubble = h("span", { class: "tip-text", id, role: "tooltip", hidden: true }, text);
  const button = h("button", {
    type: "button",
    class: "tip-button",
    "aria-expanded": "false",
    "aria-controls": id,
  }, h("span", { class: "tip-mark", "aria-hidden": "true" }, "?"), h("span", { class: "visually-hidden" }, about ? t("table.tip-about", { about }) : t("table.tip-about-this")));
  const wrap = h("span", { class: "tip" }, button, bubble);
  let pinned = false;
  const show = (on) => {
    bubble.hidden = !on;
    button.setAttribute("aria-expanded", on ? "true" : "false");
    if (on) button.setAttribute("aria-describedby", id);
    else button.removeAttribute("aria-describedby");
    if (on) place(bubble, button);
  };
  button.addEventListener("click", (event) => {
    event.stopPropagation();
    pinned = !pinned;
    show(pinned);
  });
  button.addEventListener("focus", () => show(true));
  button.addEventListener("blur", () => {
    pinned = false;
    show(false);
  });
  wrap.addEventListener("pointerenter", (event) => {
    if (event.pointerType === "mouse") show(true);
  });
  wrap.addEventListener("pointerleave", (event) => {
    if (event.pointerType === "mouse" && !pinned && document.activeElement !== button) show(false);
  });
  button.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && !bubble.hidden) {
      event.stopPropagation();
      pinned = false;
      show(false);
    }
  });
  return wrap;
}

// Place a shown bubble under its button, inside the window (fixed, so a scrolling table or
// a dialog cannot clip it).
function place(bubble, button) {
  const at = button.getBoundingClientRect();
  const room = document.documentElement.clientWidth;
  const width = bubble.offsetWidth;
  const left = Math.min(Math.max(8, at.left + at.width / 2 - width / 2), Math.max(8, room - 8 - width));
  bubble.style.left = `${Math.round(left)}px`;
  const below = at.bottom + 6;
  const fits = below + bubble.offsetHeight < window.innerHeight - 8;
  bubble.style.top = `${Math.round(fits ? below : Math.max(8, at.top - 6 - bubble.offsetHeight))}px`;
}
