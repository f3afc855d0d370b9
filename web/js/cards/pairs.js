// Drawing Pairs-deck cards (Nine Virtues, To the Moon): pure DOM builders, no rules.
//
// A face shows its rank three ways, so it reads at a glance, in greyscale and to a screen
// reader: a big numeral, a pattern of pips (rank r has r pips, as the deck holds r copies of
// r) and a colour of its own per rank. A back shows nothing about the card, and its builder
// takes no rank at all: a hidden card's value can never reach the DOM through here.
// The look lives in pairs.css beside this module (which adds the stylesheet on first use).

// Every word here comes from the catalogs (web/i18n/<lang>/cards.json, table.json): a rank is
// said as its numeral in every language, and the sentences around it are the tables' own.

import { cardBackShell, cardShell, svg } from "./svg.js";
import { signed as signedNumber, t } from "../i18n.js";

let cssAdded = false;

/** Add the Pairs deck's stylesheet once (the shell may have linked it already). */
export function ensurePairsCss() {
  if (cssAdded || typeof document === "undefined") return;
  cssAdded = true;
  const href = new URL("./pairs.css", import.meta.url).href;
  for (const link of document.querySelectorAll('link[rel="stylesheet"]')) {
    if (link.href === href) return;
  }
  const link = document.createElement("link");
  link.rel = "stylesheet";
  link.href = href;
  document.head.appendChild(link);
}


// Pip positions in a 60 x 84 card: one row up to five, two rows above that (top row fuller).
function pipPositions(rank) {
  const rows = rank <= 5 ? [rank] : [Math.ceil(rank / 2), Math.floor(rank / 2)];
  const gap = 9.4;
  const out = [];
  const top = rows.length === 1 ? 69 : 64.5;
  rows.forEach((count, row) => {
    const y = top + row * 9;
    const start = 30 - ((count - 1) * gap) / 2;
    for (let i = 0; i < count; i += 1) out.push([start + i * gap, y]);
  });
  return out;
}

/**
 * The face of a card of ``rank`` (1-10): a decorative element (aria-hidden) unless
 * ``label`` is given, in which case it is an image with that accessible name.
 */
export function cardFace(rank, { label = null, small = false } = {}) {
  ensurePairsCss();
  const r = Number(rank);
  const { el, pic } = cardShell("pc", `pc pc-face pc-r${r}${small ? " pc-small" : ""}`, label);
  el.dataset.rank = String(r);
  pic.appendChild(svg("rect", { x: 5, y: 5, width: 50, height: 74, rx: 3.5, class: "pc-frame" }));
  const corner = svg("text", { x: 9.5, y: 17, class: "pc-corner" });
  corner.textContent = String(r);
  pic.appendChild(corner);
  const big = svg("text", {
    x: 30,
    y: r === 10 ? 47 : 48,
    class: "pc-num",
    "text-anchor": "middle",
    "font-size": r === 10 ? 30 : 36,
  });
  big.textContent = String(r);
  pic.appendChild(big);
  for (const [cx, cy] of pipPositions(r)) {
    pic.appendChild(svg("circle", { cx, cy, r: 3.3, class: "pc-pip" }));
  }
  return el;
}

/** A face-down card. It has no rank parameter on purpose. */
export function cardBack({ label = t("cards.face-down"), small = false } = {}) {
  ensurePairsCss();
  return cardBackShell("pc", `pc pc-back${small ? " pc-small" : ""}`, label, {
    reach: 60,
    step: 10,
    badge: 9,
  });
}

/** An empty place for a rank that is not there (e.g. a rank missing from a countdown). */
export function rankSlot(rank, { label = null } = {}) {
  ensurePairsCss();
  const el = document.createElement("span");
  el.className = `pc pc-slot pc-r${rank}`;
  el.dataset.missing = String(rank);
  const num = document.createElement("span");
  num.className = "pc-slot-num";
  num.textContent = String(rank);
  num.setAttribute("aria-hidden", "true");
  el.appendChild(num);
  el.setAttribute("role", "img");
  el.setAttribute("aria-label", label || t("cards.rank-missing", { rank }));
  return el;
}

/** A compact rank badge (for tables and text): the rank's colours and its numeral. */
export function rankBadge(rank, { label = null } = {}) {
  ensurePairsCss();
  const el = document.createElement("span");
  el.className = `pc-badge pc-r${rank}`;
  el.textContent = String(rank);
  if (label) {
    el.setAttribute("role", "img");
    el.setAttribute("aria-label", label);
  }
  return el;
}

/**
 * A card the player can press. ``action`` (exact notation) goes in ``data-action`` when the
 * press submits it; ``onPress`` runs on click. ``legal`` false still lets the press through
 * (so the table can explain why not) but styles the card as unavailable and marks it
 * ``aria-disabled``: say why in ``label`` ("..., cannot be built now").
 */
