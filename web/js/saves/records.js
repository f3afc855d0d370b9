// Records on this device: per game and computer level, games played and won, best and
// average score, the current streak (docs/FEATURES.md, "Records"). One localStorage key per game and
// level, beside the saves:
//   parlour:v1:records:<game>:<level>  ->  { format: "parlour-records", version: 1, game,
//     level, played, won, best, total, streak, counted: [save ids], check }
//
// What counts: a finished game with exactly one person and at least one computer (pass-and-
// play, demos and lessons are not counted), once per game: the save's id is kept in
// `counted` (the latest MAX_COUNTED), so reopening a finished save adds nothing. The level is
// the computers' level, "mixed" when they play at different levels. A win is sharing first
// place too (the engine's winners: ties share, NV-14, TM-2, QL-8). The best score is the
// highest total, or the lowest in a game where the lowest total wins (Quodlibet).
//
// The same promises as the saves (storage.js): a full or blocked storage gives a notice and
// the new figures are kept in memory for this page (shown, written at the next chance);
// an entry that fails its check (edited or damaged) is refused, moved aside under
// parlour:v1:records-aside:<game>:<level>:<time> (never deleted) with a notice, and a new
// entry starts. The check is a hash of the entry's fields: it catches damage and casual
// edits, not a determined person editing their own device. A key that names no game or level
// of the catalog (`parlour:v1:records:__proto__:normal`) is never worded as a game: it is
// moved aside under parlour:v1:records-aside:<the rest of its key>:<time> with a notice that
// quotes the key.

import { levelOf } from "../menu/setup.js";
import { parseBounded } from "./json-limits.js";
import { number, t } from "../i18n.js";
import { gameName } from "../words/game-name.js";
import { manifest } from "../manifest.js";
import { shown } from "../words/names.js";

const PREFIX = "parlour:v1:records:";
const ASIDE = "parlour:v1:records-aside:";
const FORMAT = "parlour-records";
const VERSION = 1;
const MAX_COUNTED = 500;
const FIELDS = ["format", "version", "game", "level", "played", "won", "best", "total", "streak", "counted"];

// FNV-1a (32 bits) over the entry's canonical text, as 8 hex digits.
function checkOf(entry) {
  const text = JSON.stringify(FIELDS.map((name) => entry[name]));
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, "0");
}

const whole = (n) => Number.isSafeInteger(n) && n >= 0;

// Whether `entry` is a sound record of `game` at `level` (its check included).
function sound(entry, game, level) {
  if (!entry || typeof entry !== "object" || Array.isArray(entry)) return false;
  if (!/^[a-z0-9-]{1,40}$/.test(String(game)) || !/^[a-z0-9-]{1,40}$/.test(String(level))) return false;
  if (entry.format !== FORMAT || entry.version !== VERSION || entry.game !== game || entry.level !== level) return false;
  const { played, won, streak, total, best, counted } = entry;
  if (![played, won, streak].every(whole) || won > played || streak > won || played === 0) return false;
  if (!Number.isSafeInteger(total) || !Number.isSafeInteger(best)) return false;
  if (!Array.isArray(counted) || counted.length > MAX_COUNTED || !counted.every((id) => typeof id === "string")) return false;
  return entry.check === checkOf(entry);
}

// The level key of a game against computers: their level, or "mixed".
export function recordLevel(setup) {
  const levels = new Set(setup.seats.flatMap((kind, seat) => (kind === "bot" ? [levelOf(setup, seat)] : [])));
  return levels.size === 1 ? [...levels][0] : "mixed";
}

// Whether a game of `setup` counts for the records: one person against the computer (not a
// game with people on other devices).
export function counts(setup) {
  const humans = setup.seats.filter((kind) => kind === "human").length;
  return humans === 1 && setup.seats.length > 1 && !setup.seats.includes("remote");
}

