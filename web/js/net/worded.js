// An element whose words come from the catalogs and can be said again in another language:
// the lobby (host.js) and the join screen (guest.js) keep their codes and links when the
// language changes, so they are worded again in place rather than drawn again.

import { h } from "../dom.js";
import { t } from "../i18n.js";

// `h(tag, attrs, t(key, params))`, with a function that words it again pushed onto `words`.
export function worded(words, tag, attrs, key, params = {}) {
  const el = h(tag, attrs, t(key, params));
  words.push(() => (el.textContent = t(key, params)));
  return el;
}
