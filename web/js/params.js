// Deep links (API.md, "In the browser"):
//   ?game=to-the-moon&players=3&seats=human,bot,bot&seed=42&level=normal&speed=instant
// start a game directly; all-computer seats make a demo that plays itself. A seat is
// `human`, `bot` (a computer at `level`, default normal) or a level name: a computer at that
// level (`seats=human,hard,normal,easy`). Engine options for practice and shared deals:
// `opt.<name>=<JSON or comma list>` (`opt.swap_limit=3`, `opt.contracts=snack,bribe`), and
// `contracts=snack,bribe` for short (Quodlibet); `names=Ann,Ben,` names the seats in order
// (an empty one keeps its default name). `resume=<id>` (which the page adds to its own
// address once a game runs) continues a saved game on reload, and falls back to the link's
// game when that save is not on this device. `embed=1` and `autostart=1` choose the embed
// (docs/FEATURES.md, "Embedding"). `lang=ko|en` chooses the page's language (i18n.js reads it; an
// unknown one is reported by the page, never stops a game: app.js languageNotice).
//
// Any problem gives readable messages and no start: the page then shows them above the
// normal menu, pre-filled with whatever was valid.

import { SEAT_KINDS, SPEEDS, MAX_SEED, levelName } from "./menu/setup.js";
import { MAX_NAME, MAX_CLUSTER, cleanName, nameProblem, shown } from "./words/names.js";
import { t, list, number } from "./i18n.js";
import { gameName } from "./words/game-name.js";
import { parseBounded, jsonProblem } from "./saves/json-limits.js";
import { LESSON_IDS } from "./games/index.js";
import { readRulesParam } from "./rules/link.js";
import { MAX_LINK } from "./link.js";


const MAX_OPTION_TEXT = 20_000; // characters of one opt.<name>= value (a whole deal is ~1 KB)
// A challenge link's code (challenge.js): its shape and greatest length.
export const CHALLENGE_PATTERN = /^c1[zj]\.[A-Za-z0-9_-]+$/;
export const MAX_CHALLENGE = 16_000; // characters: a whole Quodlibet game is about 1.5 KB

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
  "contracts",
  "names",
  "lang",
  "learn",
  "rules",
  "challenge",
];
const OPTION_PREFIX = "opt.";
const isOption = (name) => name.startsWith(OPTION_PREFIX) && /^opt\.[a-z][a-z0-9_]{0,39}$/.test(name);

// A value from the link in a sentence: cut to 40 characters and isolated (names.js), so no
// character of it can reorder the sentence around it.
const quote = (text) => t("setup.quoted", { text: shown(text) });
const or = (items) => list(items, { type: "disjunction" });
// At most MAX_LISTED values of a list in a sentence, then "and N more".
const MAX_LISTED = 8;
// (`show` words each shown item: the rest are never worded, however many there are.)
function some(items, show) {
  const head = items.slice(0, MAX_LISTED).map(show);
  return items.length <= MAX_LISTED ? head : [...head, t("setup.more", { n: items.length - MAX_LISTED })];
}
// At most MAX_ERRORS problems are listed (a link of 10,000 unknown parameters is one notice).
const MAX_ERRORS = 20;

