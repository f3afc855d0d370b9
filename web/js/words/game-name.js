// A game's name in the chosen language: common.game-<id> in the catalogs ("Nine Virtues",
// "아홉 가지 덕목"), else the engine catalog's name (a game added before its words are); and
// where a saved game stands ("round 3", "deal 5", "finished"). Small: the embed's cover uses it.

import { t, has } from "../i18n.js";
import { manifest } from "../manifest.js";

export function gameName(id) {
  const key = `common.game-${id}`;
  if (has(key)) return t(key);
  return (Object.hasOwn(manifest.games, id) && manifest.games[id].name) || String(id); // own: never Object's "constructor"
}

// Where a saved game (a storage.js record) stands, in words.
export const roundOf = (record) =>
  record.over ? t("saves.finished") : t("saves.round", { game: record.setup.game, n: record.round });
