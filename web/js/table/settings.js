// The person's table settings on this device, in localStorage under parlour:v1:settings:
//   { sound: boolean, "embed-sound": boolean, "only-move": boolean }
// A key is written only once the person chooses; until then each has its default:
//   sound         the site's card sounds: on
//   embed-sound   the embed's card sounds (a frame in another page): off, so an article
//                 never starts making noise; the person can turn them on there
//   only-move     "Play my only move for me": off
// Nothing here throws: where storage is blocked, full or damaged, the defaults hold and a
// choice lasts for this page only (kept in memory).

import { parseBounded } from "../saves/json-limits.js";

const KEY = "parlour:v1:settings";
const MAX = 2_000; // characters: a few booleans
const DEFAULTS = { sound: true, "embed-sound": false, "only-move": false };

let memory = {}; // choices made on this page, whatever storage did with them

// Whether this page is the embed (embed.html marks its <html> with the class).
export const inEmbed = () => document.documentElement.classList.contains("embed");

function stored() {
  let text = null;
  try {
    text = localStorage.getItem(KEY);
  } catch {
    return {}; // blocked
  }
  if (!text) return {};
  const value = parseBounded(text, MAX).value;
  return value && typeof value === "object" && !Array.isArray(value) ? value : {};
}

// The setting `name` (a key of DEFAULTS): the person's choice, else its default.
export function setting(name) {
  if (typeof memory[name] === "boolean") return memory[name];
  const value = stored()[name];
  return typeof value === "boolean" ? value : DEFAULTS[name];
}

export function setSetting(name, value) {
  memory = { ...memory, [name]: Boolean(value) };
  try {
    localStorage.setItem(KEY, JSON.stringify({ ...stored(), [name]: Boolean(value) }));
  } catch {
    // Full or blocked: this page keeps the choice in memory.
  }
}

// Sounds: the setting that applies on this page.
export const soundKey = () => (inEmbed() ? "embed-sound" : "sound");
export const soundOn = () => setting(soundKey());
