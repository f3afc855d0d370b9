// The rules in the game: one dialog that shows a game's full rules reference (or "How we read
// the rules"), opened from the menu, from the table's bar at any moment, or by a link
// (`?rules=<game-id>|reading`, and `#<section>`). Content only: the engine alone decides what
// is legal; these pages explain it to people.
//
//   rulesButton(doc, { getView, className }) -> a "Rules" button that opens `doc` at the
//                                               section that matters for the view on screen
//   openRules(doc, { section, opener, onClose })  opens the dialog (closing any open one),
//                                               once the page and its words are fetched
//   RULES_DOCS                                  the ids `?rules=` accepts
//
// The dialog is a native modal <dialog> (the page behind it is inert, it sits above the table
// and the table's own dialogs, Escape closes it); Tab cycles inside it; on close, focus goes
// back to the control that opened it (or, when the table has redrawn meanwhile, to the bar's
// Rules button, or to a table dialog that came up while the rules were open). The game goes
// on behind it: nothing is paused, nothing is lost.
//
// Every word comes from the rules* catalogs (web/i18n/<lang>/rules*.json), worded at render
// time; each element built from a message carries the key in `data-msg` (space-separated when
// several), which the tests use to check that every catalog key is shown somewhere.

import { applyLaterStyles } from "../later-styles.js";
import { h } from "../dom.js";
import { t, onLanguageChange, loadWords } from "../i18n.js";
import { say } from "./say.js";
import { GAMES } from "../games/index.js";

// Each page and its words (its own lazy catalog area) are fetched when it is first opened:
// a first visit that never opens the rules does not pay for them. A game's page is its
// registry entry's `rules` (web/js/games/index.js); "How we read the rules" is the shell's.
const LOADERS = {
  ...Object.fromEntries(Object.entries(GAMES).flatMap(([id, game]) => (game.rules ? [[id, game.rules]] : []))),
  reading: () => import("./reading.js").then((m) => m.reading),
};
const DOCS = {}; // the pages fetched so far
export const RULES_DOCS = Object.keys(LOADERS);

/** Fetch rules page `docId` and its words (once). */
export async function loadRules(docId) {
  if (!DOCS[docId]) {
    const doc = await LOADERS[docId]();
    await loadWords(doc.area);
    DOCS[docId] = doc;
  }
  return DOCS[docId];
}
export const READING = "reading";

/** The heading id of `section` in a rules page (prefixed: the page has ids of its own). */
export const sectionId = (section) => `rules-${section}`;


// `h()` with the text of one message; the key goes to data-msg.
function said(tag, attrs, key, values) {
  const node = h(tag, attrs);
  node.textContent = say(node, key, values);
  return node;
}

// --- building a page from its data (games/<game-id>/rules.js, reading.js) -------------

// A block is a message name (a paragraph), or one of:
//   { p: name, values, className }             a paragraph with values of its own
//   { sub: name }                              a subheading inside a section
//   { list: [names] }, { steps: [names] }       bulleted / numbered
//   { terms: [[term, text], ...] }             a definition list (the actions of a turn)
//   { picture: (ctx) => node, caption: name }  a figure drawn by the card renderers
//   { example: name, blocks: [...] }           a worked example, boxed, with its heading
//   { see: doc, section, text: name }          a link to another rules page (in place)
//   { node: (ctx) => node }                    anything else the page builds itself
function block(ctx, item) {
  const key = (name) => `${ctx.area}.${name}`;
  if (typeof item === "string") return said("p", {}, key(item), ctx.values);
  if (item.sub) return said("h4", { class: "rules-sub" }, key(item.sub), ctx.values);
  if (item.p) return said("p", { class: item.className || null }, key(item.p), { ...ctx.values, ...item.values });
  if (item.list || item.steps) {
    const names = item.list || item.steps;
    return h(item.list ? "ul" : "ol", {}, names.map((name) => said("li", {}, key(name), ctx.values)));
  }
  if (item.terms) {
    return h(
      "dl",
      { class: "rules-terms" },
      item.terms.map(([term, text]) => [said("dt", {}, key(term), ctx.values), said("dd", {}, key(text), ctx.values)]),
    );
  }
  if (item.picture) return picture(ctx, item);
  if (item.example) {
    // A plain box, not a landmark: every contract has one called "Example".
    return h(
      "div",
      { class: "rules-example" },
      said("h4", {}, key(item.example), ctx.values),
      item.blocks.map((inner) => block(ctx, inner)),
    );
  }
  if (item.see) return h("p", { class: "rules-see" }, seeLink(ctx, item));
  if (item.node) return item.node(ctx);
  throw new Error(`rules: unknown block in ${ctx.doc}`);
}

