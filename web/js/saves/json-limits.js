// Reading JSON that came from outside (a link, a save code, a stored record) with hard
// bounds, before JSON.parse sees it: `JSON.parse` and `JSON.stringify` recurse once per
// nesting level (5,000 levels overflow the stack), and the engine's Pyodide dies of deep
// nesting, so a text longer than its limit or nested deeper than MAX_DEPTH is refused with
// a reason instead. Numbers too large for a double (1e400 parses as Infinity) are refused
// too: they would silently become null on the way to the engine.

import { t } from "../i18n.js";

export const MAX_DEPTH = 32; // a save record is about 5 levels deep, an explicit deal 3

// Whether `text` nests arrays or objects deeper than `limit` (strings skipped). Linear.
export function depthExceeds(text, limit = MAX_DEPTH) {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92) i += 1; // backslash: skip the escaped character
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 || c === 123) {
      depth += 1;
      if (depth > limit) return true;
    } else if (c === 93 || c === 125) depth -= 1;
  }
  return false;
}

function finite(value) {
  if (typeof value === "number") return Number.isFinite(value);
  if (Array.isArray(value)) return value.every(finite);
  if (value && typeof value === "object") return Object.values(value).every(finite);
  return true;
}

// -> { value } or { error: code, limit } where code is "not-text", "too-long", "too-deep",
// "not-json" or "huge-number"; jsonProblem() words it.
export function parseBounded(text, maxChars, maxDepth = MAX_DEPTH) {
  if (typeof text !== "string") return { error: "not-text" };
  if (text.length > maxChars) return { error: "too-long", length: text.length, limit: maxChars };
  if (depthExceeds(text, maxDepth)) return { error: "too-deep", limit: maxDepth };
  let value;
  try {
    value = JSON.parse(text);
  } catch {
    return { error: "not-json" };
  }
  if (!finite(value)) return { error: "huge-number" };
  return { value };
}

// A parseBounded() refusal in words: "it is nested more than 32 levels deep".
export function jsonProblem({ error, length = 0, limit = 0 }) {
  return t("saves.json-problem", { code: String(error).replace(/-/g, "_"), length, limit });
}
