// The page's own words outside the app's screens: <title>, the meta description, the web app
// manifest of the chosen language (build.py writes manifest.<lang>.webmanifest for every
// language but English), and static HTML marked for wording:
//   <a data-i18n="page.skip-site">Skip to the game</a>   -> textContent = t("page.skip-site")
//   <a data-i18n-aria-label="page.brand-label">           -> aria-label  = t("page.brand-label")
// The English in the HTML is what a page shows before its scripts run (and to crawlers);
// elements marked data-i18n-static (the same words in another language, for a page whose
// modules cannot load) are removed once the page is worded.

import { t, language, onLanguageChange } from "../i18n.js";
import { gameName } from "./game-name.js";

const ATTRIBUTES = ["aria-label", "title", "placeholder", "alt"];

// kind: "site" (index.html and the game pages), "embed" or "builder".
function word(kind) {
  const game = document.querySelector('meta[name="parlour-game"]')?.content;
  const values = game ? { game: gameName(game) } : {};
  const named = kind === "site" && game ? "game" : kind;
  document.title = t(`page.${named}-title`, values);
  const description = document.querySelector('meta[name="description"]');
  if (description && kind !== "embed") description.content = t(`page.${named}-description`, values);
  const manifest = document.querySelector('link[rel="manifest"]');
  if (manifest) manifest.href = language() === "en" ? "manifest.webmanifest" : `manifest.${language()}.webmanifest`;
  for (const el of document.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
  // Words for pages whose scripts did not run (another language beside the English) go.
  for (const el of document.querySelectorAll("[data-i18n-static]")) el.remove();
  for (const name of ATTRIBUTES) {
    for (const el of document.querySelectorAll(`[data-i18n-${name}]`)) el.setAttribute(name, t(el.getAttribute(`data-i18n-${name}`)));
  }
}

export function wordPage(kind) {
  word(kind);
  onLanguageChange(() => word(kind));
}
