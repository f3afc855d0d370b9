// The page: paints the menu at once, boots the engine in a worker meanwhile, then starts,
// continues or demonstrates games. Readiness is on the root element for people and tests:
//   <html data-engine="loading|ready|error" data-game-state="none|playing|over">

import { t, list, language, languageProblem, onLanguageChange, LANGUAGES, wordsReady } from "./i18n.js"; // first: picks the language (<html lang> follows)
import { h } from "./dom.js";
import { manifest } from "./manifest.js";
import { Engine } from "./engine.js";
import { BootProgress } from "./progress.js";
import { Menu } from "./menu/menu.js";
import { parseParams } from "./params.js";
import { completeSetup, deepLink, newSeed } from "./menu/setup.js";
import { SaveStore, newId } from "./saves/storage.js";
import { checkWithEngine, decodeSave, importRecord } from "./saves/savecode.js";
import { otherTabPanel } from "./saves/game-lock.js";
import { rendererFor } from "./table/renderer.js";
import { openFromLink, openRules } from "./rules/dialog.js";
import { refusalText } from "./words/engine-words.js";
import { languageSwitch, focusLanguageSwitch } from "./words/language-switch.js";
import { wordPage } from "./words/page-words.js";
import { openChallenge } from "./table/challenge.js";
import { gameName } from "./words/game-name.js";
import { shown } from "./words/names.js";
import { boundedSearch } from "./link.js";
import { applyLaterStyles, laterStylesApplied } from "./later-styles.js";
import { dealingScreen } from "./menu/dealing.js";
import { lessonEntry } from "./games/index.js";

// An entry module: the words first (i18n.js keeps top-level await out of shared modules).
await wordsReady;

const html = document.documentElement;
const main = document.getElementById("main");
const noticeArea = document.getElementById("notices");
const catalog = manifest.games;

html.dataset.engine = "loading";
html.dataset.gameState = "none";

// Once the menu is painted, the tables' stylesheets (print styles until then, so as not to hold
// back the first paint: later-styles.js) apply, in a task of their own after the menu's.
// A tab opened in the background has no frames: there the timer alone goes on (applying them
// twice is a no-op).
requestAnimationFrame(() => setTimeout(applyLaterStyles, 0));
setTimeout(applyLaterStyles, 250);

// --- notices ---------------------------------------------------------------------------

// A message above the page. `sticky` ones (storage problems) stay when a game starts.
// `words()` gives its text and `items()` its list, in the language chosen at the time: a
// notice is worded again when the language changes.
const worded = new Map(); // notice element -> its wording function
function notice(words, { kind = "info", items = null, sticky = false } = {}) {
  const close = h("button", { type: "button", class: "button quiet" }, "\u00d7");
  const body = h("div", {});
  const el = h("div", { class: `notice ${kind}${sticky ? " sticky" : ""}`, role: kind === "error" ? "alert" : "status" }, body, close);
  const word = () => {
    close.setAttribute("aria-label", t("notices.dismiss"));
    const list = items ? items() : null;
    const text = typeof words === "function" ? words() : words;
    body.replaceChildren(h("p", {}, text), list ? h("ul", {}, list.map((item) => h("li", {}, item))) : "");
  };
  word();
  worded.set(el, word);
  close.addEventListener("click", () => {
    worded.delete(el);
    el.remove();
  });
  noticeArea.append(el);
  return el;
}

const clearNotices = () =>
  noticeArea.querySelectorAll(".notice:not(.sticky)").forEach((el) => {
    worded.delete(el);
    el.remove();
  });

// --- state -----------------------------------------------------------------------------

const store = new SaveStore({
  catalog,
  onNotice: (words) => notice(words, { kind: "warning", sticky: true }),
  onLost: (id) => lostGame(id),
});
const progress = new BootProgress();
let engine = null;
let table = null;
let current = null; // id of the game on the table
let engineStarted;
const engineReady = new Promise((resolve, reject) => (engineStarted = { resolve, reject }));
engineReady.catch(() => {}); // a boot failure is shown by boot(); callers handle it themselves

// An imported game is checked by the engine before it is "Imported" (savecode.js).
async function verify(record) {
  try {
    return await checkWithEngine(await engineReady, record);
  } catch {
    return { error: t("saves.no-engine") };
  }
}

