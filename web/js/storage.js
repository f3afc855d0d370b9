// Saved games in localStorage, one key per game under a versioned prefix:
//   parlour:v1:save:<id>  ->  JSON record (below)
// The keys themselves are the index: the menu lists every key with the prefix, so one
// damaged record can never hide or break the others.
//
// Record: { format: "parlour-web-save", version: 1, id, setup (setup.js), engine (the
// engine's to_json() text), round, over, toAct (a name or null), created, updated }.
//
// Beside them, parlour:v1:prefs holds the menu's last choices (readPrefs / writePrefs).
//
// Where storage is blocked (some private modes, sandboxed frames) or full, localStorage
// throws: the store then keeps games in memory for this page and raises a notice, and play
// goes on.

import { validSetup } from "./setup.js";

export const PREFIX = "parlour:v1:";
const SAVE = `${PREFIX}save:`;
const PREFS = `${PREFIX}prefs`;
const FORMAT = "parlour-web-save";
const VERSION = 1;
export const KEEP = 20; // saved games kept; the oldest finished ones go first

export function newId() {
  const words = new Uint32Array(2);
  crypto.getRandomValues(words);
  return `g${Date.now().toString(36)}-${words[0].toString(36)}${words[1].toString(36)}`.slice(0, 40);
}

export class SaveStore {
  constructor({ catalog, onNotice }) {
    this.catalog = catalog;
    this.onNotice = onNotice || (() => {});
    this.memory = null; // Map id -> text once localStorage has failed
    try {
      const probe = `${PREFIX}probe`;
      window.localStorage.setItem(probe, "1");
      window.localStorage.removeItem(probe);
      this.local = window.localStorage;
    } catch (error) {
      this.local = null;
      this.#fallBack(
        "This browser does not let the page save games (storage is blocked), so this game " +
          "lasts only until you close the page.",
      );
    }
  }

  get persistent() {
    return this.memory === null;
  }

  #fallBack(message) {
    if (this.memory === null) {
      this.memory = new Map();
      this.onNotice(message);
    }
  }

  #keys() {
    if (this.memory) return [...this.memory.keys()].map((id) => SAVE + id);
    const keys = [];
    try {
      for (let i = 0; i < this.local.length; i++) {
        const key = this.local.key(i);
        if (key && key.startsWith(SAVE)) keys.push(key);
      }
    } catch {
      // Unreadable storage lists nothing.
    }
    return keys;
  }

  #get(id) {
    if (this.memory) return this.memory.get(id) ?? null;
    try {
      return this.local.getItem(SAVE + id);
    } catch {
      return null;
    }
  }

  // -> { record } or { error: readable reason } for a damaged or missing save.
  read(id) {
    const text = this.#get(id);
    if (text === null) return { error: "This saved game is no longer on this device." };
    let record;
    try {
      record = JSON.parse(text);
    } catch {
      return { error: "This saved game is damaged (it is not readable)." };
    }
    if (!record || record.format !== FORMAT) return { error: "This is not a Parlour saved game." };
    if (record.version !== VERSION) {
      return { error: "This saved game is from another version of Parlour." };
    }
    if (record.id !== id || typeof record.engine !== "string") {
      return { error: "This saved game is damaged (parts of it are missing)." };
    }
    if (!validSetup(record.setup, this.catalog)) {
      return { error: "This saved game is damaged (its seats or game are not valid)." };
    }
    return { record };
  }

  // Every saved game, newest first: [{ id, record } | { id, error }].
  list() {
    const entries = this.#keys().map((key) => {
      const id = key.slice(SAVE.length);
      return { id, ...this.read(id) };
    });
    const time = (e) => (e.record ? Date.parse(e.record.updated) || 0 : Infinity);
    return entries.sort((a, b) => time(b) - time(a) || a.id.localeCompare(b.id));
  }

  // Save (create or update) a game. Returns false when it is kept in memory only.
  write(fields) {
    const now = new Date().toISOString();
    const previous = this.read(fields.id).record;
    const record = {
      format: FORMAT,
      version: VERSION,
      created: previous ? previous.created : now,
      ...fields,
      updated: now,
    };
    const text = JSON.stringify(record);
    if (this.memory) {
      this.memory.set(record.id, text);
      return false;
    }
    try {
      this.local.setItem(SAVE + record.id, text);
      if (!previous) this.#prune(record.id);
      return true;
    } catch (error) {
      const full = error && (error.name === "QuotaExceededError" || error.code === 22);
      // Keep what was already saved readable in memory, then carry on there.
      const kept = new Map();
      for (const key of this.#keys()) {
        const id = key.slice(SAVE.length);
        const old = this.#get(id);
        if (old !== null) kept.set(id, old);
      }
      this.#fallBack(
        full
          ? "Storage is full, so this game is no longer being saved (it lasts until you " +
              "close the page). Deleting old saved games from the menu makes room."
          : "This browser stopped the page from saving games, so this game lasts only until " +
              "you close the page.",
      );
      for (const [id, old] of kept) this.memory.set(id, old);
      this.memory.set(record.id, text);
      return false;
    }
  }

  remove(id) {
    if (this.memory) {
      this.memory.delete(id);
      return;
    }
    try {
      this.local.removeItem(SAVE + id);
    } catch {
      // Nothing more to do: the menu will still list it.
    }
  }

  // The menu's last choices (pace, levels, seats, names), one small record for the page:
  // read back as {} when absent, damaged or storage is blocked (a choice is then simply not
  // remembered); written best-effort, never throwing.
  readPrefs() {
    if (this.memoryPrefs || !this.local) return this.memoryPrefs || {};
    try {
      const parsed = JSON.parse(this.local.getItem(PREFS) || "{}");
      return parsed && typeof parsed === "object" && !Array.isArray(parsed) ? parsed : {};
    } catch {
      return {};
    }
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

  // Keep at most KEEP saved games: drop the oldest finished ones, then the oldest.
  #prune(keepId) {
    const all = this.list().filter((e) => e.id !== keepId && e.record);
    let excess = all.length + 1 - KEEP;
    const byAge = [...all].reverse(); // oldest first
    for (const pass of [(e) => e.record.over, () => true]) {
      for (const entry of byAge) {
        if (excess <= 0) return;
        if (pass(entry) && this.#get(entry.id) !== null) {
          this.remove(entry.id);
          excess -= 1;
        }
      }
    }
  }
}
