// The engine's messages in the reader's language (docs/ENGINE.md, "Messages").
//
// The engine never sends a sentence: a refusal (`reply.error.message`) and a score-sheet
// reason (`entry.message`) are `{code, params}`, a code of engine/messages.py with plain JSON
// parameters. engineText() words one through the catalog area "engine" (web/i18n/<lang>/
// engine.json, key `engine.<code>`), turning each parameter into words first:
//
//   seat, dealer, neighbour   a seat number -> the name the caller gives (`seatName`)
//   card                      a card code "QD" -> "queen of diamonds" in this language
//   suit                      "S" "H" "D" "C" -> "spades"...
//   rank, end, next           a French rank letter -> its name; a Pairs rank (a number) stays
//   contract                  a Quodlibet contract id -> its name
//   choices                   contract ids -> "A, B or C" of their names (or "none")
//   levels                    "A, B or C"
//   game                      a game id -> its name
//   cards                     card codes -> a list of card names
//   options, fields           names -> a list of 'quoted' names
//   value, text, word, id     what a person, a link or a save wrote -> shortened and isolated
//                             (names.js: FSI…PDI, so it cannot reorder the sentence)
//   reason                    a nested message -> its words
//   any other list            -> a list through Intl.ListFormat (with `<name>_count` beside it)
//   anything else             as it is (numbers stay numbers for plural and number formats)
//
// Word at render time: keep the message, not the text (the language can change mid-game).

import { list, number, t } from "../i18n.js";
import { shown } from "./names.js";

const SEATS = new Set(["seat", "dealer", "neighbour"]);
const WRITTEN = new Set(["value", "text", "word", "id"]); // engine/messages.py: text from outside
const FRENCH_RANK_PARAMS = new Set(["rank", "end", "next"]);

const defaultSeatName = (seat) => t("engine.seat", { seat });

/** "queen of diamonds" for "QD" (a code the engine sent: two letters, rank then suit). */
export function cardWords(code) {
  const text = String(code);
  if (!/^[789TJQKA][SHDC]$/.test(text)) return text; // what a link or a person wrote
  return t("engine.card", { rank: t(`engine.rank-${text[0]}`), suit: t(`engine.suit-${text[1]}`) });
}

const contractName = (id) => t(`quodlibet-contracts.${id}-name`);

const OR_LISTS = new Set(["choices", "levels"]); // "choose one of: A, B or C"

function listed(name, items) {
  const words = items.map((item) => (typeof item === "number" ? number(item) : String(item)));
  return list(words, { type: OR_LISTS.has(name) ? "disjunction" : "conjunction" });
}

function word(name, value, seatName) {
  if (value === null || value === undefined) return "";
  if (WRITTEN.has(name) && typeof value !== "number") return shown(typeof value === "string" ? value : JSON.stringify(value));
  if (SEATS.has(name) && Number.isInteger(value)) return seatName(value);
  if (name === "card") return cardWords(value);
  if (name === "suit") return t(`engine.suit-${value}`);
  if (FRENCH_RANK_PARAMS.has(name) && typeof value === "string") return t(`engine.rank-${value}`);
  if (name === "contract") return contractName(value);
  if (name === "game") return t(`engine.game-${value}`);
  if (name === "reason") return engineText(value, { seatName });
  if (Array.isArray(value)) {
    if (name === "choices") return value.length ? listed(name, value.map(contractName)) : t("engine.none");
    if (name === "cards") return list(value.map(cardWords));
    if (name === "options" || name === "fields") return list(value.map((item) => t("engine.quoted", { text: shown(item) })));
    return listed(name, value);
  }
  if (typeof value === "object") return JSON.stringify(value);
  return value;
}

/**
 * The words of an engine message `{code, params}` in the chosen language.
 * `seatName(seat)` names a seat (default: "seat 2", the engine's own number).
 */
export function engineText(message, { seatName = defaultSeatName } = {}) {
  if (!message || typeof message.code !== "string") return t("engine.no-message");
  const values = {};
  for (const [name, value] of Object.entries(message.params || {})) {
    values[name] = word(name, value, seatName);
    if (Array.isArray(value)) values[`${name}_count`] = value.length;
  }
  return t(`engine.${message.code}`, values);
}

/** The words of a refusal the engine bridge sent (`reply.error`: `{code, message}`). */
export function refusalText(error, options = {}) {
  return engineText(error && error.message, options);
}