const menu = new Menu({
  catalog,
  store,
  progress,
  verify,
  onStart: (setup) => startNew(setup),
  onContinue: (id) => continueSaved(id),
  onLearn: (lessonId) => startLesson(lessonId),
});

function crash(error) {
  console.error(error);
  html.dataset.engine = "error";
  const saved = String(store.persistent);
  notice(() => t("notices.crash", { saved }), { kind: "error" });
}

window.addEventListener("unhandledrejection", (event) => crash(event.reason));

// --- screens ---------------------------------------------------------------------------

function closeTable() {
  if (table) table.close();
  table = null;
  if (current) store.release(current);
  current = null;
}

function showMenu(prefill = {}) {
  screenTicket += 1; // a start waiting for the engine (whenReady) gives up
  dealing = null;
  closeTable();
  html.dataset.gameState = "none";
  html.dataset.screen = "menu";
  menu.show(main, prefill);
  document.dispatchEvent(new Event("parlour-painted")); // js/watchdog.js stands down
  // Back from a table: to the top. Not on the page's first paint, which is at the top already
  // (scrolling would work out the layout in the task that builds the menu).
  if (shownBefore) window.scrollTo(0, 0);
  shownBefore = true;
}
let shownBefore = false;

// A start before the engine is ready (Play, Continue, Start, Learn): the table opens dealing
// at once (menu/dealing.js, with the boot's words), and the game begins the moment the engine
// is ready, with no second press. -> true when the engine is ready and the person is still
// waiting for this game; false when they went back meanwhile, another start took its place,
// or the engine could not start (then the menu shows why).
let screenTicket = 0;
let dealing = null; // the dealing screen, while one is shown (its words follow the language)
async function whenReady(game) {
  if (engine) return true;
  const ticket = ++screenTicket;
  closeTable();
  clearNotices();
  html.dataset.gameState = "none";
  html.dataset.screen = "dealing";
  dealing = dealingScreen({
    root: main,
    game,
    progress,
    onBack: () => {
      setAddress("");
      showMenu(game ? { game } : {});
    },
  });
  main.focus({ preventScroll: true });
  window.scrollTo(0, 0);
  try {
    await engineReady;
  } catch {
    if (ticket === screenTicket) showMenu(); // the menu's boot line says what went wrong
    return false;
  }
  if (ticket !== screenTicket) return false;
  dealing = null;
  return true;
}

// The page's own address (a running game's deep link, or none on the menu). It keeps the
// language when the address already named one or the person chose one here, so a reload
// or a copied link shows the same words.
let keepLanguage = new URLSearchParams(boundedSearch()).has("lang");
function setAddress(query) {
  const url = new URL(location.href);
  const search = new URLSearchParams(query || "");
  if (keepLanguage) search.set("lang", language());
  else search.delete("lang");
  url.search = search.toString() ? `?${search}` : "";
  history.replaceState(null, "", url);
}

// The game is open in another tab (or that tab just took it over): say so, offer it here.
function showOtherTab(id) {
  closeTable();
  engine.drop(id).catch(() => {});
  html.dataset.gameState = "none";
  html.dataset.screen = "other-tab";
  otherTabShown = id;
  main.replaceChildren(
    otherTabPanel({
      onTakeOver: async () => {
        if (await store.claim(id, { steal: true })) await continueSaved(id);
      },
      onBack: () => {
        setAddress("");
        showMenu();
      },
    }),
  );
  main.focus({ preventScroll: true });
}

let otherTabShown = null; // the game another tab holds, while this tab says so

function lostGame(id) {
  if (current === id) showOtherTab(id);
  else menu.refreshSaved();
}

