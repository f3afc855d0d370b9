// "How we read the rules" (`?rules=reading`): every point where a published text is silent,
// ambiguous or garbled, what the game does and why (RULES.md's "(resolved)" clauses and the
// choices written in engine/games/*/game.py, snack.py and the contract modules), and every
// variant option (API.md, "Options") with the link that turns it on. Catalog area
// rules-reading.

import { h } from "../dom.js";
import { say } from "./say.js";

const A = "rules-reading";

// [point, what we do and why] message names, per game.
const points = (prefix, count) => ({
  terms: Array.from({ length: count }, (_, i) => [`${prefix}-${i + 1}-point`, `${prefix}-${i + 1}-choice`]),
});

// A variant: its name, what it does, and a link that starts a game with it on. The link's
// address is shown too (in code: it is typed, not read), so it can be written into any link.
const VARIANTS = [
  { id: "swap-limit", game: "nine-virtues", query: "game=nine-virtues&opt.swap_limit=6" },
  { id: "plus-austrian", game: "quodlibet", query: "game=quodlibet&opt.plus_austrian=true" },
  { id: "dealer-leads", game: "quodlibet", query: "game=quodlibet&opt.dealer_leads=true" },
  { id: "contracts", game: "quodlibet", query: "game=quodlibet&contracts=bribe,snack" },
  { id: "dealer", game: "to-the-moon", query: "game=to-the-moon&opt.dealer=0" },
  { id: "deal", game: null, query: null, code: 'opt.deal={"hands": [...], ...}' },
];

function variant({ id, query, code }) {
  const heading = h("h4", { id: `rules-variant-${id}`, class: "rules-sub" });
  heading.textContent = say(heading, `${A}.variant-${id}-name`);
  const text = h("p", {});
  text.textContent = say(text, `${A}.variant-${id}-text`);
  const shown = h("code", { translate: "no", class: "rules-code" }, code || `?${query}`);
  let start = null;
  if (query) {
    const link = h("a", { href: `./?${query}`, class: "rules-start" });
    link.textContent = say(link, `${A}.variant-start`);
    start = h("p", { class: "rules-variant-link" }, link, " ", shown);
  } else {
    start = h("p", { class: "rules-variant-link" }, shown);
  }
  return h("section", { class: "rules-variant", "aria-labelledby": heading.id }, heading, text, start);
}

export const reading = {
  area: A,
  sections: [
    { id: "sources", title: "sources-title", blocks: ["sources-1", "sources-2", "sources-3"] },
    {
      id: "nine-virtues",
      title: "nv-title",
      blocks: ["nv-intro", points("nv", 8), { see: "nine-virtues", text: "see-nine-virtues" }],
    },
    {
      id: "to-the-moon",
      title: "tm-title",
      blocks: ["tm-intro", points("tm", 8), { see: "to-the-moon", text: "see-to-the-moon" }],
    },
    {
      id: "quodlibet",
      title: "ql-title",
      blocks: ["ql-intro", points("ql", 13), { see: "quodlibet", text: "see-quodlibet" }],
    },
    {
      id: "variants",
      title: "variants-title",
      blocks: ["variants-1", "variants-2", { node: () => h("div", { class: "rules-variants" }, VARIANTS.map(variant)) }, "variants-3"],
    },
  ],
};
