// The renderer registry: each game's table module (web/js/games/<game-id>.js, contract in
// web/js/table.js), or the generic renderer for a game whose module is not there yet.
// present.js is written by build.py and lists the modules that exist, so a missing one is
// never requested (a 404 would be an error on the console).

import { PRESENT } from "./present.js";
import * as generic from "./generic.js";

const MODULES = {
  "nine-virtues": () => import("./nine-virtues.js"),
  "to-the-moon": () => import("./to-the-moon.js"),
  quodlibet: () => import("./quodlibet.js"),
};

// -> { renderTable, renderRoundSummary, describeLogEntry|null, generic: bool }
export async function rendererFor(gameId) {
  if (PRESENT.includes(gameId) && MODULES[gameId]) {
    const module = await MODULES[gameId]();
    return {
      renderTable: module.renderTable,
      renderRoundSummary: module.renderRoundSummary || generic.renderRoundSummary,
      describeLogEntry: module.describeLogEntry || null,
      generic: false,
    };
  }
  return {
    renderTable: generic.renderTable,
    renderRoundSummary: generic.renderRoundSummary,
    describeLogEntry: null,
    generic: true,
  };
}
