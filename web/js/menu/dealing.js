// The table while the engine gets ready: a game (or a lesson, or a saved game) started before
// the engine is ready opens here at once, with the game's name, its deck face down being
// shuffled, the boot's quiet words ("Shuffling the cards…", progress.js) and a way back; app.js
// begins the game the moment the engine is ready, with no second press.
//
//   const screen = dealingScreen({ root, game, progress, onBack });
//   screen.reword();   // the language changed
//
// Nothing here waits or decides: app.js replaces the screen with the table (or the menu).

import { h } from "../dom.js";
import { t } from "../i18n.js";
import { gameName } from "../words/game-name.js";
import { cardBack as pairsBack } from "../cards/pairs.js";
import { cardBack as frenchBack } from "../cards/french.js";

// The deck each game is played with, face down (a back never takes a card's value).
const BACKS = { "nine-virtues": pairsBack, "to-the-moon": pairsBack, quodlibet: frenchBack };

export function dealingScreen({ root, game, progress, onBack }) {
  const back = Object.hasOwn(BACKS, game) ? BACKS[game] : pairsBack;
  const title = h("h1", { id: "dealing-title" });
  const note = h("p", { class: "hint dealing-note" });
  const button = h("button", { type: "button", class: "button dealing-back", onclick: () => onBack() });
  const deck = h("div", { class: "dealing-deck", "aria-hidden": "true" }, Array.from({ length: 5 }, () => back({ label: null })));
  const reword = () => {
    title.textContent = game ? gameName(game) : t("menu.boot-section");
    note.textContent = t("menu.dealing-note");
    button.textContent = t("menu.dealing-back");
  };
  reword();
  root.replaceChildren(
    h("section", { class: "dealing", "aria-labelledby": "dealing-title", "aria-busy": "true", dataset: { game: game || "" } }, h("div", { class: "dealing-bar" }, title, button), deck, progress.el, note),
  );
  return { reword };
}
