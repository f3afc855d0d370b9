// Hints: the move the strongest computer level would make for the person to act, found by
// the engine from that person's own view (engine.bot for the seat to act, so a hint can
// never show a hidden card), highlighted on the table and said in one line.
//
// No rules here, and no game's words: each renderer exports `hintWords(action, view)` ->
// [move, reason] (web/js/games/<game-id>.js), where the reason is the generic goal of that
// kind of move in that game (or contract), not an analysis of the position.

import { t } from "../i18n.js";
import { moveWords } from "../games/generic.js";

export const HINT_CLASS = "is-hint";

// The level that gives hints: hard where the game has it, else its strongest.
export function hintLevel(info) {
  const levels = info.levels || [];
  return levels.includes("hard") ? "hard" : levels[levels.length - 1];
}

// The hint in one line: "Build 7: it keeps you in without risking a test." (the renderer's
// move and reason, already worded, without a final full stop).
export function describeHint(action, view, renderer = {}) {
  const words = renderer.hintWords ? renderer.hintWords(action, view) : null;
  if (!words) return t("table.hint-try", { action: moveWords(action) }); // "Try “build 7”."
  const [move, reason] = words;
  return reason ? t("table.hint-line", { move, reason: reason.replace(/\.$/, "") }) : t("table.hint-move", { move });
}

// The controls that make `action` on the table in `root`: those whose `data-action` is
// exactly it; for a move made in two presses (Nine Virtues' `swap H C`, `kill R`), the
// first press (the hand card `[data-swap-give=H]`, the Kill button) until the renderer shows
// the second with the action on it.
export function hintTargets(root, action) {
  const exact = [...root.querySelectorAll("[data-action]")].filter((el) => el.dataset.action === action);
  if (exact.length) return exact;
  const [verb, first] = String(action).split(" ");
  if (verb === "swap") {
    const give = [...root.querySelectorAll("[data-swap-give]")].find((el) => el.dataset.swapGive === first);
    return give ? [give] : [];
  }
  if (verb === "kill") return [...root.querySelectorAll('[data-control="kill"]')].slice(0, 1);
  return [];
}

// Mark the hinted controls, and keep them marked while the renderer redraws parts of the
// table (a two-step move's second press). -> stop(): unmark and stop watching.
export function showHint(root, action) {
  const mark = () => {
    for (const el of root.querySelectorAll(`.${HINT_CLASS}`)) {
      if (!hintTargets(root, action).includes(el)) el.classList.remove(HINT_CLASS);
    }
    for (const el of hintTargets(root, action)) el.classList.add(HINT_CLASS);
  };
  mark();
  const observer = new MutationObserver(mark);
  observer.observe(root, { childList: true, subtree: true });
  return () => {
    observer.disconnect();
    for (const el of root.querySelectorAll(`.${HINT_CLASS}`)) el.classList.remove(HINT_CLASS);
  };
}
