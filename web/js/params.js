// Deep links (API.md, "In the browser"):
//   ?game=to-the-moon&players=3&seats=human,bot,bot&seed=42&level=normal&speed=instant
// start a game directly; all-`bot` seats make a demo that plays itself. `resume=<id>` (which
// the page adds to its own address once a game runs) continues a saved game on reload, and
// falls back to the link's game when that save is not on this device. `embed` and
// `autostart` are accepted for the embed mode (not built yet) and otherwise ignored.
//
// Any problem gives readable messages and no start: the page then shows them above the
// normal menu, pre-filled with whatever was valid.

import { SEAT_KINDS, SPEEDS, MAX_SEED } from "./setup.js";

export const KNOWN = [
  "game",
  "players",
  "seats",
  "seed",
  "level",
  "speed",
  "resume",
  "embed",
  "autostart",
];

const quote = (text) => `\u201c${String(text).slice(0, 40)}\u201d`;

// -> { start: bool, setup: partial setup (valid fields only), resume: id|null, errors: [] }
export function parseParams(search, catalog) {
  const query = new URLSearchParams(search);
  const errors = [];
  const seen = new Map();
  for (const [name, value] of query) {
    if (!KNOWN.includes(name)) {
      errors.push(`Unknown link parameter ${quote(name)}. Known ones: ${KNOWN.join(", ")}.`);
      continue;
    }
    if (seen.has(name)) {
      errors.push(`The link gives ${quote(name)} more than once.`);
      continue;
    }
    seen.set(name, value.trim());
  }
  const result = { start: false, setup: {}, resume: null, errors };
  if (seen.size === 0 && errors.length === 0) return result;

  if (seen.has("resume")) {
    const id = seen.get("resume");
    if (/^[a-z0-9-]{1,40}$/.test(id)) result.resume = id;
    else errors.push(`${quote(id)} is not a saved-game id.`);
  }
  for (const flag of ["embed", "autostart"]) {
    if (seen.has(flag) && !["0", "1"].includes(seen.get(flag))) {
      errors.push(`${flag} must be 0 or 1, not ${quote(seen.get(flag))}.`);
    }
  }

  const gameId = seen.get("game");
  const names = Object.keys(catalog).join(", ");
  if (gameId === undefined) {
    const settings = ["players", "seats", "seed", "level", "speed"].filter((k) => seen.has(k));
    if (settings.length) errors.push(`The link sets ${settings.join(", ")} but no game; the games are: ${names}.`);
    return result;
  }
  const info = catalog[gameId];
  if (!info) {
    errors.push(`There is no game called ${quote(gameId)}; the games are: ${names}.`);
    return result;
  }
  const setup = result.setup;
  setup.game = gameId;
  const span =
    info.min_players === info.max_players
      ? `exactly ${info.min_players}`
      : `${info.min_players} to ${info.max_players}`;

  let players = null;
  if (seen.has("players")) {
    const text = seen.get("players");
    const n = /^\d{1,2}$/.test(text) ? Number(text) : NaN;
    if (Number.isInteger(n) && n >= info.min_players && n <= info.max_players) players = n;
    else errors.push(`${info.name} is for ${span} players, not ${quote(text)}.`);
  }
  if (seen.has("seats")) {
    const seats = seen.get("seats").split(",").map((s) => s.trim().toLowerCase());
    const bad = seats.filter((s) => !SEAT_KINDS.includes(s));
    if (bad.length) {
      errors.push(`Seats must each be human or bot, not ${bad.map(quote).join(", ")}.`);
    } else if (players !== null && seats.length !== players) {
      errors.push(`The link has ${players} players but ${seats.length} seats (${seats.join(", ")}).`);
    } else if (players === null && seen.has("players")) {
      // players was invalid: already reported.
    } else if (seats.length < info.min_players || seats.length > info.max_players) {
      errors.push(`${info.name} is for ${span} players, but the link has ${seats.length} seats.`);
    } else {
      setup.seats = seats;
      players = seats.length;
    }
  }
  if (players !== null) setup.players = players;
  if (seen.has("seed")) {
    const text = seen.get("seed");
    const n = /^\d{1,10}$/.test(text) ? Number(text) : NaN;
    if (Number.isInteger(n) && n <= MAX_SEED) setup.seed = n;
    else errors.push(`The seed must be a whole number from 0 to ${MAX_SEED}, not ${quote(text)}.`);
  }
  if (seen.has("level")) {
    const level = seen.get("level");
    const levels = info.levels || [];
    if (levels.includes(level)) setup.level = level;
    else errors.push(`The computer level must be one of ${levels.join(", ")}, not ${quote(level)}.`);
  }
  if (seen.has("speed")) {
    const speed = seen.get("speed");
    if (SPEEDS.includes(speed)) setup.speed = speed;
    else errors.push(`The speed must be ${SPEEDS.join(" or ")}, not ${quote(speed)}.`);
  }
  result.start = errors.length === 0;
  return result;
}
