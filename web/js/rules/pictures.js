// Small pictures for the rules pages, drawn by the tables' own card renderers (cards/pairs.js,
// cards/french.js), so a card in the rules looks exactly like the card on the table. Each card
// is an image with a worded name (rules.card-*), each line of cards says what it is.

import { h } from "../dom.js";
import { cardFace as pairsFace, cardBack as pairsBack, rankSlot } from "../cards/pairs.js";
import { cardFace as frenchFace, cardBack as frenchBack, cardSlot, parseCode } from "../cards/french.js";
import { say } from "./say.js";

// Select keywords of rules.card-french (a code's letters are not words).
const RANK_WORDS = { 7: "seven", 8: "eight", 9: "nine", T: "ten", J: "jack", Q: "queen", K: "king", A: "ace" };
const SUIT_WORDS = { S: "spades", H: "hearts", D: "diamonds", C: "clubs" };

function named(node, key, values) {
  node.setAttribute("aria-label", say(node, key, values));
  return node;
}

/** A face-up Pairs card of `rank`. */
export const pairsCard = (rank) => {
  const card = pairsFace(rank, { label: "-", small: true });
  return named(card, "rules.card-pairs", { rank });
};

/** Where a rank is missing (a countdown's gap). */
export const pairsGap = (rank) => {
  const slot = rankSlot(rank, { label: "-" });
  return named(slot, "rules.card-missing", { rank });
};

/** A face-down Pairs card. */
export const pairsDown = () => named(pairsBack({ label: "-", small: true }), "rules.card-down");

/** A face-up French card of `code` ("KH"). */
export const frenchCard = (code) => {
  const [rank, suit] = parseCode(code);
  const card = frenchFace(code, { label: "-", small: true });
  return named(card, "rules.card-french", { rank: RANK_WORDS[rank], suit: SUIT_WORDS[suit] });
};

/** A face-down French card. */
export const frenchDown = () => named(frenchBack({ label: "-", small: true }), "rules.card-down");

/** The empty place where the jack of `suit` would start a Snack row. */
export const snackGap = (suit) => {
  const slot = cardSlot({ label: "-", text: "J", small: true });
  return named(slot, "rules.row-empty", { suit: SUIT_WORDS[suit] });
};

/**
 * One labelled line of cards: `label` is a message key (with `values`), `cards` are nodes
 * (from the builders above). `mark` highlights the cards at those positions (the one that
 * scores, the one just played), said in the card's name by `markKey`.
 */
export function cardLine(label, cards, { values = undefined, mark = [], markKey = null } = {}) {
  const name = h("span", { class: "rules-line-label" });
  name.textContent = say(name, label, values);
  const row = h("span", { class: "rules-cards" });
  cards.forEach((card, i) => {
    if (mark.includes(i)) {
      card.classList.add("rules-marked");
      if (markKey) card.setAttribute("aria-label", `${card.getAttribute("aria-label")}, ${say(card, markKey)}`);
    }
    row.append(card);
  });
  return h("div", { class: "rules-line" }, name, row);
}

/** A picture of several lines. */
export const lines = (...children) => h("div", { class: "rules-lines" }, ...children);

/** Ranks as Pairs cards. */
export const pairs = (ranks) => ranks.map((rank) => pairsCard(rank));

/** Codes as French cards. */
export const french = (codes) => codes.map((code) => frenchCard(code));

/**
 * A small table of numbers (hand sizes, scores). `head`: message keys of the column heads;
 * `rows`: each a row head (a key, or [key, values]) then cells: numbers, or {signed: n} for a
 * score shown with its sign.
 */
export function numbers(caption, head, rows) {
  const format = (n, sign) => new Intl.NumberFormat(document.documentElement.lang, { signDisplay: sign ? "exceptZero" : "auto" }).format(n);
  const worded = (node, content) => {
    const [key, values] = Array.isArray(content) ? content : [content, undefined];
    node.textContent = say(node, key, values);
    return node;
  };
  const cap = worded(h("caption", {}), caption);
  const top = h("tr", {}, head.map((key) => worded(h("th", { scope: "col" }), key)));
  const body = rows.map(([first, ...cells]) =>
    h(
      "tr",
      {},
      worded(h("th", { scope: "row" }), first),
      cells.map((c) => h("td", {}, typeof c === "number" ? format(c, false) : format(c.signed, true))),
    ),
  );
  return h("div", { class: "rules-table-wrap" }, h("table", { class: "rules-table" }, cap, h("thead", {}, top), h("tbody", {}, body)));
}

/**
 * A trick, side by side: each play is a name (a key with values) over its card. `win` is the
 * index of the winning play, outlined and said in its card's name by `winKey`.
 */
export function trickPicture(plays, { win = null, winKey = null } = {}) {
  return h(
    "div",
    { class: "rules-trick" },
    plays.map(({ label, values, card }, i) => {
      const name = h("span", { class: "rules-play-label" });
      name.textContent = say(name, label, values);
      if (i === win) {
        card.classList.add("rules-marked");
        if (winKey) card.setAttribute("aria-label", `${card.getAttribute("aria-label")}, ${say(card, winKey)}`);
      }
      return h("span", { class: "rules-play" }, name, card);
    }),
  );
}

/** A face-down pile of `count` cards, as one image named by `key` (with `values`). */
export function pileOf(count, key, values) {
  const stack = h("span", { class: "rules-pile", role: "img" });
  stack.setAttribute("aria-label", say(stack, key, values));
  for (let i = 0; i < count; i += 1) stack.append(frenchBack({ label: null, small: true }));
  return stack;
}
