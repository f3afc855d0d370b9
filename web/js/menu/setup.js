// A game's setup as the page keeps it: which game, how many players, who sits where (a
// person or the computer), names, each computer's level, seed, pace and engine options.
// The engine only sees game, players, seed and options; the rest is the page's.
//
//   { game, players, seats: ["human"|"bot"|"remote", ...], levels: [null|"easy"|"normal"|"hard", ...],
//     names: [...], level, seed, speed, options: {} }
//
// `levels[seat]` is a computer seat's level (null for a person); `level` is the default for
// computer seats, and the only level in saves made before seats had their own (so read a
// seat's level with `levelOf`). `options` are engine options (practice links: API.md
// "Options"), kept so a resumed or replayed game is the same kind of game.

import { t, language } from "../i18n.js";
import { MAX_NAME, cleanName as cleanSpaces, graphemes, nameProblem } from "../words/names.js";

export { MAX_NAME };
// "remote": a person on another device (net/host.js), counted as a person for names.
export const SEAT_KINDS = ["human", "bot", "remote"];
export const people = (seats) => seats.filter((kind) => kind === "human" || kind === "remote").length;
export const SPEEDS = ["normal", "instant"];
export const MAX_SEED = 2 ** 32 - 1;
// What a name field holds at most, in UTF-16 code units: MAX_NAME characters of the longest
// kind (names.js); the name is cut to MAX_NAME characters when it is read (cleanName).
export const MAX_NAME_UNITS = 480;

export function newSeed() {
  const words = new Uint32Array(1);
  crypto.getRandomValues(words);
  return words[0];
}

export function defaultSeats(players) {
  return Array.from({ length: players }, (_, i) => (i === 0 ? "human" : "bot"));
}

// "You" when one person plays; "Player 2" in pass-and-play; for the computer a short name of
// its own ("Ada", "Bo"; setup.name-computer by number, 1 to COMPUTER_NAMES), by seat, worded
// in the language chosen now. A setup stores "" for a seat nobody named, so a saved game shows
// its default names in whatever language it is continued in.
export const COMPUTER_NAMES = 8;
const computerName = (n) => t("setup.name-computer", { n });

export function defaultName(seats, seat) {
  const humans = people(seats);
  if (seats[seat] === "bot") return computerName(seat + 1);
  return humans === 1 ? t("setup.name-you") : t("setup.name-player", { n: seat + 1 });
}

export function defaultNames(seats) {
  return seats.map((_, seat) => defaultName(seats, seat));
}

// Saves made before names were worded at render time hold the English defaults themselves.
const OLD_DEFAULT = /^(You|Player \d+|Computer \d+)$/;

// Whether `name` is a default (unnamed) seat's stored name: empty, or an old save's English
// default for that seat.
function isDefault(name, seats, seat) {
  if (!name) return true;
  if (!OLD_DEFAULT.test(name)) return false;
  const humans = people(seats);
  if (seats[seat] === "bot") return name === `Computer ${seat + 1}`;
  return name === (humans === 1 ? "You" : `Player ${seat + 1}`);
}

// The name a seat goes by on screen: the one a person chose, else its default, worded now.
// A stored name that breaks the rule of names.js (an old save, an edited code) is not shown.
export function seatName(setup, seat) {
  if (!Number.isInteger(seat) || seat < 0 || seat >= setup.seats.length) return t("setup.name-seat", { n: Number(seat) + 1 });
  return seatNames(setup)[seat];
}

// Every seat's name. Names are distinct: a computer whose own name another seat already goes
// by ("Ada" typed for a person) takes the next name of the list, in seat order, so the same
// setup always gives the same names.
export function seatNames(setup) {
  const given = setup.seats.map((_, seat) => {
    const name = Array.isArray(setup.names) ? setup.names[seat] : "";
    const shown = typeof name === "string" && nameProblem(name) === null;
    return !shown || isDefault(name, setup.seats, seat) ? null : name;
  });
  const key = (name) => name.toLocaleLowerCase();
  const used = new Set(setup.seats.map((kind, seat) => given[seat] ?? (kind === "bot" ? "" : defaultName(setup.seats, seat))).filter(Boolean).map(key));
  return setup.seats.map((kind, seat) => {
    if (given[seat] !== null) return given[seat];
    if (kind !== "bot") return defaultName(setup.seats, seat);
    for (let step = 0; step < COMPUTER_NAMES; step += 1) {
      const name = computerName(((seat + step) % COMPUTER_NAMES) + 1);
      if (!used.has(key(name))) {
        used.add(key(name));
        return name;
      }
    }
    return defaultName(setup.seats, seat);
  });
}

// The name stored for a seat: what the person typed (cleaned), "" for the default.
export function storedName(text, seats, seat) {
  const name = cleanName(text);
  return isDefault(name, seats, seat) || name === defaultName(seats, seat) ? "" : name;
}

