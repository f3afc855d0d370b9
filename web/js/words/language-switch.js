// The language switch. On the menu (the site header): one small button per language, each
// named in its own language ("English", "한국어") and marked with its `lang`, in a group
// labelled "Language" in the page's language. In the table's bar (table.js's option
// `languageSwitch`): one button naming the next language. Pressing calls setLanguage()
// (which remembers the choice); the page then words itself again (app.js: the menu re-shows
// itself, a table is reloaded from its save).

import { h } from "../dom.js";
import { LANGUAGES, language, setLanguage, t } from "../i18n.js";

export function languageSwitch({ where = "menu" } = {}) {
  const current = language();
  if (where === "table") return nextLanguageButton(current);
  return h(
    "div",
    { class: `lang-switch lang-${where}`, role: "group", "aria-label": t("common.language-label"), dataset: { control: "language" } },
    LANGUAGES.map(({ code, name }) =>
      h(
        "button",
        {
          type: "button",
          class: "button quiet lang-choice",
          lang: code,
          "aria-pressed": String(code === current),
          dataset: { lang: code },
          onclick: () => {
            if (code !== language()) setLanguage(code);
          },
        },
        name,
      ),
    ),
  );
}

// The table's bar has room for one small button: it names the next language in that
// language, short ("한" on an English table, "EN" on a Korean one; common.language-short),
// with its full name in the label, and switches to it.
function nextLanguageButton(current) {
  const at = LANGUAGES.findIndex((entry) => entry.code === current);
  const next = LANGUAGES[(at + 1) % LANGUAGES.length];
  const label = t("common.language-switch-to", { name: next.name });
  return h(
    "button",
    {
      type: "button",
      class: "button quiet lang-switch lang-table",
      lang: next.code,
      "aria-label": label,
      title: label,
      dataset: { control: "language", lang: next.code },
      onclick: () => setLanguage(next.code),
    },
    next.short || next.name,
  );
}

// After a switch re-painted the screen, keyboard focus goes back to the switch (the one in
// `root`, on the language now chosen), as soon as the screen has drawn it (a table draws its
// bar a moment after it opens); given up after a few seconds.
export function focusLanguageSwitch(root = document, waitMs = 5000) {
  const find = () => root.querySelector(`.lang-switch [data-lang="${language()}"]`) || root.querySelector("button.lang-switch");
  const focus = (el) => el.focus({ preventScroll: true });
  const now = find();
  if (now) return focus(now);
  const observer = new MutationObserver(() => {
    const el = find();
    if (!el) return;
    observer.disconnect();
    focus(el);
  });
  observer.observe(root === document ? document.body : root, { childList: true, subtree: true });
  setTimeout(() => observer.disconnect(), waitMs);
}
