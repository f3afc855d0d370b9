// A game's name in the chosen language: common.game-<id> in the catalogs ("Nine Virtues",
// "아홉 가지 덕목"), else the engine catalog's name (a game added before its words are); its
// short summary for the menu and the embed's cover; and where a saved game stands ("round 3",
// "deal 5", "finished"). Small: the embed's cover uses it.

import { t, has } from "../i18n.js";
import { manifest } from "../manifest.js";
import { gameEntry, roundWord } from "../games/index.js";

export function gameName(id) {
  const key = `common.game-${id}`;
  if (has(key)) return t(key);
  return (Object.hasOwn(manifest.games, id) && manifest.games[id].name) || String(id); // own: never Object's "constructor"
}

// Where a saved game (a storage.js record) stands, in words.
export const roundOf = (record) =>
  record.over ? t("saves.finished") : t("saves.round", { game: record.setup.game, n: record.round });

// -> the game's short rules summary, { tagline, text: [sentences], roundWord } in the page's
// language ("round", "deal"): content for readers, not rules for the page (the engine alone
// decides what is legal). Its sentences come from /RULES.md, worded from the catalog
// (web/i18n/<lang>/table.json, "summary-<game-id>-tagline", "-1"...), as many as the games'
// registry (web/js/games/index.js) says; none for a game without them.
export function summaryOf(gameId) {
  const lines = gameEntry(gameId)?.summaryLines || 0;
  const key = (part) => `table.summary-${gameId}-${part}`;
  const word = t("table.round-word", { word: roundWord(gameId) });
  if (!lines || !has(key("tagline"))) return { tagline: "", text: [], roundWord: word };
  return {
    tagline: t(key("tagline")),
    text: Array.from({ length: lines }, (_, i) => t(key(String(i + 1)))),
    roundWord: word,
  };
}
