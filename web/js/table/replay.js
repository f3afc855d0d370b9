// Replay a finished round (or deal) move by move: from the round summary, each score-sheet
// entry and the final screen (table.js puts a "Replay" button on every round summary).
//
// What is shown is exactly what the engine's `view(seat)` gave at each step, for the seat
// whose hand the page shows (the worker's `replay_round`, built on engine/history.py's
// `views_along`): what was public then and that seat's own hand. Other hands appear only
// where that view holds them, i.e. from the point the rules reveal them (Nine Virtues'
// scoring, Quodlibet's open contracts), so no hidden card of another seat reaches the DOM
// before then. The board is drawn by the game's own renderer with `legal` emptied (nothing
// to press). The seat:
//   - one person against computers: that person's seat;
//   - all computers (a demo): nobody's hand, `view(null)`;
//   - pass-and-play: the seat on screen when the round dialog or score sheet is open (the
//     person holding the device, whose hand the table shows); on the final screen, where
//     nobody's hand is shown, `view(null)`.
//
// A native modal <dialog>: Escape or Close ends it and focus goes back to its button. The
// arrow keys step (Home/End: the start and the end), and Play steps at a pace until paused.

import { h } from "../dom.js";
import { t, number, onLanguageChange } from "../i18n.js";
import * as generic from "../games/generic.js";

export const PACE_MS = 900; // one move per this long while playing

// The seat a replay from `table` shows (see above).
function replaySeat(table) {
  if (table.humans.length === 1) return table.humans[0];
  if (!table.humans.length || document.documentElement.dataset.screen === "over") return null;
  return table.onScreen;
}

// The "Replay" button for one score-sheet entry of `table` (a table.js Table).
export function replayButton(table, entry) {
  const word = table.renderer.roundWord || "round";
  const button = h(
    "button",
    {
      type: "button",
      class: "button quiet replay-button",
      "data-control": "replay",
      dataset: { round: String(entry.round) },
      onclick: () => openReplay(table, entry.round, button),
    },
    t("replay.open", { word, n: entry.round }),
  );
  return button;
}

const textOf = (words) => (typeof words === "string" ? words : h("span", {}, words).textContent);

function describe(renderer, entry, ui, view) {
  const own = renderer.describeLogEntry ? renderer.describeLogEntry(entry, ui, view) : null;
  return textOf(own || generic.describeLogEntry(entry, ui));
}

