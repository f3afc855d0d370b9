// The generic renderer: any game, as readable text. Used for a game whose own table module
// (web/js/games/<game-id>.js) is not there. It follows the renderer contract in table.js:
// it shows the fields of the viewer's view as text and every legal action as a button, and
// offers a box to type a move in the game's notation (the engine explains a refused one).
//
// Words: a field, a phase or a move's verb that web/i18n/<lang>/generic.json names is shown in
// the page's language ("field-deck_size", "verb-build", "phase-play"); anything else (a new
// game's own field) is shown as the engine spells it. A button's `data-action` is always the
// engine's notation.

import { h } from "../dom.js";
import { has, signed, t } from "../i18n.js";

// Fields every view has (API.md), shown by the table shell instead.
const COMMON = new Set([
  "game", "seat", "players", "round", "phase", "to_act", "legal", "totals", "over",
  "winners", "options", "log", "score_sheet",
]);
// Fields that hold one entry per seat (shown as "name: value").
const PER_SEAT = new Set(["bids", "known", "hand_sizes", "in", "shown", "tricks_won", "hands", "piles"]);

const known = (prefix, name) => (has(`generic.${prefix}-${name}`) ? t(`generic.${prefix}-${name}`) : null);

/** A view field's name: "Deck size" (or the engine's key, spaced, for an unknown field). */
const words = (key) => known("field", key) || key.replace(/_/g, " ");

/** A move in words: "build 7" (English), "빌드 7"; the notation itself for an unknown verb. */
export function moveWords(action) {
  const [verb, ...rest] = String(action).split(" ");
  const name = known("verb", verb);
  if (!name) return String(action);
  return rest.length ? t("generic.move", { verb: name, rest: rest.join(" ") }) : name;
}

export function formatValue(value) {
  if (value === null || value === undefined) return "\u2014";
  if (typeof value === "boolean") return value ? t("generic.yes") : t("generic.no");
  if (Array.isArray(value)) {
    if (value.length === 0) return t("generic.none");
    return value.map((v) => (Array.isArray(v) ? `[${formatValue(v)}]` : formatValue(v))).join(", ");
  }
  if (typeof value === "object") {
    return Object.entries(value).map(([k, v]) => `${words(k)}: ${formatValue(v)}`).join("; ");
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
    h("p", { class: "phase" }, t("generic.phase", { phase: known("phase", view.phase) || String(view.phase) })),
    h("dl", { class: "zones" }, zones.map((key) => field(key, view[key], view, ui))),
    mine
      ? h(
          "div",
          { class: "actions", role: "group", "aria-label": t("generic.your-moves") },
          view.legal.map((action) =>
            h("button", { type: "button", class: "button action", dataset: { action }, onclick: () => ui.act(action) }, moveWords(action)),
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
          h("label", { for: "generic-action" }, t("generic.type-move")),
          input,
          h("button", { type: "submit", class: "button" }, t("generic.play")),
        )
      : null,
  );
}

/** One public log entry: "Ann build 7 (card 7)", with the move and fields in words. */
export function describeLogEntry(entry, ui) {
  const extras = Object.entries(entry)
    .filter(([key, value]) => key !== "seat" && key !== "action" && value !== false && value !== null)
    .map(([key, value]) => {
      if (value === true) return words(key);
      const shown = Array.isArray(value) ? value.join(" ") : typeof value === "object" ? formatValue(value) : String(value);
      return t("generic.extra", { field: words(key), value: shown });
    });
  const who = entry.seat === null || entry.seat === undefined ? t("table.log-table") : ui.seatName(entry.seat);
  const move = moveWords(entry.action);
  return extras.length ? t("generic.log-extras", { who, move, extras: extras.join(", ") }) : t("generic.log-entry", { who, move });
}

export function renderRoundSummary(entry, ui) {
  return h(
    "div",
    { class: "generic-summary" },
    h("h3", {}, t("table.round-name", { word: "round", n: entry.round })),
    h("ul", { class: "round-scores" }, entry.scores.map((points, seat) => h("li", {}, t("table.seat-score", { name: ui.seatName(seat), points: signed(points) })))),
    entry.detail && Object.keys(entry.detail).length
      ? h("details", {}, h("summary", {}, t("generic.how-scored")), h("dl", { class: "zones" }, Object.entries(entry.detail).map(([k, v]) => [h("dt", {}, words(k)), h("dd", {}, formatValue(v))])))
      : null,
  );
}
