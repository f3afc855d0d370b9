// Every word a person reads, in the chosen language (docs/WEB.md, "Languages and catalogs").
//
// Catalogs live in web/i18n/<lang>/<area>.json as flat objects of ICU MessageFormat messages
// (plural, selectordinal, select, number); build.py turns each language into one ES module
// (js/i18n/<lang>.js); message-format.js formats them (the subset of ICU we use, checked
// against intl-messageformat by tests/test_message_format.py).
// A key is "<area>.<name>": t("menu.play") is "play" in menu.json.
//
//   wordsReady            resolves once the chosen language's catalog is loaded: entry
//                         modules await it before anything calls t()
//   t(key, values)        the message, formatted (plurals, ordinals, numbers through Intl)
//   list(items)           "A, B and C" / "A, B, C" through Intl.ListFormat
//   number(n), signed(n)  Intl.NumberFormat; signed() always shows the sign (+3, −2, 0)
//   language()            "en" | "ko"; <html lang> follows it
//   setLanguage(code)     loads that catalog, remembers the choice, tells the listeners
//   onLanguageChange(fn)  fn(code) after a switch, so screens can re-render in place
//   loadWords(...areas)   fetches lazy areas (LAZY_AREAS: "rules-*", "learn-*" and each game's
//                         table words, "<game-id>"; each its own js/i18n/<lang>/<area>.js,
//                         build.py) before a screen that shows them is built;
//                         a switch reloads the ones already fetched in the new language
//
// The language on load: a valid `lang=` in the address, else the remembered choice, else the
// first of navigator.languages we have, else English. An unknown `lang=` falls back the same
// way and is reported by params.js (languageProblem()).
//
// A missing key is a bug: it logs a console error (which fails the browser tests) and shows
// the key itself. Only the chosen language's catalog is fetched.

import { LANGUAGES, LAZY_AREAS } from "./i18n/index.js";
import { compile, intl } from "./words/message-format.js";
import { boundedSearch } from "./link.js";

export { LANGUAGES };
export const STORAGE_KEY = "parlour:lang";
const CODES = LANGUAGES.map((entry) => entry.code);

function remembered() {
  try {
    return localStorage.getItem(STORAGE_KEY);
  } catch {
    return null; // storage blocked (an iframe with third-party storage off)
  }
}

function fromBrowser() {
  for (const tag of navigator.languages || [navigator.language || ""]) {
    const code = String(tag).toLowerCase().split("-")[0];
    if (CODES.includes(code)) return code;
  }
  return null;
}

const asked = new URLSearchParams(boundedSearch()).get("lang");
const askedCode = asked === null ? null : asked.trim().toLowerCase();

// The `lang=` value when it names no language we have (params.js words the problem).
export function languageProblem() {
  return askedCode !== null && !CODES.includes(askedCode) ? asked : null;
}

function initialLanguage() {
  if (askedCode !== null && CODES.includes(askedCode)) return askedCode;
  const kept = remembered();
  if (kept && CODES.includes(kept)) return kept;
  return fromBrowser() || "en";
}

let current = initialLanguage();
const load = async (code) => (await import(`./i18n/${code}.js`)).default;
const loadArea = async (code, area) => (await import(`./i18n/${code}/${area}.js`)).default;
// A page's first use of Intl loads the locale's data for each kind of format: numbers,
// plural rules (cardinal and ordinal), lists, and numbers' sign display, some 5-20 ms each on
// a desktop and more on a phone. Each runs in a task of its own while the catalog
// downloads, so the task that then paints the menu stays short (issue 13).
const WARM_UPS = [
  (code) => intl(Intl.NumberFormat, code).format(2), // the very objects used later (intl())
  (code) => intl(Intl.PluralRules, code, { type: "cardinal" }).select(2),
  (code) => intl(Intl.PluralRules, code, { type: "ordinal" }).select(2),
  (code) => intl(Intl.ListFormat, code, { style: "long", type: "conjunction" }).format(["1", "2"]),
  (code) => intl(Intl.NumberFormat, code, { signDisplay: "exceptZero" }).format(-1),
];
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));
async function warmUp(code) {
  for (const step of WARM_UPS) {
    await nextTask();
    step(code);
  }
  await nextTask(); // the menu is then painted in a task of its own, too
}
// No top-level `await` here: this module is imported by nearly every other one, and WebKit
// (Safari, every iPhone browser) may run an importer before a shared dependency's top-level
// await has settled (WebKit bug 242740), which showed a blank page on one load in four.
// Entry modules (app.js, embed.js, embed-builder.js, offline.js) `await wordsReady` first;
// tests/test_module_graph.py fails on a top-level await in any module another one imports.
let messages = null;
export const wordsReady = Promise.all([load(current), warmUp(current)]).then(([core]) => {
  messages = core;
});
const fetched = new Set(); // lazy areas in `messages`

// Lazy areas (`LAZY_AREAS`) are fetched when a screen needs them; the others are always there.
export async function loadWords(...areas) {
  await wordsReady;
  const missing = areas.filter((area) => LAZY_AREAS.includes(area) && !fetched.has(area));
  const code = current;
  const parts = await Promise.all(missing.map((area) => loadArea(code, area)));
  if (code !== current) return loadWords(...areas); // the language changed meanwhile
  missing.forEach((area) => fetched.add(area));
  messages = Object.assign({}, messages, ...parts);
}
let formatters = new Map();
const listeners = new Set();

function applyToDocument() {
  document.documentElement.lang = current;
}
applyToDocument();

export const language = () => current;
export const has = (key) => messages !== null && Object.hasOwn(messages, key);

export function t(key, values = undefined) {
  if (messages === null) throw new Error(`i18n: t("${key}") before wordsReady`);
  const source = messages[key];
  if (source === undefined) {
    console.error(`i18n: no message "${key}" in ${current}`);
    return key;
  }
  if (!SYNTAX.test(source)) return source; // plain words: nothing to format (most messages)
  let format = formatters.get(key);
  if (!format) {
    format = compile(source, current);
    formatters.set(key, format);
  }
  return format(values);
}
// The characters that make a message more than its own text in ICU MessageFormat (arguments,
// quoting, plural's #, and rich-text tags, which message-format.js refuses). A message
// without any is formatted to itself, so t() returns it as it is: the menu's first paint builds no formatter
// (and resolves no locale) for its plain labels.
const SYNTAX = /[{}'#<]/;

export function list(items, { type = "conjunction" } = {}) {
  return intl(Intl.ListFormat, current, { style: "long", type }).format(items.map(String));
}

// A negative number takes a real minus sign (U+2212), in every language: Intl's en and ko
// formats print a hyphen-minus.
export function number(value, options = {}) {
  return intl(Intl.NumberFormat, current, options)
    .formatToParts(value)
    .map((part) => (part.type === "minusSign" ? "\u2212" : part.value))
    .join("");
}

export const signed = (value) => number(value, { signDisplay: "exceptZero" });

export async function setLanguage(code, { remember = true } = {}) {
  if (!CODES.includes(code)) throw new Error(`i18n: no language "${code}"`);
  if (remember) {
    try {
      localStorage.setItem(STORAGE_KEY, code);
    } catch {
      // storage blocked or full: the switch still applies to this page
    }
  }
  await wordsReady;
  if (code === current) return;
  const [core, ...parts] = await Promise.all([load(code), ...[...fetched].map((area) => loadArea(code, area))]);
  messages = Object.assign({}, core, ...parts);
  current = code;
  formatters = new Map();
  applyToDocument();
  for (const listener of listeners) listener(code);
}

export function onLanguageChange(listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
