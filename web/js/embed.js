// The embed (embed.html; docs/FEATURES.md, "Embedding" says more): a light cover in someone else's
// page; the game only when the reader presses Play (embed/play.js; `autostart=1` presses it
// at once). Before Play nothing loads but this page, embed.css and a few small modules.
// The game comes from the link, read as on the full site (params.js); a fixed seed is a
// "challenge" deal, the same for every reader.
// On the cover the frame is as tall as its content; while a game is on (data-embed=playing) it
// keeps the height the host gave it (the iframe's `height`, read before the first report, at
// least PLAY_MIN_HEIGHT), whatever the moves add: the table scrolls inside, the log is a
// "Moves" dialog (embed/play.js), and the host's page never moves as the game goes on.
// The frame reports its height to the host on every layout change, as Pym.js
// (`pymxPYMx<childId>xPYMxheightxPYMx<px>`) and AMP / frames (`{sentinel: "amp",
// type: "embed-size", height}`) messages, and at once when a Pym `width` message or our
// own `{sentinel: "parlour", type: "embed-size-request"}` (embed-resize.js) asks.
// <html data-engine="idle|loading|ready|error">: "idle" until Play; data-embed="cover|
// playing|fallback".

import { t, language, languageProblem, list, LANGUAGES, wordsReady } from "./i18n.js";
import { shown } from "./words/names.js";
import { boundedSearch } from "./link.js";
import { h } from "./dom.js";
import { manifest, gameIds } from "./manifest.js";
import { parseParams } from "./params.js";
import { completeSetup } from "./menu/setup.js";
import { parseBounded } from "./saves/json-limits.js";
import { gameName, roundOf, summaryOf } from "./words/game-name.js";
import { wordPage } from "./words/page-words.js";

// An entry module: the words first (i18n.js keeps top-level await out of shared modules).
await wordsReady;

const MAX_RECORD = 1_100_000; // storage.js's limit (not imported: the cover stays small)

const html = document.documentElement;
const main = document.getElementById("main");
const noticeArea = document.getElementById("notices");
const catalog = manifest.games;
const SAVE_PREFIX = "parlour:v1:save:"; // storage.js's keys (read here without loading it)

// Parameters a host adds (Pym.js) or that only choose the mode: not part of the game's link.
const PYM_PARAMS = ["initialWidth", "childId", "parentTitle", "parentUrl"];
const MODE_PARAMS = ["embed", "autostart"];
const query = new URLSearchParams(boundedSearch());
const pymId = query.get("childId") || "parlour";
const autostart = query.get("autostart") === "1";
const gameQuery = new URLSearchParams(boundedSearch());
for (const name of [...PYM_PARAMS, ...MODE_PARAMS]) gameQuery.delete(name);
const params = parseParams(gameQuery.toString(), catalog);

// --- height reports to the host page ------------------------------------------------------

const inFrame = window.parent !== window;
let lastHeight = -1;
// The height the host gave the frame, before any report of ours could change it.
const givenHeight = window.innerHeight;
export const PLAY_MIN_HEIGHT = 480; // a table needs this much, whatever a frame was given

// While a game is on: the frame's given height. Else the document's height: the root's box
// (html and body have no minimum height here), or an open dialog's bottom edge when that is
// lower (dialogs are absolutely placed on the cover; a replay is a native <dialog>, replay.js).
function contentHeight() {
  if (html.dataset.embed === "playing") return Math.max(givenHeight, PLAY_MIN_HEIGHT);
  let bottom = html.getBoundingClientRect().height;
  for (const el of document.querySelectorAll(".overlay, dialog[open]")) {
    bottom = Math.max(bottom, el.getBoundingClientRect().bottom + window.scrollY);
  }
  return Math.ceil(bottom);
}

export function reportHeight(force = false) {
  if (!inFrame) return;
  const height = contentHeight();
  if (height === lastHeight && !force) return;
  lastHeight = height;
  window.parent.postMessage(`pymxPYMx${pymId}xPYMxheightxPYMx${height}`, "*");
  window.parent.postMessage({ sentinel: "amp", type: "embed-size", height }, "*");
}

function watchHeight() {
  if (!inFrame) return;
  const resized = new ResizeObserver(() => reportHeight());
  resized.observe(html);
  // Dialogs do not change the root's size: watch them as they come and go.
  new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) {
        if (node.nodeType === 1 && (node.classList.contains("overlay") || node.tagName === "DIALOG")) resized.observe(node);
      }
    }
    reportHeight();
  }).observe(document.body, { childList: true, subtree: true });
  window.addEventListener("message", (event) => {
    if (event.source !== window.parent) return;
    const data = event.data;
    const pym = typeof data === "string" && data.startsWith(`pymxPYMx${pymId}xPYMxwidthxPYMx`);
    const ours = data && typeof data === "object" && data.sentinel === "parlour" && data.type === "embed-size-request";
    if (pym || ours) reportHeight(true);
  });
  // Web fonts or late layout after load: one more look.
  window.addEventListener("load", () => reportHeight());
}