// The table's code (and a lesson's) loads when the first game starts, not before the menu paints.
// `remote`: the relay of a game on several devices (net/host.js). A saved game of several
// devices continued (a reload, Continue) gets a relay of its own, with new links for its
// remote seats.
async function openTable(id, setup, remote = null) {
  const [renderer, { Table }] = await Promise.all([rendererFor(setup.game), import("./table/table.js")]);
  if (current !== id && !(await store.claim(id))) {
    remote?.close();
    showOtherTab(id);
    return;
  }
  if (table) table.close();
  if (!remote && setup.seats.includes("remote")) {
    const { HostNet, HostRelay } = await import("./net/host.js");
    remote = new HostRelay({ engine, id, setup, net: new HostNet({ setup }) });
  }
  if (current && current !== id) store.release(current);
  current = id;
  otherTabShown = null;
  clearNotices();
  if (renderer.generic) {
    console.info(`Parlour: no table module for ${setup.game} yet; using the generic renderer.`);
  }
  // The address resumes this game on reload, or starts its deal afresh on another device.
  const query = deepLink(setup);
  query.set("resume", id);
  setAddress(query.toString());
  table = new Table({
    root: main,
    engine,
    store,
    catalog,
    renderer,
    setup,
    id,
    onMenu: () => {
      setAddress("");
      showMenu({ game: setup.game });
    },
    onPlayAgain: () => startNew({ ...setup, seed: newSeed(), challenge: undefined }), // a new deal is no challenge
    onCrash: crash,
    languageSwitch: () => languageSwitch({ where: "table" }),
    remote,
  });
  main.focus({ preventScroll: true });
  window.scrollTo(0, 0);
  await table.run();
}

// "Play on several devices" (net/host.js): the lobby connects each remote seat, then the game
// starts here, with the relay between the engine and the guests.
async function hostLobby(setup) {
  if (!(await whenReady(setup.game))) return;
  closeTable();
  clearNotices();
  setAddress("");
  const { openLobby, HostRelay } = await import("./net/host.js");
  openLobby({
    root: main,
    setup,
    onCancel: () => {
      delete html.dataset.connection;
      showMenu(setup);
    },
    onReady: async (net) => {
      const id = newId();
      const reply = await engine.newGame(id, setup);
      if (reply.error) {
        net.close();
        showMenu(setup);
        notice(() => t("notices.could-not-start", { why: refusalText(reply.error) }), { kind: "error" });
        return;
      }
      await openTable(id, setup, new HostRelay({ engine, id, setup, net }));
    },
  });
}

// A join link (`#join=<code>`, net/guest.js): this device plays one seat of a game another
// device hosts. It needs no engine of its own; a code that does not read opens the menu.
async function joinFromLink() {
  const code = location.hash.slice("#join=".length);
  const [{ openJoin, NO_STORE }, { Table }] = await Promise.all([import("./net/guest.js"), import("./table/table.js")]);
  const leave = () => {
    if (table) table.close();
    table = null;
    delete html.dataset.connection;
    delete html.dataset.seat;
    history.replaceState(null, "", location.pathname + location.search);
    showMenu();
    boot();
  };
  const opened = await openJoin({
    root: main,
    code,
    catalog,
    onMenu: leave,
    openTable: async (remote, setup) => {
      const renderer = await rendererFor(setup.game);
      table = new Table({
        root: main,
        engine: remote,
        remote,
        store: NO_STORE,
        catalog,
        renderer,
        setup,
        id: "remote",
        onMenu: leave,
        onPlayAgain: leave,
        onCrash: crash,
        languageSwitch: () => languageSwitch({ where: "table" }),
      });
      main.focus({ preventScroll: true });
      await table.run();
    },
  });
  if (opened.error) {
    leave();
    notice(() => t("net.join-failed", { why: opened.error }), { kind: "warning" });
  }
}

// A guided lesson (learn/coach.js): never saved, so `current` stays null and no save is claimed.
async function startLesson(lessonId, speed = "normal") {
  if (!(await whenReady(lessonEntry(lessonId)?.game))) return;
  closeTable();
  clearNotices();
  setAddress(`learn=${lessonId}${speed === "normal" ? "" : `&speed=${speed}`}`);
  const [ready, { openLesson }] = await Promise.all([engineReady, import("./learn/coach.js")]);
  table = await openLesson({
    lessonId,
    root: main,
    engine: ready,
    catalog,
    speed,
    onMenu: () => {
      setAddress("");
      showMenu();
    },
    onRealGame: (game) => startNew(completeSetup({ game, seed: newSeed() }, catalog)),
    onLesson: (id) => startLesson(id, speed),
    onCrash: crash,
  });
  main.focus({ preventScroll: true });
  window.scrollTo(0, 0);
}

async function startNew(setup) {
  if (setup.seats.includes("remote")) return hostLobby(setup);
  if (!(await whenReady(setup.game))) return;
  const id = newId();
  const reply = await engine.newGame(id, setup);
  if (reply.error) {
    showMenu(setup);
    notice(() => t("notices.could-not-start", { why: refusalText(reply.error) }), { kind: "error" });
    return;
  }
  await openTable(id, setup);
}