function picture(ctx, item) {
  const id = `rules-fig-${ctx.doc}-${ctx.figures++}`;
  const caption = said("figcaption", { id }, `${ctx.area}.${item.caption}`, ctx.values);
  return h("figure", { class: "rules-picture", role: "group", "aria-labelledby": id }, item.picture(ctx), caption);
}

// A link to another page of the rules (or a section of this one): it opens there in the same
// dialog; its address (`?rules=...#...`) also works on its own, e.g. in a new tab.
function seeLink(ctx, { see, section, text }) {
  const href = `?rules=${see}${section ? `#${section}` : ""}`;
  const link = h("a", {
    href,
    onclick: (event) => {
      if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
      ctx.go(see, section);
    },
  });
  link.textContent = say(link, text.includes(".") ? text : `${ctx.area}.${text}`, ctx.values);
  return link;
}

function page(docId, go) {
  const doc = DOCS[docId];
  const ctx = { doc: docId, area: doc.area, values: doc.values || {}, figures: 0, go };
  const contents = h(
    "nav",
    { class: "rules-contents", "aria-labelledby": "rules-contents-title" },
    said("h2", { id: "rules-contents-title", class: "rules-contents-title" }, "rules.contents"),
    h(
      "ol",
      {},
      doc.sections.map((section) => {
        const link = h("a", {
          href: `#${section.id}`,
          onclick: (event) => {
            event.preventDefault();
            ctx.go(docId, section.id);
          },
        });
        link.textContent = say(link, `${doc.area}.${section.title}`, ctx.values);
        return h("li", {}, link);
      }),
    ),
  );
  const sections = doc.sections.map((section) =>
    h(
      "section",
      { class: "rules-section", dataset: { section: section.id }, "aria-labelledby": sectionId(section.id) },
      said("h3", { id: sectionId(section.id), tabindex: "-1" }, `${doc.area}.${section.title}`, ctx.values),
      section.blocks.map((item) => block(ctx, item)),
    ),
  );
  const reader = docId === READING ? null : h("p", { class: "rules-see rules-reading-link" }, seeLink(ctx, { see: READING, section: docId, text: "rules.see-reading" }));
  return { title: `${doc.area}.title`, body: [said("p", { class: "rules-lead" }, `${doc.area}.lead`, ctx.values), reader, contents, ...sections] };
}

// --- the dialog ----------------------------------------------------------------------

let open = null; // { dialog, close } of the dialog on screen

const FOCUSABLE = 'a[href], button:not([disabled]), [tabindex]:not([tabindex="-1"]), summary';

/** The section of `doc` that matters for `view` (the table's view), or null for the top. */
export function sectionFor(docId, view) {
  const doc = DOCS[docId];
  if (!doc || !view || !doc.sectionFor) return null;
  return doc.sectionFor(view);
}

/**
 * Open the rules page `docId` ("nine-virtues", ..., "reading") at `section` (its id; an
 * unknown one opens the top). `opener`: the control to give focus back to on close.
 */
