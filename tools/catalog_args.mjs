// Reads web/i18n/<lang>/*.json, parses every message with the ICU parser intl-messageformat
// uses, and prints {lang: {key: {args: [...], error: null|text, text: null|text}}} as JSON
// (tests/test_catalogs.py); `text` is what the message says when it is one plain literal.
// An argument is "name:kind" (kind: argument, number, plural, selectordinal, select, tag).
import { parse, TYPE } from "@formatjs/icu-messageformat-parser";
import { catalogMessages } from "./catalog_files.mjs";

const root = process.argv[2];
const KIND = {
  [TYPE.argument]: "argument",
  [TYPE.number]: "number",
  [TYPE.date]: "date",
  [TYPE.time]: "time",
  [TYPE.select]: "select",
  [TYPE.plural]: "plural",
  [TYPE.tag]: "tag",
};

function collect(elements, into) {
  for (const el of elements) {
    if (el.type in KIND) {
      let kind = KIND[el.type];
      if (el.type === TYPE.plural && el.pluralType === "ordinal") kind = "selectordinal";
      into.add(`${el.value}:${kind}`);
    }
    if (el.options) for (const option of Object.values(el.options)) collect(option.value, into);
    if (el.children) collect(el.children, into);
  }
}

const out = {};
for (const { lang, area, name, message } of catalogMessages(root)) {
  const args = new Set();
  let error = null;
  let text = null;
  try {
    const elements = parse(message);
    collect(elements, args);
    if (elements.length === 0) text = "";
    else if (elements.length === 1 && elements[0].type === TYPE.literal) text = elements[0].value;
  } catch (e) {
    error = String(e.message || e);
  }
  (out[lang] ||= {})[`${area}.${name}`] = { args: [...args].sort(), error, text };
}
process.stdout.write(JSON.stringify(out));