export class RecordBook {
  // store: the page's SaveStore (its localStorage and its notices); catalog: the games.
  constructor({ store, catalog }) {
    this.local = store.local;
    this.notice = (words) => store.onNotice(words);
    this.catalog = catalog;
    this.pending = new Map(); // key -> entry not (yet) in localStorage
    this.failing = false;
    this.told = new Set(); // damaged entries already in a notice on this page
  }

  // Whether `game` and `level` are a game of the catalog and one of its levels ("mixed" too):
  // own properties only, so `__proto__` or `constructor` is no game.
  known(game, level) {
    if (typeof game !== "string" || typeof level !== "string" || !Object.hasOwn(this.catalog, game)) return false;
    return level === "mixed" || (this.catalog[game].levels || []).includes(level);
  }

  // Every record on this device: [{ game, level, played, won, best, average, streak }],
  // in the catalog's game order, then by level.
  all() {
    const keys = new Set(this.pending.keys());
    if (this.local) {
      try {
        for (let i = 0; i < this.local.length; i += 1) {
          const key = this.local.key(i);
          if (key && key.startsWith(PREFIX)) keys.add(key);
        }
      } catch {
        // Unreadable storage: what this page holds.
      }
    }
    const out = [];
    for (const key of keys) {
      const [game, level, ...more] = key.slice(PREFIX.length).split(":");
      if (more.length || !this.known(game, level)) {
        this.#putAsideUnknown(key);
        continue;
      }
      const entry = this.#read(game, level);
      if (entry) out.push(this.#figures(entry));
    }
    const order = Object.keys(this.catalog);
    const levels = ["easy", "normal", "hard", "mixed"];
    return out.sort((a, b) => order.indexOf(a.game) - order.indexOf(b.game) || levels.indexOf(a.level) - levels.indexOf(b.level));
  }

  // The record of `game` at `level`, or null.
  get(game, level) {
    const entry = this.#read(game, level);
    return entry ? this.#figures(entry) : null;
  }

  // A game has ended (`view`: its final common view): count it once. -> the record's
  // figures after it ({ ..., fresh: true when this call counted it }), or null when the game
  // does not count.
  add(id, setup, view) {
    if (!counts(setup) || !view.over) return null;
    const game = setup.game;
    const level = recordLevel(setup);
    const me = setup.seats.indexOf("human");
    const entry = this.#read(game, level, { aside: true });
    if (entry && entry.counted.includes(id)) return { ...this.#figures(entry), fresh: false };
    const score = view.totals[me];
    const won = view.winners.includes(me);
    const low = Boolean(this.catalog[game] && this.catalog[game].low_score_wins);
    const next = entry
      ? {
          ...entry,
          played: entry.played + 1,
          won: entry.won + (won ? 1 : 0),
          best: low ? Math.min(entry.best, score) : Math.max(entry.best, score),
          total: entry.total + score,
          streak: won ? entry.streak + 1 : 0,
          counted: [...entry.counted, id].slice(-MAX_COUNTED),
        }
      : { format: FORMAT, version: VERSION, game, level, played: 1, won: won ? 1 : 0, best: score, total: score, streak: won ? 1 : 0, counted: [id] };
    next.check = checkOf(next);
    this.#write(next);
    return { ...this.#figures(next), fresh: true };
  }

  // Everything, for a save export (savecode.js): the entries as stored.
  exportAll() {
    return this.all().map(({ game, level }) => this.#read(game, level)).filter(Boolean);
  }

  // Entries from an export (another device): each is checked; one is taken where this device
  // has no record of that game and level, or fewer games in it. -> how many were taken.
  importAll(entries) {
    if (!Array.isArray(entries)) return 0;
    let taken = 0;
    for (const entry of entries) {
      if (!entry || !this.known(entry.game, entry.level)) continue;
      if (!sound(entry, entry.game, entry.level)) continue;
      const here = this.#read(entry.game, entry.level);
      if (here && here.played >= entry.played) continue;
      this.#write({ ...entry });
      taken += 1;
    }
    return taken;
  }

  #figures(entry) {
    const { game, level, played, won, best, total, streak } = entry;
    return { game, level, played, won, best, streak, average: total / played };
  }

  #read(game, level, { aside = false } = {}) {
    const key = `${PREFIX}${game}:${level}`;
    if (this.pending.has(key)) return this.pending.get(key);
    if (!this.local) return null;
    let text = null;
    try {
      text = this.local.getItem(key);
    } catch {
      return null;
    }
    if (text === null) return null;
    const entry = parseBounded(text, 100_000).value;
    if (sound(entry, game, level)) return entry;
    if (aside) this.#putAside(key, text, game, level);
    else if (!this.told.has(key)) {
      this.told.add(key);
      this.notice(() => t("records.damaged-found", { game: gameName(game) }));
    }
    return null;
  }

  // A damaged or edited entry: kept under another key, never counted on, never deleted.
  #putAside(key, text, game, level) {
    try {
      this.local.setItem(`${ASIDE}${game}:${level}:${Date.now()}`, text);
      this.local.removeItem(key);
      this.notice(() => t("records.damaged", { game: gameName(game) }));
    } catch {
      this.notice(() => t("records.damaged-kept", { game: gameName(game) }));
    }
  }

  // A key naming no game or level of this site: moved aside (never deleted) and reported by
  // the key itself, once per page.
  #putAsideUnknown(key) {
    if (this.told.has(key)) return;
    this.told.add(key);
    this.pending.delete(key);
    let moved = false;
    try {
      const text = this.local ? this.local.getItem(key) : null;
      if (text !== null) {
        this.local.setItem(`${ASIDE}${key.slice(PREFIX.length)}:${Date.now()}`, text);
        this.local.removeItem(key);
        moved = true;
      }
    } catch {
      moved = false;
    }
    this.notice(() => t(moved ? "records.unknown-aside" : "records.unknown-kept", { key: shown(key, 80) }));
  }

