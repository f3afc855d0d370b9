// Keeping saved games (issue 25): whether this browser has agreed to keep the site's storage
// (`navigator.storage.persisted()`, checked on every visit), asking for it once
// (`navigator.storage.persist()`) at a sensible moment — after the first saved move of a game
// with a person in it, or a finished one; never on load, never inside a frame (an embed on a
// magazine's page) — and which saved games and records were ever exported, so the menu can
// remind quietly about the ones that never were. Safari deletes a site's storage after seven
// days of use without a visit unless it was added to the Home Screen; where storage is not
// kept, the menu says so and offers the Home Screen (an Install button where the browser
// fires `beforeinstallprompt`) and export (menu.js).
//
// Remembered in localStorage, beside the saves:
//   parlour:v1:keep -> { asked: ISO time of the one ask, granted: bool, exported: { <save id>:
//     ISO time }, records: { "<game>:<level>": ISO time }, quiet: ISO time the reminder was
//     put off }
// Nothing here throws: blocked storage only means nothing is remembered.

import { parseBounded } from "./json-limits.js";

const KEY = "parlour:v1:keep";
export const QUIET_DAYS = 30; // "Not now" puts the reminder off this long
const MAX_EXPORTED = 500; // save ids remembered as exported (the latest)

function framed() {
  try {
    return window.top !== window.self;
  } catch {
    return true; // a cross-origin parent
  }
}

const storageApi = () => (typeof navigator !== "undefined" && navigator.storage) || null;

class Keeper {
  constructor() {
    this.listeners = new Set();
    this.persisted = null; // true or false once known; null while persisted() is pending
    this.asking = null;
    this.installPrompt = null; // the stashed beforeinstallprompt event
    this.framed = framed();
    const api = storageApi();
    if (api && typeof api.persisted === "function") {
      api.persisted().then(
        (kept) => this.#set(Boolean(kept)),
        () => this.#set(false),
      );
    } else {
      this.persisted = false; // no way to ask: nothing is promised
    }
    if (!this.framed && typeof window !== "undefined") {
      window.addEventListener("beforeinstallprompt", (event) => {
        event.preventDefault(); // the menu offers its own Install button instead
        this.installPrompt = event;
        this.#tell();
      });
      // An installed app is what browsers keep (Chromium grants persist() to one): ask again.
      window.addEventListener("appinstalled", () => {
        this.installPrompt = null;
        void this.ask({ again: true });
      });
    }
  }

  // Whether the browser has agreed to keep this site's storage.
  get kept() {
    return this.persisted === true;
  }

  // Whether the page runs as an installed app (from the Home Screen): no need to offer it.
  get installed() {
    try {
      return Boolean(navigator.standalone) || window.matchMedia("(display-mode: standalone)").matches;
    } catch {
      return false;
    }
  }

  // fn() whenever the answer, the install offer or the exports change. -> a function to stop.
  onChange(fn) {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  #tell() {
    for (const fn of [...this.listeners]) fn();
  }

  #set(kept) {
    if (this.persisted === kept) return;
    this.persisted = kept;
    this.#tell();
  }

  #memo() {
    let text = null;
    try {
      text = localStorage.getItem(KEY);
    } catch {
      return {}; // blocked
    }
    const value = parseBounded(text || "{}", 100_000).value;
    return value && typeof value === "object" && !Array.isArray(value) ? value : {};
  }

  #remember(changes) {
    const memo = { ...this.#memo(), ...changes };
    try {
      localStorage.setItem(KEY, JSON.stringify(memo));
    } catch {
      // Full or blocked: not remembered (at worst asked once more on a later visit).
    }
    return memo;
  }

  // A game was written to storage (storage.js): ask after the first saved move of a game a
  // person plays, or a finished one. `setup` is the save's setup, `moved` whether an earlier
  // copy of the same game was there (so this save holds a new move).
  afterSave(setup, { moved, over }) {
    const people = Array.isArray(setup && setup.seats) && setup.seats.includes("human");
    if (people && (moved || over)) void this.ask();
  }

  // Ask the browser to keep the site's storage: once (remembered), or `again` after an
  // install. Never inside a frame, never where the API is missing or storage is kept already.
  async ask({ again = false } = {}) {
    const api = storageApi();
    if (this.framed || !api || typeof api.persist !== "function" || this.persisted === true || this.asking) return;
    if (!again && (this.askedBefore || this.#memo().asked)) {
      this.askedBefore = true; // no need to read the memo on every save
      return;
    }
    this.askedBefore = true;
    this.#remember({ asked: new Date().toISOString() });
    this.asking = (async () => {
      let granted = false;
      try {
        granted = Boolean(await api.persist());
      } catch {
        granted = false;
      }
      this.#remember({ granted });
      this.asking = null;
      this.#set(granted);
    })();
    await this.asking;
  }

  // The browser's own install prompt (where it fired beforeinstallprompt). -> true if accepted.
  async install() {
    const event = this.installPrompt;
    if (!event) return false;
    this.installPrompt = null;
    this.#tell();
    try {
      await event.prompt();
      const choice = await event.userChoice;
      return Boolean(choice && choice.outcome === "accepted");
    } catch {
      return false;
    }
  }

  // --- exports ------------------------------------------------------------------------------

  // A save code left the page (copied or downloaded: savecode.js): that game, and every record
  // the code carries (`records`: records.js's entries, { game, level }), count as exported.
  exported(id, records = []) {
    const memo = this.#memo();
    const now = new Date().toISOString();
    const games = { ...(memo.exported && typeof memo.exported === "object" ? memo.exported : {}) };
    const kept = { ...(memo.records && typeof memo.records === "object" ? memo.records : {}) };
    if (id) {
      delete games[id];
      games[id] = now; // the latest last: the oldest go first past MAX_EXPORTED
    }
    for (const old of Object.keys(games).slice(0, -MAX_EXPORTED)) delete games[old];
    for (const entry of records) if (entry && entry.game && entry.level) kept[`${entry.game}:${entry.level}`] = now;
    this.#remember({ exported: games, records: kept });
    this.#tell();
  }

  wasExported(id) {
    const games = this.#memo().exported;
    return Boolean(games && typeof games === "object" && games[id]);
  }

  // The records (records.js's figures: { game, level, ... }) no save code ever carried.
  unexportedRecords(records) {
    const kept = this.#memo().records;
    const known = kept && typeof kept === "object" ? kept : {};
    return records.filter((record) => !known[`${record.game}:${record.level}`]);
  }

  // Whether the reminder was put off ("Not now") less than QUIET_DAYS ago.
  get quiet() {
    const at = Date.parse(this.#memo().quiet);
    return !Number.isNaN(at) && Date.now() - at < QUIET_DAYS * 86_400_000;
  }

  putOff() {
    this.#remember({ quiet: new Date().toISOString() });
    this.#tell();
  }
}

// The page's one keeper (its listeners and the stashed install prompt live as long as it).
export const keeper = new Keeper();