// `learn=<lesson id>` starts a guided lesson (learn/coach.js) instead; beside it only `lang` and
// `speed` may be given.
//
// -> { start: bool, setup: partial setup (valid fields only), resume: id|null, errors: [],
//      learn: lesson id|null }
// `remote`: a seat may be `remote`, a person on another device (the full site's lobby,
// net/host.js; the embed has none).
export function parseParams(search, catalog, { remote = false } = {}) {
  if (search.length > MAX_LINK) {
    const errors = [t("setup.link-too-long", { length: number(search.length), max: number(MAX_LINK) })];
    return { start: false, setup: {}, resume: null, rules: null, errors, learn: null };
  }
  const query = new URLSearchParams(search);
  const errors = [];
  const seen = new Map();
  let skipped = 0; // problems past MAX_ERRORS
  for (const [name, value] of query) {
    if (!KNOWN.includes(name) && !isOption(name)) {
      if (errors.length < MAX_ERRORS) errors.push(t("setup.link-unknown-param", { name: quote(name), known: `${KNOWN.join(", ")}, opt.<option>` }));
      else skipped += 1;
      continue;
    }
    if (seen.has(name)) {
      if (errors.length < MAX_ERRORS) errors.push(t("setup.link-twice", { name: quote(name) }));
      else skipped += 1;
      continue;
    }
    seen.set(name, value.trim());
  }
  if (skipped) errors.push(t("setup.link-more-problems", { n: skipped }));
  const result = { start: false, setup: {}, resume: null, rules: null, errors, learn: null };
  if (seen.size === 0 && errors.length === 0) return result;
  // `rules=<game-id>|reading` opens a rules page over whatever the link shows (rules.js).
  if (seen.has("rules")) {
    const rules = readRulesParam(seen.get("rules"), catalog);
    if (rules.error) errors.push(rules.error);
    else result.rules = rules.page;
  }
  if (seen.has("learn")) return lessonLink(seen, result);

  if (seen.has("resume")) {
    const id = seen.get("resume");
    if (/^[a-z0-9-]{1,40}$/.test(id)) result.resume = id;
    else errors.push(t("setup.link-bad-resume", { id: quote(id) }));
  }
  for (const flag of ["embed", "autostart"]) {
    if (seen.has(flag) && !["0", "1"].includes(seen.get(flag))) {
      errors.push(t("setup.link-bad-flag", { flag, value: quote(seen.get(flag)) }));
    }
  }

  if (seen.has("challenge")) return challengeLink(seen, result);

  const gameId = seen.get("game");
  const names = Object.keys(catalog).join(", ");
  if (gameId === undefined) {
    const settings = [...seen.keys()].filter((k) => !["resume", "embed", "autostart", "lang", "rules"].includes(k));
    if (settings.length) errors.push(t("setup.link-no-game", { settings: settings.join(", "), games: names }));
    return result;
  }
  // Own properties only: `game=toString` must not find Object.prototype.toString.
  const info = Object.hasOwn(catalog, gameId) ? catalog[gameId] : null;
  if (!info) {
    errors.push(t("setup.link-unknown-game", { game: quote(gameId), games: names }));
    return result;
  }
  const setup = result.setup;
  setup.game = gameId;
  const game = gameName(gameId);
  const span = { game, min: info.min_players, max: info.max_players, same: String(info.min_players === info.max_players) };

  let players = null;
  if (seen.has("players")) {
    const text = seen.get("players");
    const n = /^\d{1,2}$/.test(text) ? Number(text) : NaN;
    if (Number.isInteger(n) && n >= info.min_players && n <= info.max_players) players = n;
    else errors.push(t("setup.link-bad-players", { ...span, value: quote(text) }));
  }
  const levels = info.levels || [];
  if (seen.has("seats")) {
    const seats = seen.get("seats").split(",").map((s) => s.trim().toLowerCase());
    const kinds = remote ? SEAT_KINDS : SEAT_KINDS.filter((kind) => kind !== "remote");
    const badAt = seats.flatMap((s, seat) => (kinds.includes(s) || levels.includes(s) ? [] : [seat]));
    if (badAt.length) {
      errors.push(
        t("setup.link-bad-seats", {
          levels: levels.join(", "),
          bad: list(some(badAt, (seat) => quote(seats[seat]))),
          n: badAt.length,
          seats: list(some(badAt, (seat) => number(seat + 1))),
        }),
      );
    } else if (players !== null && seats.length !== players) {
      errors.push(t("setup.link-seats-count", { players, seats: seats.length, list: seats.join(", ") }));
    } else if (players === null && seen.has("players")) {
      // players was invalid: already reported.
    } else if (seats.length < info.min_players || seats.length > info.max_players) {
      errors.push(t("setup.link-seats-span", { ...span, seats: seats.length }));
    } else {
      // A level name is a computer seat at that level; `bot` takes `level=` (set below).
      setup.seats = seats.map((s) => (s === "human" || s === "remote" ? s : "bot"));
      if (seats.some((s) => levels.includes(s))) setup.levels = seats.map((s) => (levels.includes(s) ? s : null));
      players = seats.length;
    }
  }
  if (players !== null) setup.players = players;
  if (seen.has("seed")) {
    const text = seen.get("seed");
    const n = /^\d{1,10}$/.test(text) ? Number(text) : NaN;
    if (Number.isInteger(n) && n <= MAX_SEED) setup.seed = n;
    else errors.push(t("setup.link-bad-seed", { max: MAX_SEED, value: quote(text) }));
  }
  if (seen.has("level")) {
    const level = seen.get("level");
    if (levels.includes(level)) setup.level = level;
    else errors.push(t("setup.link-bad-level", { levels: levels.map((lv) => `${lv} (${levelName(lv)})`).join(", "), value: quote(level) }));
  }
  if (setup.levels) {
    // `bot` seats among named levels play at `level` (default normal; completeSetup).
    const fallback = setup.level ?? null;
    setup.levels = setup.levels.map((lv, seat) => (setup.seats[seat] === "bot" ? lv ?? fallback : null));
  }
  if (seen.has("names")) {
    const names = parseNames(seen.get("names"), players ?? info.default_players, errors);
    if (names) setup.names = names;
  }
  const options = parseOptions(seen, info, game, errors);
  if (options) setup.options = options;
  if (seen.has("speed")) {
    const speed = seen.get("speed");
    if (SPEEDS.includes(speed)) setup.speed = speed;
    else errors.push(t("setup.link-bad-speed", { speeds: or(SPEEDS), value: quote(speed) }));
  }
  result.start = errors.length === 0;
  return result;
}

