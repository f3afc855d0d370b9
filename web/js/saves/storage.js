// Saved games in localStorage, one key per game under a versioned prefix:
//   parlour:v1:save:<id>  ->  JSON record (below)
// The keys themselves are the index: the menu lists every key with the prefix, so one
// damaged record can never hide or break the others (it is listed as damaged).
//
// Record: { format: "parlour-web-save", version: 1, id, setup (setup.js), engine (the
// engine's to_json() text), round, over, toAct (a name or null), created, updated }.
//
// Beside them, parlour:v1:prefs holds the menu's last choices (readPrefs / writePrefs).
//
// What the store promises (docs/FEATURES.md, "Saves"):
// - Nothing is hidden: whatever can be read is listed and can be continued, whatever the
//   quota; a failing write never makes the store stop reading.
// - Nothing is lost by a failed write: the previous good copy stays where it was, the new
//   state is kept in memory for this page (still listed, still playable), the notice says
//   exactly that, and the next write tries storage again.
// - Nothing is deleted unless the person chooses it: there is no limit that drops old games.
//   Delete really frees the space, and `restore` puts a deleted game back (the menu's Undo).
// - One game, one writer (game-lock.js), and a write never replaces a longer history of the
//   same game: a stale tab cannot shorten a game another tab played further.

import { validSetup } from "../menu/setup.js";
import { parseBounded, jsonProblem } from "./json-limits.js";
import { GameLocks } from "./game-lock.js";
import { t, language } from "../i18n.js";
import { keeper } from "./keep.js";

export const PREFIX = "parlour:v1:";
const SAVE = `${PREFIX}save:`;
const PREFS = `${PREFIX}prefs`;
const FORMAT = "parlour-web-save";
const VERSION = 1;
export const MAX_RECORD = 1_100_000; // characters: the engine reads saves up to 1,000,000
export const MANY = 20; // from this many saved games the menu offers to clear finished ones

export function newId() {
  const words = new Uint32Array(2);
  crypto.getRandomValues(words);
  return `g${Date.now().toString(36)}-${words[0].toString(36)}${words[1].toString(36)}`.slice(0, 40);
}

// The engine save's setup and length, read without the engine: { game, players, moves }.
function engineFacts(text) {
  const parsed = parseBounded(text, MAX_RECORD);
  const body = parsed.value;
  if (!body || typeof body !== "object" || !Array.isArray(body.log)) return null;
  return { game: body.game, players: body.players, moves: body.log.filter((e) => e && "action" in e).length };
}

// An engine save's decisions as comparable text (["0:build 7", ...]), or null when unreadable.
function decisionsOf(text) {
  const body = parseBounded(text, MAX_RECORD).value;
  if (!body || typeof body !== "object" || !Array.isArray(body.log)) return null;
  return body.log.map((e) => (e && typeof e === "object" ? `${e.seat}:${e.action}` : "?"));
}

const timeOf = (iso) => {
  const date = Date.parse(iso);
  return Number.isNaN(date) ? "" : new Date(date).toLocaleTimeString(language(), { hour: "2-digit", minute: "2-digit" });
};

export class SaveStore {
  // onNotice(words): a message for the person (storage trouble, another tab); `words()` gives
  // its text in the language chosen at the time (it is worded again after a switch).
  // onLost(id): another tab took over game `id` (game-lock.js).
  constructor({ catalog, onNotice, onLost }) {
    this.catalog = catalog;
    this.onNotice = onNotice || (() => {});
    this.onLost = onLost || (() => {});
    this.pending = new Map(); // id -> record text not (yet) in localStorage
    this.failing = false; // the last write to localStorage failed
    this.lost = new Set(); // ids another tab took over: not written from here any more
    this.locks = new GameLocks({
      onLost: (id) => {
        this.lost.add(id);
        this.pending.delete(id);
        this.onLost(id);
      },
    });
    try {
      this.local = window.localStorage; // the getter itself throws where storage is blocked
      void this.local.length;
    } catch {
      this.local = null;
      this.onNotice(() => t("notices.storage-blocked"));
    }
  }

  // Whether games are being saved on this device (false: blocked, or the last write failed).
  get persistent() {
    return this.local !== null && !this.failing;
  }

  // --- one game, one writer -----------------------------------------------------------------

  // -> true when this tab may play (and save) game `id`; false: another tab has it open.
  // `{ steal: true }` takes it over ("Continue here").
  async claim(id, options) {
    const mine = await this.locks.claim(id, options);
    if (mine) this.lost.delete(id);
    return mine;
  }

  release(id) {
    this.locks.release(id);
  }

  // --- reading ------------------------------------------------------------------------------