export function cardButton(rank, { label, onPress, action = null, legal = true, selected = false,
  small = false, extraClass = "" } = {}) {
  const btn = document.createElement("button");
  btn.type = "button";
  btn.className = `pc-btn${legal ? "" : " pc-btn-off"}${selected ? " is-selected" : ""}` +
    (extraClass ? ` ${extraClass}` : "");
  // Not legal now: still focusable and pressable (the press says why), but said as disabled.
  if (!legal) btn.setAttribute("aria-disabled", "true");
  if (selected) btn.setAttribute("aria-pressed", "true");
  if (action) btn.dataset.action = action;
  btn.dataset.rank = String(rank);
  // The name is hidden text, not aria-label: the face shows its numeral twice (corner and
  // middle), and a name must contain a control's visible text (axe's
  // label-content-name-mismatch); text content has no such rule to trip.
  btn.appendChild(cardFace(rank, { small }));
  const name = document.createElement("span");
  name.className = "pairs-visually-hidden";
  name.textContent = label || `${rank}`;
  btn.appendChild(name);
  if (onPress) btn.addEventListener("click", onPress);
  return btn;
}

/** Cards of ``ranks`` face up in a row (not interactive). */
export function cardRow(ranks, { labelFor = (r) => `${r}`, small = false, className = "" } = {}) {
  const row = document.createElement("span");
  row.className = `pc-row${className ? ` ${className}` : ""}`;
  for (const r of ranks) row.appendChild(cardFace(r, { label: labelFor(r), small }));
  return row;
}

/** ``count`` face-down cards, drawn as a tight fan with the count written beside it. */
export function backFan(count, { label, max = 8 } = {}) {
  const wrap = document.createElement("span");
  wrap.className = "pc-fan";
  wrap.setAttribute("role", "img");
  wrap.setAttribute("aria-label", label || t("cards.face-down-count", { count }));
  const backs = document.createElement("span");
  backs.className = "pc-fan-cards";
  const shown = Math.min(count, max);
  for (let i = 0; i < shown; i += 1) backs.appendChild(cardBack({ label: null, small: true }));
  wrap.appendChild(backs);
  const n = document.createElement("span");
  n.className = "pc-fan-count";
  n.setAttribute("aria-hidden", "true");
  n.textContent = `×${count}`;
  wrap.appendChild(n);
  if (count === 0) wrap.classList.add("is-empty");
  return wrap;
}

// --- small table helpers shared by the two Pairs tables ------------------------------------

/** ``el("div", {class: "x", "aria-label": "y"}, child, "text")``: a DOM element. */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else if (key.startsWith("on") && typeof value === "function") {
      node.addEventListener(key.slice(2), value);
    } else node.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.appendChild(typeof child === "string" ? document.createTextNode(child) : child);
  }
  return node;
}

/**
 * The table's message line: ``show(text, kind, ...extra)`` with kind "info", "turn" or
 * "error"; extra nodes (e.g. a Cancel button) go after the text. Not a live region: it is
 * redrawn with the table, so the shell's announcer (``ui.announce``) speaks for it.
 */
export function messageBox() {
  const box = el("div", { class: "pairs-message", "data-kind": "info" });
  const text = el("span", { class: "pairs-message-text" });
  box.appendChild(text);
  return {
    node: box,
    show(message, kind = "info", ...extra) {
      box.dataset.kind = kind;
      text.textContent = message;
      while (box.childNodes.length > 1) box.removeChild(box.lastChild);
      for (const node of extra) if (node) box.appendChild(node);
    },
  };
}

/**
 * Wrap ``ui`` for a table: ``submit(action)`` sends a legal action once (the table goes busy
 * until the shell draws the next view); ``refuse(action)`` asks the engine why ``action`` is
 * not allowed and shows that in the table's message box.
 */
export function actions(root, ui, message) {
  let busy = false;
  return {
    async submit(action) {
      if (busy) return;
      busy = true;
      root.classList.add("is-busy");
      try {
        await ui.act(action);
      } catch (err) {
        message.show(String((err && err.message) || err), "error");
        if (ui.announce) ui.announce(String((err && err.message) || err), "assertive");
      } finally {
        busy = false;
        root.classList.remove("is-busy");
      }
    },
    async refuse(action, fallback = t("table.refused")) {
      let why = null;
      try {
        why = await ui.explain(action);
      } catch (err) {
        why = null;
      }
      message.show(why || fallback, "error");
      if (ui.announce) ui.announce(why || fallback, "assertive");
    },
  };
}

/** The name of ``seat`` for labels (the shell's name, "You" handled by the shell). */
export function nameOf(ui, seat) {
  try {
    const name = ui && ui.seatName ? ui.seatName(seat) : null;
    return name || t("table.seat-player", { n: seat + 1 });
  } catch (err) {
    return t("table.seat-player", { n: seat + 1 });
  }
}

/** Seats in clockwise order starting left of ``me`` (all seats from 0 when me is null). */
export function seatOrder(players, me) {
  const out = [];
  const start = me === null || me === undefined ? 0 : me + 1;
  for (let i = 0; i < players; i += 1) {
    const seat = (start + i) % players;
    if (seat !== me) out.push(seat);
  }
  return out;
}

/** "+7", "−7", "0": always a sign (Intl.NumberFormat, i18n.js). */
export const signed = (n) => signedNumber(n);
