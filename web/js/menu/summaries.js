// Short rules summaries for the menu: content for readers, not rules for the page (the
// engine alone decides what is legal). Each is a few sentences from /RULES.md, worded from the
// catalog (web/i18n/<lang>/table.json, "summary-<game-id>-…") each time it is asked for, and
// the word the game uses for a round where it is not "round".
import { has, t } from "../i18n.js";

const SUMMARIES = {
  "nine-virtues": { lines: 3 },
  "to-the-moon": { lines: 3 },
  quodlibet: { lines: 3, roundWord: "deal" }, // as its table says (games/quodlibet/words.js)
};

// -> { tagline, text: [sentences], roundWord } in the page's language ("round", "deal").
export function summaryOf(gameId) {
  const known = SUMMARIES[gameId];
  const word = (known && known.roundWord) || "round";
  const key = (part) => `table.summary-${gameId}-${part}`;
  if (!known || !has(key("tagline"))) return { tagline: "", text: [], roundWord: t("table.round-word", { word }) };
  return {
    tagline: t(key("tagline")),
    text: Array.from({ length: known.lines }, (_, i) => t(key(String(i + 1)))),
    roundWord: t("table.round-word", { word }),
  };
}