  #keys() {
    const ids = new Set(this.pending.keys());
    if (this.local) {
      try {
        for (let i = 0; i < this.local.length; i++) {
          const key = this.local.key(i);
          if (key && key.startsWith(SAVE)) ids.add(key.slice(SAVE.length));
        }
      } catch {
        // Unreadable storage lists what this page holds.
      }
    }
    return [...ids];
  }

  #stored(id) {
    if (!this.local) return null;
    try {
      return this.local.getItem(SAVE + id);
    } catch {
      return null;
    }
  }

  #get(id) {
    return this.pending.get(id) ?? this.#stored(id);
  }

  #check(id, text) {
    if (text === null) return { error: t("saves.gone") };
    const parsed = parseBounded(text, MAX_RECORD);
    if (parsed.error) return { error: t("saves.unreadable", { why: jsonProblem(parsed) }) };
    const record = parsed.value;
    if (!record || record.format !== FORMAT) return { error: t("saves.not-a-save") };
    if (record.version !== VERSION) return { error: t("saves.other-version") };
    if (record.id !== id || typeof record.engine !== "string") {
      return { error: t("saves.parts-missing") };
    }
    if (!validSetup(record.setup, this.catalog)) {
      return { error: t("saves.bad-setup") };
    }
    const facts = engineFacts(record.engine);
    if (!facts || facts.game !== record.setup.game || facts.players !== record.setup.players) {
      return { error: t("saves.bad-moves") };
    }
    return { record };
  }

  // -> { record } or { error: readable reason } for a damaged or missing save.
  read(id) {
    return this.#check(id, this.#get(id));
  }

  // Every saved game, newest first: [{ id, record } | { id, error }].
  list() {
    const entries = this.#keys().map((id) => ({ id, ...this.read(id) }));
    const time = (e) => (e.record ? Date.parse(e.record.updated) || 0 : Infinity);
    return entries.sort((a, b) => time(b) - time(a) || a.id.localeCompare(b.id));
  }

  // --- writing ------------------------------------------------------------------------------

  // Save (create or update) a game. -> true when it is in localStorage, false when it is
  // kept in memory only (or refused: another tab holds it, or it would shorten the game).
  // `{ takenBack: true }`: the person took moves back (table.js), so the game may be shorter,
  // but only by moves at its end (its moves are the first ones of the previous copy's).
  write(fields, { takenBack = false } = {}) {
    if (this.lost.has(fields.id)) return false; // another tab took this game over: it writes it now
    const now = new Date().toISOString();
    const previous = this.read(fields.id).record;
    if (previous && !this.#extends(previous, fields) && !(takenBack && this.#shortens(previous, fields))) {
      this.onNotice(() => t("notices.played-further"));
      return false;
    }
    const record = { format: FORMAT, version: VERSION, created: previous ? previous.created : now, ...fields, updated: now };
    if (previous && previous.engine === record.engine && !this.pending.has(record.id)) return true; // nothing new
    const text = JSON.stringify(record);
    const written = this.#put(record.id, text, previous);
    // The first saved move of a game a person plays: ask the browser to keep it (keep.js).
    if (written) keeper.afterSave(record.setup, { moved: Boolean(previous), over: record.over === true });
    return written;
  }

  // Whether `fields` may replace `previous`: it has at least as many moves (a damaged
  // previous copy, whose moves cannot be counted, may be replaced).
  #extends(previous, fields) {
    const before = engineFacts(previous.engine);
    const after = engineFacts(fields.engine);
    return !before || !after || after.moves >= before.moves;
  }

  // Whether `fields`'s game is `previous`'s with moves taken off its end (a take back).
  #shortens(previous, fields) {
    const before = decisionsOf(previous.engine);
    const after = decisionsOf(fields.engine);
    if (!before || !after || after.length > before.length) return false;
    return after.every((entry, i) => entry === before[i]);
  }

  #put(id, text, previous) {
    if (!this.local) {
      this.pending.set(id, text);
      return false;
    }
    try {
      this.local.setItem(SAVE + id, text);
    } catch (error) {
      this.pending.set(id, text);
      if (!this.failing) {
        this.failing = true;
        const full = error && (error.name === "QuotaExceededError" || error.code === 22);
        const at = previous ? previous.updated : null;
        this.onNotice(() => t("notices.storage-failed", { full: String(Boolean(full)), kept: String(Boolean(at && timeOf(at))), time: at ? timeOf(at) : "" }));
      }
      return false;
    }
    this.pending.delete(id);
    if (this.failing) {
      this.failing = false;
      this.#flush();
      if (!this.failing) this.onNotice(() => t("notices.saving-again", { kept: String(keeper.kept) }));
    }
    return true;
  }

  // Write what only memory holds, now that storage takes writes again.
  #flush() {
    for (const [id, text] of [...this.pending]) {
      try {
        this.local.setItem(SAVE + id, text);
        this.pending.delete(id);
      } catch {
        this.failing = true;
        return;
      }
    }
  }

  // --- the menu's choices ------------------------------------------------------------------

  // The menu's last choices (pace, levels, seats, names), one small record for the page:
  // read back as {} when absent, damaged or storage is blocked (a choice is then simply not
  // remembered); written best-effort, never throwing.
  readPrefs() {
    if (this.memoryPrefs || !this.local) return this.memoryPrefs || {};
    let text = null;
    try {
      text = this.local.getItem(PREFS);
    } catch {
      return {};
    }
    const parsed = parseBounded(text || "{}", 100_000).value;
    return parsed && typeof parsed === "object" && !Array.isArray(parsed) ? parsed : {};
  }

  writePrefs(prefs) {
    if (this.memoryPrefs || !this.local) {
      this.memoryPrefs = prefs;
      return;
    }
    try {
      this.local.setItem(PREFS, JSON.stringify(prefs));
    } catch {
      this.memoryPrefs = prefs; // full or blocked: remembered for this page only
    }
  }

  // --- deleting -----------------------------------------------------------------------------

  // Delete a saved game (frees its space). -> the record's text, for `restore` (Undo).
  remove(id) {
    const text = this.#get(id);
    this.pending.delete(id);
    if (this.local) {
      try {
        this.local.removeItem(SAVE + id);
      } catch {
        // Nothing more to do: the menu will still list it.
      }
    }
    if (this.failing && this.pending.size) {
      this.failing = false;
      this.#flush();
      if (!this.failing) this.onNotice(() => t("notices.saving-again", { kept: String(keeper.kept) }));
    }
    return text;
  }

  // Put back a game `remove` returned (Undo). -> true when it is in localStorage again.
  restore(id, text) {
    if (typeof text !== "string") return false;
    return this.#put(id, text, null);
  }
}
