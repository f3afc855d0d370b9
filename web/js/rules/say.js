// The one way the rules pages word a message: t() from the catalogs, with the key kept on the
// node's data-msg (space-separated when several) so the tests can check every key is shown.

import { t } from "../i18n.js";

/** The message `key` (with `values`), remembered on `node`. */
export function say(node, key, values) {
  const text = t(key, values);
  node.dataset.msg = node.dataset.msg ? `${node.dataset.msg} ${key}` : key;
  return text;
}
