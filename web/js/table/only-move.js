// "Play my only move for me" (settings.js "only-move", off by default): when it is the
// person's turn and the engine's `view.legal` holds exactly one action, the table marks that
// move (as a hint marks one), says in the message line and the live region that it plays it,
// waits a short beat so the person sees which, then plays it through `ui.act`, like a press
// (the log and the live region then say the move, as for any move).
//
// Never: for a computer seat, behind a pass-and-play screen (the shell calls this only once
// the table of the right person is drawn), in a lesson (the coach teaches each step), on the
// first turn after a take back (the person went back to look at it), nor once the turn has
// moved on (the person pressed it, took back, or left) before the beat is over.
//
//   tableOptions(table)   -> the table's options row: Sound, and this option's checkbox
//   playOnlyMove(table)   called by the shell when the person's table is drawn

import { h, sleep } from "../dom.js";
import { t } from "../i18n.js";
import { showHint } from "./hint.js";
import { setSetting, setting } from "./settings.js";
import { soundButton } from "./sound.js";

export const ONLY_MOVE_MS = 1100; // the beat before the move is played
const INSTANT_MS = 450; // at speed=instant: shorter, still visible

const offered = (table) => !table.coach && table.humans.length > 0;

// The person's move when exactly one is legal now, else null.
function onlyAction(table) {
  const view = table.view;
  if (!offered(table) || !setting("only-move") || table.closed || table.acting || table.takenBack) return null;
  if (!view || view.over || table.waitingFor === null || table.waitingFor !== table.onScreen) return null;
  if (view.seat !== table.waitingFor || view.to_act !== table.waitingFor) return null;
  const legal = Array.isArray(view.legal) ? view.legal : [];
  return legal.length === 1 && typeof legal[0] === "string" ? legal[0] : null;
}

export async function playOnlyMove(table) {
  const action = onlyAction(table);
  if (action === null) return;
  const turn = table.turn;
  const words = t("table.only-move-playing"); // which one: marked on the table, then the log says it
  const line = table.root.querySelector(".message");
  if (line) {
    line.textContent = words;
    line.hidden = false;
    line.dataset.onlyMove = action;
  }
  table.say.polite(words);
  const body = table.root.querySelector(".table-body");
  const stop = body ? showHint(body, action) : () => {};
  await sleep(table.instant ? INSTANT_MS : ONLY_MOVE_MS);
  stop();
  if (table.turn !== turn || onlyAction(table) !== action) return; // the turn moved on meanwhile
  await table.ui.act(action);
}

// The table's options, first under the hand (first in the side column on a wide screen):
// the sound toggle (sound.js) and, where a person plays outside a lesson, this option.
export function tableOptions(table) {
  return h("div", { class: "table-options" }, soundButton(), onlyMoveOption(table));
}

function onlyMoveOption(table) {
  if (!offered(table)) return null;
  const box = h("input", {
    type: "checkbox",
    id: "only-move",
    name: "only-move",
    "data-control": "only-move",
    checked: setting("only-move"),
    onchange: (event) => {
      setSetting("only-move", event.target.checked);
      if (event.target.checked) void playOnlyMove(table); // it may be that moment already
    },
  });
  return h("p", { class: "field check table-option" }, box, h("label", { for: "only-move" }, t("table.only-move")));
}