// -> true when the save is open; else shows why and returns false.
async function continueSaved(id, { quiet = false, remote = null } = {}) {
  const read = store.read(id);
  let error = read.error ? () => store.read(id).error || read.error : null;
  if (!error) {
    if (!(await whenReady(read.record.setup.game))) return false;
    const reply = await engine.load(id, read.record.engine);
    const { setup } = read.record;
    if (!reply.error && (reply.game !== setup.game || reply.players !== setup.players)) {
      error = () => t("saves.moves-not-its-game");
    } else if (!reply.error) {
      await openTable(id, setup, remote);
      return true;
    } else {
      error = () => t("saves.cannot-continue", { why: refusalText(reply.error) });
    }
  }
  if (!quiet) {
    showMenu();
    notice(error, { kind: "warning" });
  }
  return false;
}

// --- start-up --------------------------------------------------------------------------

// The link as it came (the page may rewrite its address below).
const linkSearch = location.search;

// `embed=1` asks for the embed: hand over to embed.html with the same link (docs/FEATURES.md, "Embedding").
const leaving = new URLSearchParams(boundedSearch()).get("embed") === "1";
if (leaving) location.replace(`embed.html${location.search}`);

// The page's words outside the screens (title, description, manifest, skip link, tagline),
// and the language switch in the site header (the table has its own in its bar).
wordPage("site");
const headSwitch = document.getElementById("language-switch");
const paintHeadSwitch = () => headSwitch?.replaceChildren(languageSwitch({ where: "menu" }));
paintHeadSwitch();

// `lang=` naming a language we do not have: say so in the language shown instead.
const unknownLanguage = languageProblem();
if (unknownLanguage !== null && !leaving) {
  const names = () => ({
    value: shown(unknownLanguage),
    fallback: LANGUAGES.find((entry) => entry.code === language())?.name || language(),
    known: list(LANGUAGES.map((entry) => `${entry.name} (lang=${entry.code})`)),
  });
  notice(() => t("common.language-unknown", names()), { kind: "warning", sticky: true }); // stays when the link's game starts
}

const params = parseParams(location.search, catalog, { remote: true });
if (params.errors.length && !leaving) {
  // The link's problems are worded again (parsed again) in a newly chosen language.
  notice(() => t("notices.link-problems"), { kind: "warning", items: () => parseParams(linkSearch, catalog, { remote: true }).errors });
  setAddress("");
}
// A game's own page (<game>.html, from build.py) opens the menu on that game; the embed's
// rules link adds #how-to-play, which opens that game's rules (the summary and the full rules).
const pageGame = document.querySelector('meta[name="parlour-game"]')?.content;
const joining = !leaving && location.hash.startsWith("#join=");
// The menu is built in a task of its own, after the one that ran the page's modules (issue 13:
// each stays short).
await new Promise((resolve) => setTimeout(resolve, 0));
if (!leaving && !joining) showMenu(params.setup.game || !catalog[pageGame] ? params.setup : { game: pageGame });
if (!leaving && params.rules) openFromLink(params.rules);
if (catalog[pageGame] && location.hash === "#how-to-play") {
  // The setup is on that game (its page's prefill): its summary open, then the full rules
  // over it (rules.js); closing them gives focus back to that game's Rules button.
  const rules = main.querySelector(".how-to details.rules");
  if (rules) {
    rules.open = true;
    rules.scrollIntoView({ block: "start" });
  }
  openRules(pageGame, { opener: main.querySelector(`.game-card[data-game="${pageGame}"] .rules-button`) });
}

// A game carried over in the link's #import=<save code> (the embed's "Open full screen"):
// checked by the engine, then saved on this device and continued. It never deletes or
// overwrites another game (importRecord); a bad code changes nothing and says why.
async function carriedGame() {
  if (leaving || !location.hash.startsWith("#import=")) return null;
  let code = "";
  try {
    code = decodeURIComponent(location.hash.slice("#import=".length));
  } catch {
    code = "";
  }
  const decoded = await decodeSave(code, catalog);
  const error = decoded.error || (await verify(decoded.record)).error;
  // Only now (checked, or refused) may the fragment go: a reload must not import it again.
  history.replaceState(null, "", location.pathname + location.search);
  if (error) {
    notice(() => t("notices.carried-game-failed", { why: error }), { kind: "warning" });
    return null;
  }
  const id = importRecord(store, decoded.record);
  menu.refreshSaved();
  return id;
}