// Open the replay of round `round` of the game `table` plays (held in the worker under
// table.id); `opener` gets focus back when it closes.
export async function openReplay(table, round, opener) {
  const seat = replaySeat(table);
  const reply = await table.engine.call("replay_round", { id: table.id, seat, round });
  if (reply.error) {
    console.error("replay_round refused", reply.error);
    return null;
  }
  const { steps, last, entry } = reply;
  const renderer = table.renderer;
  const word = renderer.roundWord || "round";
  const seatName = (s) => table.seatName(s);
  const ui = {
    act: async () => {},
    explain: async () => null,
    seatName,
    me: seat,
    instant: true,
    scoreSheet: entry ? [entry] : [],
    options: (table.setup && table.setup.options) || {},
    announce: () => {},
  };
  const total = steps.length; // steps 0..total-1 are views; step `total` is the scoring
  let at = 0;
  let timer = null;

  const board = h("div", { class: "replay-board", dataset: { zone: "replay-board" } });
  const counter = h("p", { class: "replay-counter" });
  const move = h("p", { class: "replay-move", role: "status" });
  const first = h("button", { type: "button", class: "button quiet", "data-control": "replay-first", onclick: () => go(0) }, t("replay.first"));
  const back = h("button", { type: "button", class: "button", "data-control": "replay-back", onclick: () => go(at - 1) }, t("replay.back"));
  const play = h("button", { type: "button", class: "button primary", "data-control": "replay-play", "aria-pressed": "false", onclick: () => toggle() }, t("replay.play"));
  const forward = h("button", { type: "button", class: "button", "data-control": "replay-forward", onclick: () => go(at + 1) }, t("replay.forward"));
  const end = h("button", { type: "button", class: "button quiet", "data-control": "replay-last", onclick: () => go(total) }, t("replay.last"));
  const close = h("button", { type: "button", class: "button quiet replay-close", "data-control": "replay-close", onclick: () => dialog.close() }, t("replay.close"));
  // One person against computers is "you" ("your own hand"); in pass-and-play, the seat's name.
  const you = table.humans.length === 1 && seat === table.humans[0];
  const who = seat === null ? t("replay.seen-by-all") : t("replay.seen-by", { who: you ? "you" : "name", name: seatName(seat) });
  const dialog = h(
    "dialog",
    { class: "replay-dialog", "aria-labelledby": "replay-title", dataset: { round: String(round), seat: seat === null ? "none" : String(seat), steps: String(total) } },
    h(
      "div",
      { class: "replay-head" },
      h("h2", { id: "replay-title" }, t("replay.title", { word, n: round })),
      close,
    ),
    h("p", { class: "hint replay-who" }, who),
    h("div", { class: "replay-controls", role: "group", "aria-label": t("replay.controls") }, first, back, play, forward, end),
    counter,
    move,
    board,
  );

  // The words of the move that led to step k (the log entries it added; the last move's
  // entry is gone with its round, so it is worded from the decision itself).
  function moveWords(k) {
    if (k === 0) return t("replay.dealt", { word });
    // The last move's log entry went with its round: its decision in plain words.
    if (k === total) return last ? t("replay.last-move", { move: textOf(generic.describeLogEntry(last, ui)), word }) : "";
    const before = steps[k - 1].view.log;
    const now = steps[k].view.log;
    const fresh = now.length > before.length ? now.slice(before.length) : [steps[k].move];
    return fresh.map((e) => describe(renderer, e, ui, steps[k].view)).filter(Boolean).join(" ");
  }

  function paint() {
    dialog.dataset.step = String(at);
    counter.textContent = t("replay.step", { k: number(at), n: number(total) });
    move.textContent = moveWords(at);
    if (at === total) {
      board.replaceChildren(h("section", { class: "round-summary", "aria-label": t("replay.scored", { word, n: round }) }, renderer.renderRoundSummary(entry, ui)));
    } else {
      board.replaceChildren(renderer.renderTable(steps[at].view, ui));
    }
    first.disabled = back.disabled = at === 0;
    forward.disabled = end.disabled = at === total;
    if (at === total) stop();
  }

  function go(k) {
    const next = Math.max(0, Math.min(total, k));
    if (next === at) return;
    // A control that is about to be disabled would drop focus to <body>: keep it in the dialog.
    at = next;
    paint();
    if (dialog.contains(document.activeElement) && document.activeElement.disabled) play.focus();
  }

  function stop() {
    clearInterval(timer);
    timer = null;
    play.textContent = t("replay.play");
    play.setAttribute("aria-pressed", "false");
  }

  function toggle() {
    if (timer) return stop();
    if (at === total) go(0);
    play.textContent = t("replay.pause");
    play.setAttribute("aria-pressed", "true");
    timer = setInterval(() => go(at + 1), table.instant ? PACE_MS / 3 : PACE_MS);
  }

  dialog.addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey || event.defaultPrevented) return;
    const keys = { ArrowRight: () => go(at + 1), ArrowLeft: () => go(at - 1), Home: () => go(0), End: () => go(total) };
    if (!keys[event.key]) return;
    event.preventDefault();
    event.stopPropagation();
    stop();
    keys[event.key]();
  });
  dialog.addEventListener("close", () => {
    unlisten();
    stop();
    dialog.remove();
    if (opener && opener.isConnected) opener.focus({ preventScroll: true });
  });
  // A new language redraws the table from its save (app.js): this replay's button goes with
  // it, so the replay closes rather than stay in the old words.
  const unlisten = onLanguageChange(() => dialog.open && dialog.close());
  paint();
  document.body.append(dialog);
  dialog.showModal();
  forward.focus();
  return dialog;
}
