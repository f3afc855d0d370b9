// A game's renderer for the table (contract in table.js): its table module, from the games'
// registry (web/js/games/index.js), or the generic renderer (games/generic.js) for a game
// without one. present.js is written by build.py and lists the table modules that exist, so a
// missing one is never requested (a 404 would be an error on the console).

import { PRESENT } from "../games/present.js";
import { gameEntry, roundWord } from "../games/index.js";
import { loadWords } from "../i18n.js";
import * as generic from "../games/generic.js";

// -> every export of the game's module (renderTable, describeLogEntry, hintWords,
//    contractName, ...), with the generic pieces where it has none, its `roundWord` (from the
//    registry) and `generic: bool`. The shell and hint.js ask the renderer for what it knows;
//    a missing optional export is null (renderLastTrick: no control).
export async function rendererFor(gameId) {
  const entry = gameEntry(gameId);
  if (PRESENT.includes(gameId) && entry?.table) {
    // The game's table words (its catalog area, named by its id) come with its module.
    const [module] = await Promise.all([entry.table(), loadWords(gameId)]);
    return {
      ...module,
      renderRoundSummary: module.renderRoundSummary || generic.renderRoundSummary,
      describeLogEntry: module.describeLogEntry || null,
      hintWords: module.hintWords || null,
      roundWord: roundWord(gameId),
      renderLastTrick: module.renderLastTrick || null,
      generic: false,
    };
  }
  return {
    renderTable: generic.renderTable,
    renderRoundSummary: generic.renderRoundSummary,
    describeLogEntry: null,
    hintWords: null,
    roundWord: "round", // the generic table counts plain rounds, whatever the game
    renderLastTrick: null,
    generic: true,
  };
}