// --- links out ------------------------------------------------------------------------------

// The full site with this embed's game (a new tab on our own origin), in this frame's
// language.
export function fullSiteLink(search = gameQuery.toString(), hash = "") {
  const url = new URL("index.html", location.href);
  const query = new URLSearchParams(search);
  query.set("lang", language());
  url.search = query.toString();
  url.hash = hash;
  return url.href;
}

// The game's own page, with its rules open.
const rulesLink = (gameId) => new URL(`${gameId}.html?lang=${language()}#how-to-play`, location.href).href;

// --- notices --------------------------------------------------------------------------------

// A message above the frame: `words()` (or a string) gives its text, `items()` its list, in
// the language chosen at the time; `link` is { href, text } (text a string or a function).
export function notice(words, { kind = "info", items = null, sticky = false, link = null } = {}) {
  const close = h("button", { type: "button", class: "button quiet", "aria-label": t("notices.dismiss") }, "\u00d7");
  const text = () => (typeof words === "function" ? words() : words);
  const linkText = () => (link && typeof link.text === "function" ? link.text() : link && link.text);
  const list = items ? items() : null;
  const el = h(
    "div",
    { class: `notice ${kind}${sticky ? " sticky" : ""}`, role: kind === "error" ? "alert" : "status" },
    h(
      "div",
      {},
      h("p", {}, text()),
      list ? h("ul", {}, list.map((item) => h("li", {}, item))) : null,
      link ? h("p", {}, h("a", { href: link.href, target: "_blank", rel: "noopener" }, linkText())) : null,
    ),
    close,
  );
  close.addEventListener("click", () => el.remove());
  noticeArea.append(el);
  return el;
}

// --- saves, read without the save module ------------------------------------------------

// The newest unfinished saved game of `gameId` in this frame's storage, or null. Each record
// is read on its own: a damaged one is skipped (the full store lists it as damaged) and never
// hides the others. Records are size- and depth-checked before parsing, as in storage.js.
function lastUnfinished(gameId) {
  if (player) return player.lastUnfinished(gameId);
  let best = null;
  for (const key of saveKeys()) {
    let text = null;
    try {
      text = localStorage.getItem(key);
    } catch {
      continue;
    }
    const record = parseBounded(text, MAX_RECORD).value;
    if (!record || typeof record !== "object" || record.over || typeof record.engine !== "string") continue;
    if (!record.setup || record.setup.game !== gameId || record.id !== key.slice(SAVE_PREFIX.length)) continue;
    const moves = parseBounded(record.engine, MAX_RECORD).value; // its moves must be its game's
    if (!moves || moves.game !== gameId || moves.players !== record.setup.players) continue;
    if (!best || String(record.updated) > String(best.updated)) best = record;
  }
  return best;
}

function saveKeys() {
  const keys = [];
  try {
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i);
      if (key && key.startsWith(SAVE_PREFIX)) keys.push(key);
    }
  } catch {
    // Blocked storage: nothing to continue.
  }
  return keys;
}

// Whether this frame can use storage at all. Reading is the test: a full storage refuses a
// test write, yet every save in it can still be read and continued.
function storageWorks() {
  try {
    void localStorage.length;
    return true;
  } catch {
    return false;
  }
}

// --- the cover --------------------------------------------------------------------------------

function who(setup) {
  const humans = setup.seats.filter((kind) => kind === "human").length;
  const bots = setup.players - humans;
  return t("embed.who", { humans, bots });
}

// A `challenge=` link's game, once read (challenge.js, loaded only for such a link):
// { setup, name } (the friend's setup and the challenger's name), else null.
let challenged = null;

function coverFor(gameId, { single }) {
  const summary = summaryOf(gameId);
  const name = gameName(gameId);
  const mine = challenged ? challenged.setup : params.setup.game === gameId ? params.setup : {};
  const setup = completeSetup({ ...mine, game: gameId }, catalog);
  const saved = lastUnfinished(gameId);
  const what = () => (challenged ? { ready: challenged.setup } : { setup: { ...mine, game: gameId } });
  const play = h(
    "button",
    { type: "button", class: "button primary play", dataset: { game: gameId }, onclick: () => start(what()) },
    single ? t("embed.play") : t("embed.play-game", { game: name }),
  );
  const cont = saved
    ? h(
        "button",
        { type: "button", class: "button continue", onclick: () => start({ resume: saved.id }) },
        t("embed.continue", { where: roundOf(saved) }),
      )
    : null;
  const Title = single ? "h1" : "h2";
  return h(
    "section",
    { class: "cover-game", dataset: { game: gameId } },
    h(Title, { class: "cover-title" }, name),
    h("p", { class: "pitch" }, summary.tagline),
    single ? h("p", { class: "who" }, who(setup), mine.seed !== undefined && !challenged ? ` ${t("embed.same-deal", { seed: String(mine.seed) })}` : "") : null,
    challenged ? h("p", { class: "challenge-who" }, t("challenge.embed-who", { name: challenged.name })) : null,
    h("div", { class: "cover-actions" }, play, cont),
    h(
      "p",
      { class: "cover-links" },
      h("a", { href: rulesLink(gameId), target: "_blank", rel: "noopener", class: "rules-link" }, `${t("embed.how-to-play")} \u2197`),
      single ? [" \u00b7 ", fullScreenLink()] : null,
    ),
  );
}

