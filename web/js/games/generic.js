// The generic renderer: any game, as readable text. Used for a game whose own table module
// (web/js/games/<game-id>.js) is not there. It follows the renderer contract in table.js:
// it shows the fields of the viewer's view as text and every legal action as a button, and
// offers a box to type a move in the game's notation (the engine explains a refused one).

import { h, signed } from "../dom.js";

// Fields every view has (API.md), shown by the table shell instead.
const COMMON = new Set([
  "game", "seat", "players", "round", "phase", "to_act", "legal", "totals", "over",
  "winners", "options", "log", "score_sheet",
]);
// Fields that hold one entry per seat (shown as "name: value").
const PER_SEAT = new Set(["bids", "known", "hand_sizes", "in", "shown", "tricks_won", "hands", "piles"]);

const words = (key) => key.replace(/_/g, " ").replace(/^./, (c) => c.toUpperCase());

export function formatValue(value) {
  if (value === null || value === undefined) return "\u2014";
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (Array.isArray(value)) {
    if (value.length === 0) return "none";
    return value.map((v) => (Array.isArray(v) ? `[${formatValue(v)}]` : formatValue(v))).join(", ");
  }
  if (typeof value === "object") {
    return Object.entries(value).map(([k, v]) => `${k}: ${formatValue(v)}`).join("; ");
  }
  return String(value);
}

function field(key, value, view, ui) {
  const perSeat = PER_SEAT.has(key) && Array.isArray(value) && value.length === view.players;
  const body = perSeat
    ? h("ul", { class: "per-seat" }, value.map((v, seat) => h("li", {}, `${ui.seatName(seat)}: ${formatValue(v)}`)))
    : formatValue(value);
  return [h("dt", {}, words(key)), h("dd", { dataset: { field: key } }, body)];
}

export function renderTable(view, ui) {
  const zones = Object.keys(view).filter((key) => !COMMON.has(key)).sort();
  const mine = ui.me !== null && view.to_act === ui.me && view.legal.length > 0;
  const input = h("input", { type: "text", name: "action", autocomplete: "off", autocapitalize: "none", spellcheck: "false", id: "generic-action" });
  return h(
    "div",
    { class: "generic-table" },
    h("p", { class: "phase" }, `Phase: ${view.phase}`),
    h("dl", { class: "zones" }, zones.map((key) => field(key, view[key], view, ui))),
    mine
      ? h(
          "div",
          { class: "actions", role: "group", "aria-label": "Your moves" },
          view.legal.map((action) =>
            h("button", { type: "button", class: "button action", dataset: { action }, onclick: () => ui.act(action) }, action),
          ),
        )
      : null,
    ui.me !== null
      ? h(
          "form",
          {
            class: "notation",
            onsubmit: (event) => {
              event.preventDefault();
              const text = input.value.trim();
              if (text) ui.act(text).then(() => (input.value = ""));
            },
          },
          h("label", { for: "generic-action" }, "Type a move"),
          input,
          h("button", { type: "submit", class: "button" }, "Play"),
        )
      : null,
  );
}

export function renderRoundSummary(entry, ui) {
  return h(
    "div",
    { class: "generic-summary" },
    h("h3", {}, `Round ${entry.round}`),
    h("ul", { class: "round-scores" }, entry.scores.map((points, seat) => h("li", {}, `${ui.seatName(seat)} ${signed(points)}`))),
    entry.detail && Object.keys(entry.detail).length
      ? h("details", {}, h("summary", {}, "How it was scored"), h("dl", { class: "zones" }, Object.entries(entry.detail).map(([k, v]) => [h("dt", {}, words(k)), h("dd", {}, formatValue(v))])))
      : null,
  );
}