// The computer level in words ("Easy", "쉬움").
export function levelName(level) {
  return ["easy", "normal", "hard"].includes(level) ? t(`setup.level-${level}`) : level;
}

export function defaultLevel(info) {
  const levels = info.levels || ["easy", "normal"];
  return levels.includes("normal") ? "normal" : levels[levels.length - 1];
}

// The level a computer seat plays at (null for a person's seat).
export function levelOf(setup, seat) {
  if (setup.seats[seat] !== "bot") return null;
  return (Array.isArray(setup.levels) && setup.levels[seat]) || setup.level;
}

// Per-seat levels: a computer seat keeps a valid given level, else gets `level`.
function seatLevels(seats, given, level, info) {
  const known = info.levels || [];
  return seats.map((kind, seat) => {
    if (kind !== "bot") return null;
    const mine = Array.isArray(given) ? given[seat] : null;
    return known.includes(mine) ? mine : level;
  });
}

// A complete setup from a partial one (missing fields get their defaults).
export function completeSetup(partial, catalog) {
  const info = Object.hasOwn(catalog, partial.game) ? catalog[partial.game] : null;
  const players = partial.players ?? (partial.seats ? partial.seats.length : info.default_players);
  const seats = partial.seats ?? defaultSeats(players);
  const names = seats.map((_, seat) => {
    const given = partial.names && typeof partial.names[seat] === "string" ? partial.names[seat] : "";
    return storedName(given, seats, seat);
  });
  const level = partial.level ?? defaultLevel(info);
  return {
    game: partial.game,
    players,
    seats,
    levels: seatLevels(seats, partial.levels, level, info),
    names,
    level,
    seed: partial.seed ?? newSeed(),
    speed: partial.speed ?? "normal",
    options: isPlainObject(partial.options) ? { ...partial.options } : {},
  };
}

const isPlainObject = (value) => value !== null && typeof value === "object" && !Array.isArray(value);

// A typed name as it is kept: spaces cleaned (names.js), cut to MAX_NAME characters (whole
// grapheme clusters: never half an emoji).
export function cleanName(text) {
  const name = cleanSpaces(String(text || "").slice(0, MAX_NAME_UNITS));
  return name.length <= MAX_NAME ? name : graphemes(name).slice(0, MAX_NAME).join("");
}

// Whether `setup` is complete and consistent with the catalog (saves are checked with this).
export function validSetup(setup, catalog) {
  if (!setup || typeof setup !== "object") return false;
  const info = Object.hasOwn(catalog, setup.game) ? catalog[setup.game] : null;
  if (!info) return false;
  const { players, seats, names } = setup;
  return (
    Number.isInteger(players) &&
    players >= info.min_players &&
    players <= info.max_players &&
    Array.isArray(seats) &&
    seats.length === players &&
    seats.every((kind) => SEAT_KINDS.includes(kind)) &&
    Array.isArray(names) &&
    names.length === players &&
    names.every((name) => typeof name === "string") &&
    (info.levels || []).includes(setup.level) &&
    // Both optional: saves from before per-seat levels and options have neither.
    (setup.levels === undefined ||
      (Array.isArray(setup.levels) &&
        setup.levels.length === players &&
        setup.levels.every((lv, seat) => (seats[seat] === "bot" ? (info.levels || []).includes(lv) : lv === null)))) &&
    (setup.options === undefined || isPlainObject(setup.options)) &&
    Number.isInteger(setup.seed) &&
    SPEEDS.includes(setup.speed)
  );
}

// The deep link that starts this setup (see params.js): computer seats are `bot` when they
// all play at `level`, else each names its level (`seats=human,hard,easy`); options follow
// as `contracts=a,b` (a list of names) or `opt.<name>=<JSON>`.
export function deepLink(setup) {
  const mixed = setup.seats.some((kind, seat) => kind === "bot" && levelOf(setup, seat) !== setup.level);
  const query = new URLSearchParams({
    game: setup.game,
    players: String(setup.players),
    seats: setup.seats.map((kind, seat) => (kind === "bot" && mixed ? levelOf(setup, seat) : kind)).join(","),
    seed: String(setup.seed),
    level: setup.level,
  });
  if (setup.speed !== "normal") query.set("speed", setup.speed);
  // Names only when someone chose them (commas cannot be in a name a link carries).
  const names = setup.names.map((name, seat) => storedName(name, setup.seats, seat).replace(/,/g, " "));
  if (names.some(Boolean)) query.set("names", names.join(","));
  // The page's language, so the link opens the game in the words it was shared in.
  query.set("lang", language());
  for (const [name, value] of Object.entries(setup.options || {})) {
    if (value === null || value === undefined) continue;
    const names = Array.isArray(value) && value.length && value.every((v) => typeof v === "string" && /^[\w-]+$/.test(v));
    if (name === "contracts" && names) query.set("contracts", value.join(","));
    else query.set(`opt.${name}`, JSON.stringify(value));
  }
  return query;
}