export async function openRules(docId, { section = null, opener = null, onClose = null } = {}) {
  if (!LOADERS[docId]) throw new Error(`rules: no rules page "${docId}"`);
  await Promise.all([loadRules(docId), applyLaterStyles()]); // a link may open the rules at once
  if (open) open.close({ refocus: false });
  const giveBack = opener || (document.activeElement instanceof HTMLElement ? document.activeElement : null);
  const title = h("h2", { id: "rules-title", class: "rules-title" });
  const close = h("button", { type: "button", class: "button quiet rules-close", "data-control": "rules-close" });
  const body = h("div", { class: "rules-body" });
  const dialog = h(
    "dialog",
    { class: "rules-dialog", "aria-labelledby": "rules-title", "aria-modal": "true", dataset: { rules: docId } },
    h("header", { class: "rules-head" }, title, close),
    body,
  );
  let current = docId;

  const show = (id, where) => {
    current = id;
    dialog.dataset.rules = id;
    const built = page(id, go);
    title.dataset.msg = "";
    title.textContent = say(title, built.title);
    close.dataset.msg = "";
    close.textContent = say(close, "rules.close");
    body.replaceChildren(...built.body.filter(Boolean));
    const target = where ? body.querySelector(`#${CSS.escape(sectionId(where))}`) : null;
    dialog.dataset.section = target ? where : "";
    if (target) {
      target.scrollIntoView({ block: "start" });
      target.focus({ preventScroll: true });
    } else {
      body.scrollTop = 0;
      close.focus({ preventScroll: true });
    }
  };

  // A link to another page (or "How we read the rules") fetches it first.
  const go = (id, where) => loadRules(id).then(() => show(id, where));

  // Tab and Shift+Tab stay inside (a native modal dialog lets Tab reach the browser's own UI).
  dialog.addEventListener("keydown", (event) => {
    if (event.key !== "Tab") return;
    const all = [...dialog.querySelectorAll(FOCUSABLE)].filter((el) => el.offsetParent !== null);
    if (!all.length) return;
    const at = all.indexOf(document.activeElement);
    const next = event.shiftKey ? (at <= 0 ? all.length - 1 : at - 1) : at < 0 || at === all.length - 1 ? 0 : at + 1;
    event.preventDefault();
    all[next].focus();
  });
  // A table dialog that opens meanwhile (a round ends behind the rules) makes the rest of the
  // page inert (keys.js modal); the rules stay usable above it.
  const keepActive = new MutationObserver(() => {
    if (dialog.inert) dialog.inert = false;
  });
  keepActive.observe(dialog, { attributes: true, attributeFilter: ["inert"] });
  const stopWords = onLanguageChange(() => show(current, dialog.dataset.section || null));

  let refocus = true;
  dialog.addEventListener("close", () => {
    keepActive.disconnect();
    stopWords();
    dialog.remove();
    if (open && open.dialog === dialog) open = null;
    document.documentElement.dataset.rules = "";
    if (refocus) focusBack(giveBack, current);
    if (onClose) onClose();
  });
  close.addEventListener("click", () => dialog.close());

  document.body.append(dialog);
  dialog.showModal();
  document.documentElement.dataset.rules = "open";
  show(docId, section);
  open = {
    dialog,
    close: ({ refocus: again = true } = {}) => {
      refocus = again;
      dialog.close();
    },
  };
  return open;
}

/** Close the rules dialog if one is open. */
export function closeRules() {
  if (open) open.close();
}

// Focus back where the person was: the opener when it is still on the page, else a table
// dialog that came up meanwhile, else a Rules button for this page (the table redrew, or a link
// opened the rules over the menu), else <main>.
function focusBack(opener, docId) {
  const candidates = [
    document.querySelector("#main .overlay [role=dialog] .button.primary"),
    opener && opener !== document.body && opener.isConnected && !opener.closest("[inert]") ? opener : null,
    document.querySelector(`[data-control="rules"][data-rules-for="${CSS.escape(docId)}"]`),
    document.querySelector('[data-control="rules"]'),
    document.getElementById("main"),
  ];
  for (const el of candidates) {
    if (!el || el.closest("[inert]")) continue;
    el.focus({ preventScroll: true });
    if (document.activeElement === el) return;
  }
}

/**
 * A "Rules" button for `docId`. `getView()` (optional) returns the view on screen: the dialog
 * then opens at the section that matters now (the current contract, the phase).
 */
export function rulesButton(docId, { getView = null, className = "button quiet" } = {}) {
  const button = h("button", {
    type: "button",
    class: `${className} rules-button`,
    "data-control": "rules",
    "aria-haspopup": "dialog",
    dataset: { rulesFor: docId },
  });
  button.textContent = say(button, "rules.button");
  button.setAttribute("aria-label", say(button, `rules.button-label`, { game: t(`rules.name-${docId}`) }));
  button.dataset.msg += ` rules.name-${docId}`;
  button.addEventListener("click", async () => {
    const view = getView ? getView() : null;
    await loadRules(docId);
    openRules(docId, { section: sectionFor(docId, view), opener: button });
  });
  return button;
}

/**
 * The deep link: `?rules=<doc>` (checked by params.js) opens that page over whatever the page
 * shows, at `#<section>` when the page has it. Closing it takes `rules` and the section out of
 * the address, so a reload shows what was under it.
 */
export function openFromLink(docId) {
  if (!LOADERS[docId]) return null;
  const section = decodeURIComponent(location.hash.slice(1));
  return openRules(docId, {
    section: section || null,
    onClose: () => {
      const url = new URL(location.href);
      if (url.searchParams.get("rules") !== docId) return;
      url.searchParams.delete("rules");
      url.hash = "";
      history.replaceState(null, "", url);
    },
  });
}
