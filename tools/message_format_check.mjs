// Our message formatter (web/js/words/message-format.js) against intl-messageformat, the reference
// implementation (tests/test_message_format.py). Argument: a folder of catalogs
// (<lang>/<area>.json), or "-" for none. For every message: both compile it or both refuse it;
// then both format it over many values (each argument's values chosen by its kinds in the
// reference parser's tree: numbers around every plural category and exact option, every select
// option and one that is none, words), and a missing value makes both throw. Then the same over
// CASES, sources written to reach the corners (quotes, nesting, offsets, whitespace), and the
// sources REFUSED by design, which intl-messageformat takes and ours must refuse. Prints
// {checked, formatted, mismatches: [...]} as JSON.
import { parse, TYPE } from "@formatjs/icu-messageformat-parser";
import { IntlMessageFormat } from "intl-messageformat";
import { compile } from "../web/js/words/message-format.js";
import { catalogMessages } from "./catalog_files.mjs";

const CASES = [
  "", "plain", "}", "a } b", "#", "'", "a'b", "it''s", "''", "'{'", "'{x}'", "''{x}''",
  "'{'{x}'}'", "'}'", "x'", "'<b>'", "'>'", "x '>b' y", "a '<' b", "a < b", "a <3", "a '#' b", "{x}", "{ x }", "{x}{y}", "{x, number}",
  "{x, number, percent}", "{x, number, integer}", "{ x , number , percent }",
  "{n, plural, one {# card} other {# cards}}", "{n,plural,=0{none}one{#}other{# more}}",
  "{n, plural, offset:1 =0 {nobody} =1 {{who}} one {{who} and # other} other {{who} and # others}}",
  "{n, selectordinal, one {#st} two {#nd} few {#rd} other {#th}}",
  "{n, plural, other {'#' is # and '' is one and '{'}' is braces}}",
  "{n, plural, other {{k, select, a {# in a} other {# elsewhere}}}}",
  "{k, select, a {A} b {B {n, plural, one {#} other {##}}} other {other: {k}}}",
  "{k, select, other {#}}", "{k,select,a{}other{x}}", "{n, plural, =5 {five} other {n}}",
  "{n, plural,\n  one {one}\n  other {many}\n}", "{n, plural, other {x}} tail }",
  "{n, plural, one {# 장} other {# 장}}", "{n, plural, other {'#'}}",
  "{n, plural, other {'#' '{' '}'}}", "{n, plural, one {it''s #} other {they''re #}}",
  // malformed: both refuse
  "{", "{}", "{ }", "{x", "{x,}", "{x, number,}", "{x, plural}", "{x, plural,}",
  "{x, plural, one {a}}", "{x, select, a {a}}", "{x, plural, other {a}", "{x, plural, other}",
  "{x, plural, other {a} other {b}}", "{x, plural, offset: other {a}}", "{x, plural, =a {a} other {b}}",
  "{x, select, =1 {a} other {b}}", "{x, wibble}", "{x y}", "</b>",
];
const REFUSED = [
  "<b>bold</b>", "a <i>b</i>", "{d, date}", "{d, time, short}", "{n, number, ::percent}",
  "{n, number, currency}", "{n, spellout}",
];
const NUMBERS = [0, 1, 2, 3, 4, 5, 6, 7, 8, 11, 12, 13, 21, 22, 23, 100, 101, 102, 1000, 12345.5, -1, -3, 0.5, 1.5];
const WORDS = ["word", "두 단어", "", "a '{quoted}' #"];

function collect(elements, into) {
  for (const el of elements) {
    if (el.value !== undefined && el.type !== TYPE.literal) {
      const arg = into.get(el.value) || { numeric: false, keys: new Set() };
      if (el.type === TYPE.number || el.type === TYPE.plural) arg.numeric = true;
      into.set(el.value, arg);
      if (el.options) {
        for (const key of Object.keys(el.options)) arg.keys.add(key);
        for (const option of Object.values(el.options)) collect(option.value, into);
      }
    }
    if (el.children) collect(el.children, into);
  }
}

function candidates(arg) {
  if (arg.numeric) {
    const exact = [...arg.keys].filter((key) => key.startsWith("=")).map((key) => Number(key.slice(1)));
    return [...NUMBERS, ...exact, ...exact.map((n) => n + 1)];
  }
  if (arg.keys.size) return [...arg.keys, "none-of-these", ...WORDS.slice(0, 1)];
  return WORDS;
}

function attempt(fn) {
  try {
    return { text: String(fn()) };
  } catch (error) {
    return { error: error.name || "Error" };
  }
}

const result = { checked: 0, formatted: 0, mismatches: [] };
const mismatch = (what) => result.mismatches.length < 40 && result.mismatches.push(what);

function check(where, source, locale, refused = false) {
  result.checked += 1;
  let reference = null;
  let ours = null;
  let referenceError = null;
  let oursError = null;
  try {
    reference = new IntlMessageFormat(source, locale);
  } catch (error) {
    referenceError = String(error.message || error);
  }
  try {
    ours = compile(source, locale);
  } catch (error) {
    oursError = String(error.message || error);
  }
  if (refused) {
    if (!referenceError && !oursError) mismatch({ where, source, why: "ours must refuse it" });
    return;
  }
  if (Boolean(referenceError) !== Boolean(oursError)) {
    mismatch({ where, source, reference: referenceError || "compiles", ours: oursError || "compiles" });
    return;
  }
  if (referenceError) return;
  const args = new Map();
  collect(parse(source), args);
  const names = [...args.keys()];
  const lists = names.map((name) => candidates(args.get(name)));
  const rounds = Math.max(1, ...lists.map((list) => list.length)) * 3;
  let seed = 7;
  for (let round = 0; round <= rounds; round++) {
    const values = {};
    names.forEach((name, i) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      values[name] = lists[i][round < lists[i].length ? round : seed % lists[i].length];
    });
    const sets = round === rounds ? (names.length ? [{}, undefined] : []) : [values];
    for (const set of sets) {
      const want = attempt(() => reference.format(set));
      const got = attempt(() => ours(set));
      result.formatted += 1;
      if (want.text !== got.text || Boolean(want.error) !== Boolean(got.error)) {
        mismatch({ where, source, locale, values: set, reference: want, ours: got });
      }
    }
  }
}

const root = process.argv[2];
if (root && root !== "-") {
  for (const { lang, area, name, message } of catalogMessages(root)) check(`${lang}/${area}.json:${name}`, message, lang);
}
for (const locale of ["en", "ko"]) {
  CASES.forEach((source, i) => check(`CASES[${i}]`, source, locale));
  REFUSED.forEach((source, i) => check(`REFUSED[${i}]`, source, locale, true));
}
process.stdout.write(JSON.stringify(result));
