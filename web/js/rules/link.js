// The `rules=` link parameter (docs/FEATURES.md, "Rules in the game"): which rules pages a link may
// open, checked by params.js without loading the pages themselves.

import { t, list } from "../i18n.js";
import { shown } from "../words/names.js";

/** The id of "How we read the rules" (`?rules=reading`). */
export const READING = "reading";

/** The rules pages: one per game in `catalog`, and "reading". */
export const rulesPages = (catalog) => [...Object.keys(catalog), READING];

/** `rules=<value>`: -> { page } when it names a rules page, else { error } (worded). */
export function readRulesParam(value, catalog) {
  const pages = rulesPages(catalog);
  if (pages.includes(value)) return { page: value };
  return { error: t("rules.link-unknown", { value: `\u201c${shown(value)}\u201d`, known: list(pages) }) };
}