// `?challenge=<code>` (challenge.js): whose challenge it is, then Play starts that deal (once
// the engine is ready); a code that does not read is a notice above the menu and changes
// nothing. Neither waits for the engine.
async function challengeFromLink() {
  const opened = await openChallenge({
    root: main,
    code: params.challenge,
    catalog,
    speed: params.setup.speed,
    gameName,
    onStart: (setup) => startNew(setup), // dealt at once, begun once the engine is ready
    onMenu: () => {
      setAddress("");
      showMenu();
    },
  });
  if (opened.error) {
    setAddress("");
    notice(() => t("challenge.link-failed", { why: opened.error }), { kind: "warning" });
  }
}

let booted = false;
async function boot() {
  if (booted) return;
  booted = true;
  try {
    // The worker starts once the menu is painted and the tables' styles are on (later-styles.js).
    engine = await Engine.boot(manifest, (stage, fraction) => progress.update(stage, fraction), { after: laterStylesApplied });
    engineStarted.resolve(engine);
  } catch (error) {
    engineStarted.reject(error);
    html.dataset.engine = "error";
    progress.fail(() => t("menu.boot-failed"), String(error && (error.detail || error.message || error)));
    menu.setBroken();
    console.error(error);
    return;
  }
  html.dataset.engine = "ready";
  performance.mark("parlour:ready"); // time to ready, for benchmarks/browsers_load_time.py
  menu.setReady(true);
  const imported = await carriedGame();
  if (imported && (await continueSaved(imported))) return;
  if (params.errors.length) return;
  if (params.resume) {
    const resumed = await continueSaved(params.resume, { quiet: params.start });
    if (resumed) return;
    if (!params.start) return;
  }
  if (params.learn) await startLesson(params.learn, params.setup.speed);
  else if (params.start) await startNew(completeSetup(params.setup, catalog));
}

// --- a new language ---------------------------------------------------------------------

// Everything on screen is worded again: notices, the header's switch, and the screen itself
// (the menu re-shows itself with every choice kept; a table is reloaded from its save, the
// same as a page reload, so nothing of the game is lost).
onLanguageChange(async () => {
  keepLanguage = true;
  for (const word of worded.values()) word();
  paintHeadSwitch();
  progress.reword();
  const url = new URL(location.href);
  url.searchParams.set("lang", language());
  history.replaceState(null, "", url);
  if (table?.remote?.guest) {
    // A guest's table has no save to reload: it and its bar are worded again in place.
    table.remote.reword?.();
    await table.reword();
    focusLanguageSwitch(main);
    return;
  }
  if (current && table) {
    // Close the table first (it drops the game in the worker), keeping this tab's hold on
    // the game, then load it again from its save. A host keeps its guests: the relay and
    // its connections go over to the new table.
    const relay = table.remote && !table.remote.guest ? table.remote : null;
    table.close({ keepRemote: true });
    table = null;
    relay?.handOver();
    const shown = await continueSaved(current, { quiet: true, remote: relay });
    if (!shown) relay?.close();
    if (shown) focusLanguageSwitch(main);
    return;
  }
  if (otherTabShown) {
    showOtherTab(otherTabShown);
    return;
  }
  if (html.dataset.screen === "dealing" && dealing) {
    dealing.reword();
    return;
  }
  if (html.dataset.screen === "challenge") {
    await challengeFromLink();
    return;
  }
  if (html.dataset.screen === "lobby") {
    (await import("./net/host.js")).rewordLobby();
    return;
  }
  if (html.dataset.screen === "join") {
    (await import("./net/guest.js")).rewordJoin();
    return;
  }
  if (html.dataset.screen === "menu") {
    menu.reword();
    focusLanguageSwitch();
  }
});

// Another join link opened in this tab (a guest's new link after a lost connection): the page
// starts again on it.
window.addEventListener("hashchange", () => {
  if (location.hash.startsWith("#join=")) location.reload();
});
if (joining) joinFromLink();
else if (!leaving) boot();
if (!leaving && params.challenge && !params.errors.length) challengeFromLink();