const fullScreenLink = () => h("a", { href: fullSiteLink(), target: "_blank", rel: "noopener", class: "full-screen" }, `${t("embed.open-full-screen")} \u2197`);

function showCover() {
  html.dataset.embed = "cover";
  html.dataset.screen = "cover";
  html.dataset.gameState = "none";
  const ids = challenged ? [challenged.setup.game] : params.setup.game ? [params.setup.game] : gameIds;
  const single = ids.length === 1;
  const importLink = h("button", { type: "button", class: "linkish import-open" }, t("saves.import-title"));
  importLink.addEventListener("click", () => openImport(importLink));
  main.replaceChildren(
    h(
      "section",
      { class: `cover${single ? "" : " several"}`, "aria-label": "Parlour" },
      h("p", { class: "cover-brand" }, h("a", { href: fullSiteLink(""), target: "_blank", rel: "noopener" }, "Parlour"), h("span", {}, ` \u00b7 ${t("embed.card-games")}`)),
      ids.map((id) => coverFor(id, { single })),
      single ? null : h("p", { class: "cover-links" }, fullScreenLink()),
      h(
        "p",
        { class: "fine storage-note" },
        `${storageWorks() ? t("embed.storage-note") : t("embed.storage-blocked")} `,
        importLink,
      ),
    ),
  );
}

async function openImport(button) {
  const [{ importForm }, embedPlayer] = await Promise.all([import("./saves/savecode.js"), getPlayer()]);
  await embedPlayer.styles();
  const form = importForm({
    catalog,
    store: embedPlayer.store,
    verify: (record) => embedPlayer.verify(record),
    onImported: (id) => start({ resume: id }),
  });
  button.replaceWith(form);
  form.querySelector("textarea").focus();
}

// --- Play -------------------------------------------------------------------------------------

let player = null; // embed/play.js's EmbedPlayer, once Play (or Import) has loaded it
let starting = false;

async function getPlayer() {
  if (!player) {
    const { EmbedPlayer } = await import("./embed/play.js");
    player ??= new EmbedPlayer({ main, catalog, notice, fullSiteLink, onCover: showCover });
  }
  return player;
}

async function start(what) {
  if (starting) return;
  starting = true;
  try {
    if (!player || !player.ready) {
      performance.mark("parlour:play");
      const embedPlayer = await getPlayer();
      if (!(await embedPlayer.boot())) return;
      performance.mark("parlour:ready");
    }
    html.dataset.embed = "playing";
    reportHeight(); // the given height, kept from now on
    if (what.resume) await player.continueSaved(what.resume);
    else await player.startNew(what.ready || completeSetup(what.setup, catalog));
  } finally {
    starting = false;
  }
}

// --- start-up ---------------------------------------------------------------------------------

// `challenge=<code>`: the challenge's game on the cover (a code that does not read is a
// notice, and the cover offers the games as without it).
async function readChallengeLink() {
  if (!params.challenge) return;
  const { readChallenge, challengeSetup, challengerName } = await import("./table/challenge.js");
  const read = await readChallenge(params.challenge, catalog);
  if (read.error) {
    notice(t("challenge.link-failed", { why: read.error }), { kind: "warning" });
    return;
  }
  challenged = { setup: challengeSetup(read.challenge, params.challenge, catalog, params.setup.speed), name: challengerName(read.challenge) };
}

try {
  wordPage("embed");
  if (params.errors.length) notice(t("embed.link-problems"), { kind: "warning", items: () => params.errors });
  await readChallengeLink();
  const unknown = languageProblem();
  if (unknown !== null) {
    const fallback = LANGUAGES.find((entry) => entry.code === language())?.name || language();
    const known = list(LANGUAGES.map((entry) => `${entry.name} (lang=${entry.code})`));
    notice(t("common.language-unknown", { value: shown(unknown), fallback, known }), { kind: "warning" });
  }
  watchHeight();
  showCover();
  document.dispatchEvent(new Event("parlour-painted")); // js/watchdog.js stands down
  reportHeight();
  if (autostart && challenged) start({ ready: challenged.setup });
  else if (autostart) {
    const only = params.setup.game || gameIds[0];
    start({ setup: { ...params.setup, game: only } });
  }
} catch (error) {
  console.error(error);
  window.parlourCannotRun?.(t("embed.cover-failed"));
}
