// The renderer registry: each game's table module (web/js/games/<game-id>.js, contract in
// web/js/table/table.js), or the generic renderer for a game whose module is not there yet.
// present.js is written by build.py and lists the modules that exist, so a missing one is
// never requested (a 404 would be an error on the console).

import { PRESENT } from "./present.js";
import { loadWords } from "../i18n.js";
import * as generic from "./generic.js";

const MODULES = {
  "nine-virtues": () => import("./nine-virtues/table.js"),
  "to-the-moon": () => import("./to-the-moon/table.js"),
  quodlibet: () => import("./quodlibet/table.js"),
};

// -> every export of the game's module (renderTable, describeLogEntry, hintWords,
//    roundWord, contractName, ...), with the generic pieces where it has none, and
//    `generic: bool`. The shell and hint.js ask the renderer for what it knows; a
//    missing optional export is null (roundWord: "round"; renderLastTrick: no control).
export async function rendererFor(gameId) {
  if (PRESENT.includes(gameId) && MODULES[gameId]) {
    // The game's table words (its catalog area, named by its id) come with its module.
    const [module] = await Promise.all([MODULES[gameId](), loadWords(gameId)]);
    return {
      ...module,
      renderRoundSummary: module.renderRoundSummary || generic.renderRoundSummary,
      describeLogEntry: module.describeLogEntry || null,
      hintWords: module.hintWords || null,
      roundWord: module.roundWord || "round",
      renderLastTrick: module.renderLastTrick || null,
      generic: false,
    };
  }
  return {
    renderTable: generic.renderTable,
    renderRoundSummary: generic.renderRoundSummary,
    describeLogEntry: null,
    hintWords: null,
    roundWord: "round",
    renderLastTrick: null,
    generic: true,
  };
}
