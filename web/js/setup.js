// A game's setup as the page keeps it: which game, how many players, who sits where (a
// person or the computer), names, computer level, seed and pace. The engine only sees
// game, players, seed and options; the rest is the page's.
//
//   { game, players, seats: ["human"|"bot", ...], names: [...], level, seed, speed }

export const SEAT_KINDS = ["human", "bot"];
export const SPEEDS = ["normal", "instant"];
export const MAX_SEED = 2 ** 32 - 1;
export const MAX_NAME = 24;

export function newSeed() {
  const words = new Uint32Array(1);
  crypto.getRandomValues(words);
  return words[0];
}

export function defaultSeats(players) {
  return Array.from({ length: players }, (_, i) => (i === 0 ? "human" : "bot"));
}

// "You" when one person plays; "Player 2" in pass-and-play; "Computer 3" for the computer.
export function defaultName(seats, seat) {
  const humans = seats.filter((kind) => kind === "human").length;
  if (seats[seat] === "bot") return `Computer ${seat + 1}`;
  return humans === 1 ? "You" : `Player ${seat + 1}`;
}

export function defaultNames(seats) {
  return seats.map((_, seat) => defaultName(seats, seat));
}

export function defaultLevel(info) {
  const levels = info.levels || ["easy", "normal"];
  return levels.includes("normal") ? "normal" : levels[levels.length - 1];
}

// A complete setup from a partial one (missing fields get their defaults).
export function completeSetup(partial, catalog) {
  const info = catalog[partial.game];
  const players = partial.players ?? (partial.seats ? partial.seats.length : info.default_players);
  const seats = partial.seats ?? defaultSeats(players);
  const names = seats.map((_, seat) => {
    const given = partial.names && typeof partial.names[seat] === "string" ? partial.names[seat] : "";
    return cleanName(given) || defaultName(seats, seat);
  });
  return {
    game: partial.game,
    players,
    seats,
    names,
    level: partial.level ?? defaultLevel(info),
    seed: partial.seed ?? newSeed(),
    speed: partial.speed ?? "normal",
  };
}

export function cleanName(text) {
  return String(text || "").replace(/\s+/g, " ").trim().slice(0, MAX_NAME);
}

// Whether `setup` is complete and consistent with the catalog (saves are checked with this).
export function validSetup(setup, catalog) {
  if (!setup || typeof setup !== "object") return false;
  const info = catalog[setup.game];
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
    Number.isInteger(setup.seed) &&
    SPEEDS.includes(setup.speed)
  );
}

// The deep link that starts this setup (see params.js).
export function deepLink(setup) {
  const query = new URLSearchParams({
    game: setup.game,
    players: String(setup.players),
    seats: setup.seats.join(","),
    seed: String(setup.seed),
    level: setup.level,
  });
  if (setup.speed !== "normal") query.set("speed", setup.speed);
  return query;
}
