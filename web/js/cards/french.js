// Drawing French-suited cards (Quodlibet): pure DOM builders, no rules.
//
// A card code is rank + suit, as in RULES.md: rank `7 8 9 T J Q K A`, suit `S H D C`
// ("QD" = queen of diamonds, "TH" = ten of hearts). A face shows its suit twice over, so it
// reads in greyscale, to colour-blind players and to a screen reader: a drawn suit symbol
// (SVG paths, no font needed) plus a colour of its own per suit — red inks for hearts and
// diamonds, dark inks for spades and clubs, and a different face tint for each of the four.
// A back shows nothing about the card, and its builder takes no code at all: a hidden card's
// value can never reach the DOM through here.
// The look lives in french.css beside this module (added to the page on first use).

import { cardBackShell, cardShell, svg } from "./svg.js";
import { t } from "../i18n.js";

// A suit's and a rank's names are read from the catalog (web/i18n/<lang>/cards.json) each time
// they are asked for, so they follow a language switch: `name` (plural: "spades", 스페이드),
// `one` (singular: "spade").
const suit = (code, symbol) => ({
  symbol,
  get name() {
    return t(`cards.suit-${code}`);
  },
  get one() {
    return t(`cards.suit-one-${code}`);
  },
});

/** Suits in the engine's order, with their symbol and names. */
export const SUITS = {
  S: suit("S", "\u2660"),
  H: suit("H", "\u2665"),
  D: suit("D", "\u2666"),
  C: suit("C", "\u2663"),
};
export const SUIT_ORDER = ["S", "H", "D", "C"];

const rank = (code, short) => ({
  short,
  get name() {
    return t(`cards.rank-${code}`);
  },
});

/** Ranks from low to high (QL-1), with what a face prints and what a label says. */
export const RANK_ORDER = ["7", "8", "9", "T", "J", "Q", "K", "A"];
export const RANKS = {
  7: rank("7", "7"),
  8: rank("8", "8"),
  9: rank("9", "9"),
  T: rank("T", "10"),
  J: rank("J", "J"),
  Q: rank("Q", "Q"),
  K: rank("K", "K"),
  A: rank("A", "A"),
};

/** A suit's name: "spades", 스페이드. */
export const suitName = (code) => (SUITS[code] ? SUITS[code].name : String(code));

/** Split "QD" into ["Q", "D"]; null for anything that is not a card code. */
export function parseCode(code) {
  if (typeof code !== "string" || code.length !== 2) return null;
  const rank = code[0];
  const suit = code[1];
  if (!RANKS[rank] || !SUITS[suit]) return null;
  return [rank, suit];
}

/** "queen of diamonds", 다이아몬드 퀸 (for labels and sentences). */
export function cardName(code) {
  const parsed = parseCode(code);
  if (!parsed) return String(code);
  return t("cards.card-name", { rank: RANKS[parsed[0]].name, suit: SUITS[parsed[1]].name });
}

/** "the Q♦" (English), "Q♦" (Korean): a card in a sentence. */
export const theCard = (code) => t("cards.the-card", { card: cardShort(code) });

/** "Q♦", "10♥" (for compact text). */
export function cardShort(code) {
  const parsed = parseCode(code);
  if (!parsed) return String(code);
  return `${RANKS[parsed[0]].short}${SUITS[parsed[1]].symbol}`;
}

let cssAdded = false;

/** Add the French deck's stylesheet once (the shell may have linked it already). */
export function ensureFrenchCss() {
  if (cssAdded || typeof document === "undefined") return;
  cssAdded = true;
  const href = new URL("./french.css", import.meta.url).href;
  for (const link of document.querySelectorAll('link[rel="stylesheet"]')) {
    if (link.href === href) return;
  }
  const link = document.createElement("link");
  link.rel = "stylesheet";
  link.href = href;
  document.head.appendChild(link);
}


// Suit shapes drawn in a 10 x 10 box, so they need no symbol font (a list = several parts).
const SUIT_PATHS = {
  H: "M5 9.6C3.4 8.1 0 5.7 0 3 0 1.3 1.2 0 2.7 0 3.8 0 4.6.7 5 1.7 5.4.7 6.2 0 7.3 0 8.8 0 10 1.3 10 3 10 5.7 6.6 8.1 5 9.6Z",
  D: "M5 0 9 5 5 10 1 5Z",
  S: "M5 0C3.4 1.6 0 4 0 6.4 0 7.9 1.1 9 2.5 9 3.5 9 4.2 8.5 4.6 7.8 4.5 8.8 4 9.5 3.3 10H6.7C6 9.5 5.5 8.8 5.4 7.8 5.8 8.5 6.5 9 7.5 9 8.9 9 10 7.9 10 6.4 10 4 6.6 1.6 5 0Z",
  C: [
    "M2.5 2.6a2.5 2.5 0 1 0 5 0a2.5 2.5 0 1 0 -5 0Z",
    "M0 6.1a2.5 2.5 0 1 0 5 0a2.5 2.5 0 1 0 -5 0Z",
    "M5 6.1a2.5 2.5 0 1 0 5 0a2.5 2.5 0 1 0 -5 0Z",
    "M4.4 5 3.3 10H6.7L5.6 5Z",
  ],
};

/** A suit symbol as a small inline SVG (decorative: say the suit in text or a label). */
export function suitIcon(suit, { className = "" } = {}) {
  const pic = svg("svg", {
    viewBox: "-0.5 -0.5 11 11",
    class: `fc-suit fc-s${suit}${className ? ` ${className}` : ""}`,
    focusable: "false",
    "aria-hidden": "true",
  });
  addSuitPaths(pic, suit);
  return pic;
}

function addSuitPaths(parent, suit) {
  const parts = [].concat(SUIT_PATHS[suit] || []);
  for (const d of parts) parent.appendChild(svg("path", { d, class: "fc-ink" }));
}

