// What the build wrote into index.html (build.py, "build:manifest"): where the runtime, the
// worker and the engine wheel are, their sizes, and the game catalog (engine.GAMES with bot
// levels), so the menu can paint before Python has loaded.

import { GAMES } from "./games/index.js";

function read() {
  const el = document.getElementById("parlour-build");
  if (!el) throw new Error("This page was not built: run `python3 build.py serve`.");
  return JSON.parse(el.textContent);
}

export const manifest = read();

// Game ids in menu order: the games' registry's (web/js/games/index.js, the order of the rules
// book), then any other game of the engine's by its id.
const ORDER = Object.keys(GAMES);
export const gameIds = Object.keys(manifest.games).sort(
  (a, b) => (ORDER.indexOf(a) + 1 || 99) - (ORDER.indexOf(b) + 1 || 99) || a.localeCompare(b),
);