// `learn=nine-virtues` (with `speed=` and `lang=` at most): the lesson to start, or why not.
function lessonLink(seen, result) {
  const id = seen.get("learn");
  if (!LESSON_IDS.includes(id)) {
    result.errors.push(t("learn.unknown-lesson", { value: quote(id), known: LESSON_IDS.join(", ") }));
  }
  const extra = [...seen.keys()].filter((name) => !["learn", "speed", "lang"].includes(name));
  if (extra.length) result.errors.push(t("learn.link-extra", { names: extra.join(", ") }));
  if (seen.has("speed")) {
    const speed = seen.get("speed");
    if (SPEEDS.includes(speed)) result.setup.speed = speed;
    else result.errors.push(t("setup.link-bad-speed", { speeds: or(SPEEDS), value: quote(speed) }));
  }
  if (!result.errors.length) result.learn = id;
  return result;
}

// `challenge=<code>` (challenge.js; with `speed=`, `lang=`, `embed=`, `autostart=` at most):
// the code is only checked for its shape here (reading it is asynchronous: the page's
// openChallenge reads it in full and says what is wrong). -> result with `challenge`.
function challengeLink(seen, result) {
  const code = seen.get("challenge").replace(/\s+/g, "");
  result.challenge = null;
  if (code.length > MAX_CHALLENGE) result.errors.push(t("challenge.code-too-long", { max: number(MAX_CHALLENGE) }));
  else if (!CHALLENGE_PATTERN.test(code)) result.errors.push(t("challenge.code-not-ours"));
  const extra = [...seen.keys()].filter((name) => !["challenge", "speed", "lang", "embed", "autostart"].includes(name));
  if (extra.length) result.errors.push(t("challenge.link-extra", { names: extra.join(", ") }));
  if (seen.has("speed")) {
    const speed = seen.get("speed");
    if (SPEEDS.includes(speed)) result.setup.speed = speed;
    else result.errors.push(t("setup.link-bad-speed", { speeds: or(SPEEDS), value: quote(speed) }));
  }
  if (!result.errors.length) result.challenge = code;
  return result;
}

// `names=Ann,Ben`: one name per seat, in seat order; an empty one keeps that seat's default
// name ("You", "Computer 2"). Each name is checked by the one rule of names.js (the engine's
// command line has the same: engine/names.py). -> names, or null after pushing the reason.
function parseNames(text, players, errors) {
  const parts = text.split(",");
  if (parts.length !== players) {
    errors.push(t("setup.link-names-count", { players, names: parts.length, list: list(some(parts, (part) => quote(cleanName(part)))) }));
    return null;
  }
  const names = parts.map(cleanName);
  const problems = names.map(nameProblem);
  const refused = (kind) => names.filter((_, seat) => problems[seat] === kind);
  const long = refused("long");
  if (long.length) errors.push(t("setup.link-name-long", { max: MAX_NAME, names: list(some(long, quote)), n: long.length }));
  // Control and invisible characters (bidi overrides, zero-width marks) could disguise a name
  // or reorder the text around it; emoji sequences, marks and every script are welcome.
  const hidden = refused("hidden");
  if (hidden.length) errors.push(t("setup.link-name-odd", { names: list(some(hidden, quote)), n: hidden.length }));
  const stacked = refused("stacked");
  if (stacked.length) errors.push(t("setup.link-name-stacked", { names: list(some(stacked, quote)), n: stacked.length, max: MAX_CLUSTER }));
  return problems.every((problem) => problem === null) ? names : null;
}

// Engine options from `opt.<name>=` and `contracts=` (its short form). A value is JSON when
// it parses as JSON (`3`, `true`, `{"hands": ...}`, `["snack"]`), else a comma list of names
// (`snack,bribe`); `contracts=` is always a comma list. Only the option's name is checked
// here: the engine checks the value when the game starts, and a refusal is shown with the
// menu (app.js). -> options object, or null when the link sets none.
function parseOptions(seen, info, game, errors) {
  const known = Object.keys(info.options || {});
  const given = {};
  for (const [param, text] of seen) {
    if (param !== "contracts" && !isOption(param)) continue;
    const name = param === "contracts" ? "contracts" : param.slice(OPTION_PREFIX.length);
    if (!known.includes(name)) {
      errors.push(t("setup.link-unknown-option", { game, name: quote(name), options: known.join(", "), count: known.length }));
      continue;
    }
    if (name in given) {
      errors.push(t("setup.link-option-twice", { name: quote(name) }));
      continue;
    }
    if (!text) {
      errors.push(t("setup.link-option-empty", { name: quote(name) }));
      continue;
    }
    if (param === "contracts") {
      given[name] = commaList(text);
      continue;
    }
    const value = optionValue(text);
    if (value.error) errors.push(t("setup.link-option-bad", { name: quote(name), why: value.error }));
    else given[name] = value.value;
  }
  return Object.keys(given).length ? given : null;
}

function commaList(text) {
  return text.split(",").map((part) => part.trim()).filter(Boolean);
}

// JSON when it reads as JSON within the bounds (json-limits.js), else a comma list of names;
// -> { value } or { error } for text that looks like JSON but is too long, deep or large.
function optionValue(text) {
  if (text.length > MAX_OPTION_TEXT) return { error: t("setup.link-option-long", { max: MAX_OPTION_TEXT }) };
  const json = parseBounded(text, MAX_OPTION_TEXT);
  if (!json.error) return json;
  if (json.error !== "not-json") return { error: jsonProblem(json) };
  return { value: commaList(text) };
}