  #write(entry) {
    const key = `${PREFIX}${entry.game}:${entry.level}`;
    const text = JSON.stringify(entry);
    if (!this.local) {
      if (!this.pending.size) this.notice(() => t("records.not-saved"));
      this.pending.set(key, entry);
      return;
    }
    try {
      this.local.setItem(key, text);
      this.pending.delete(key);
    } catch {
      this.pending.set(key, entry);
      if (!this.failing) this.notice(() => t("records.not-saved"));
      this.failing = true;
      return;
    }
    if (this.failing) {
      this.failing = false;
      for (const [other, kept] of [...this.pending]) {
        try {
          this.local.setItem(other, JSON.stringify(kept));
          this.pending.delete(other);
        } catch {
          this.failing = true;
          return;
        }
      }
    }
  }
}


// One record in words: "3 games · 2 won · best 34 · average 28.3 · streak: 1 win".
export function recordWords(record) {
  return t("records.line", {
    played: record.played,
    won: record.won,
    best: number(record.best),
    average: number(Math.round(record.average * 10) / 10),
    streak: record.streak,
  });
}

const books = new WeakMap();
let latest = null; // the page's book, for the save export

// The page's one record book for `store` (the table and the menu share it, so figures kept
// in memory while storage is full show on both).
export function recordBook(store, catalog) {
  if (!books.has(store)) books.set(store, new RecordBook({ store, catalog }));
  latest = books.get(store);
  return latest;
}

// For savecode.js: this device's records, carried in every save code ([] before the page
// has opened its book), and the records a code carries, taken where they are sound and
// further along than this device's (RecordBook.importAll).
export function recordsForExport() {
  return latest ? latest.exportAll() : [];
}

export function recordsFromImport(store, entries) {
  if (!Array.isArray(entries) || !entries.length) return 0;
  return (books.get(store) || new RecordBook({ store, catalog: manifest.games })).importAll(entries);
}