function suitAt(suit, x, y, size) {
  const g = svg("g", { transform: `translate(${x} ${y}) scale(${size / 10})` });
  addSuitPaths(g, suit);
  return g;
}

/**
 * The face of the card ``code``: a decorative element (aria-hidden) unless ``label`` is
 * given, in which case it is an image with that accessible name. ``small`` draws it smaller.
 */
export function cardFace(code, { label = null, small = false } = {}) {
  ensureFrenchCss();
  const parsed = parseCode(code);
  if (!parsed) {
    // Not a code: draw a blank, never guess.
    const el = document.createElement("span");
    el.className = `fc fc-blank${small ? " fc-small" : ""}`;
    el.setAttribute("aria-hidden", "true");
    return el;
  }
  const [rank, suit] = parsed;
  const { el, pic } = cardShell("fc", `fc fc-face fc-s${suit}${small ? " fc-small" : ""}`, label);
  el.dataset.card = code;
  const text = RANKS[rank].short;
  const wide = text.length > 1;
  // Top-left index: big enough to read on a small card in a fanned hand.
  const index = svg("text", {
    x: wide ? 15 : 13,
    y: 25,
    class: "fc-rank",
    "text-anchor": "middle",
    "font-size": wide ? 21 : 24,
    "letter-spacing": wide ? -1.5 : 0,
  });
  index.textContent = text;
  pic.appendChild(index);
  pic.appendChild(suitAt(suit, 6.5, 30, 13));
  // The big suit in the middle-right, and a court letter over it for J Q K.
  pic.appendChild(suitAt(suit, 23, 36, 32));
  if (rank === "J" || rank === "Q" || rank === "K") {
    pic.appendChild(svg("rect", { x: 28, y: 9, width: 24, height: 22, rx: 4, class: "fc-court" }));
    const court = svg("text", { x: 40, y: 26.5, class: "fc-court-letter", "text-anchor": "middle" });
    court.textContent = rank;
    pic.appendChild(court);
  }
  // Bottom-right index, upside down as on a real card.
  const foot = svg("g", { transform: "rotate(180 30 42)" });
  const index2 = svg("text", {
    x: wide ? 12 : 10.5, y: 17, class: "fc-rank fc-rank-small", "text-anchor": "middle",
    "font-size": wide ? 12 : 13,
  });
  index2.textContent = text;
  foot.appendChild(index2);
  pic.appendChild(foot);
  return el;
}

/** A face-down card. It has no code parameter on purpose. */
export function cardBack({ label = t("cards.face-down"), small = false } = {}) {
  ensureFrenchCss();
  return cardBackShell("fc", `fc fc-back${small ? " fc-small" : ""}`, label, {
    reach: 72,
    step: 8,
    badge: 8,
  });
}

/** An empty place where a card may go (a trick slot, an unstarted row). */
export function cardSlot({ label = null, text = "", small = false } = {}) {
  ensureFrenchCss();
  const el = document.createElement("span");
  el.className = `fc fc-slot${small ? " fc-small" : ""}`;
  if (text) {
    const t = document.createElement("span");
    t.className = "fc-slot-text";
    t.textContent = text;
    t.setAttribute("aria-hidden", "true");
    el.appendChild(t);
  }
  if (label) {
    el.setAttribute("role", "img");
    el.setAttribute("aria-label", label);
  } else {
    el.setAttribute("aria-hidden", "true");
  }
  return el;
}

/**
 * A card the player can press: the face of ``code``, or a back when ``code`` is null (Open
 * Trousers positions). ``action`` (exact notation) goes in ``data-action`` when the press
 * submits a legal action; ``legal`` false still lets the press through (so the table can
 * explain why not) but styles the card as unavailable and marks it ``aria-disabled`` (say
 * why in ``label``).
 */
export function cardButton(code, { label, onPress, action = null, legal = true, small = false,
  extraClass = "" } = {}) {
  const btn = document.createElement("button");
  btn.type = "button";
  btn.className = `fc-btn ${legal ? "is-legal" : "is-off"}${extraClass ? ` ${extraClass}` : ""}`;
  // Not legal now: still focusable and pressable (the press says why), but said as disabled.
  if (!legal) btn.setAttribute("aria-disabled", "true");
  if (action) btn.dataset.action = action;
  if (code) btn.dataset.card = code;
  // The name is hidden text, not aria-label: the face shows its index twice, and a name must
  // contain a control's visible text (axe's label-content-name-mismatch).
  btn.appendChild(code ? cardFace(code, { small }) : cardBack({ label: null, small }));
  const name = document.createElement("span");
  name.className = "ql-visually-hidden";
  name.textContent = label || (code ? cardName(code) : t("cards.face-down"));
  btn.appendChild(name);
  if (onPress) btn.addEventListener("click", onPress);
  return btn;
}

/** ``count`` face-down cards as a tight fan, with the count written beside it. */
export function backFan(count, { label, max = 8 } = {}) {
  ensureFrenchCss();
  const wrap = document.createElement("span");
  wrap.className = `fc-fan${count === 0 ? " is-empty" : ""}`;
  wrap.setAttribute("role", "img");
  wrap.setAttribute("aria-label", label || t("cards.face-down-count", { count }));
  const shown = Math.min(count, max);
  const stack = document.createElement("span");
  stack.className = "fc-fan-cards";
  for (let i = 0; i < shown; i += 1) stack.appendChild(cardBack({ label: null, small: true }));
  wrap.appendChild(stack);
  const n = document.createElement("span");
  n.className = "fc-fan-count";
  n.setAttribute("aria-hidden", "true");
  n.textContent = `\u00d7${count}`;
  wrap.appendChild(n);
  return wrap;
}
