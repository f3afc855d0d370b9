// The page: paints the menu at once, boots the engine in a worker meanwhile, then starts,
// continues or demonstrates games. Readiness is on the root element for people and tests:
//   <html data-engine="loading|ready|error" data-game-state="none|playing|over">

import "./i18n.js"; // first: picks the language and loads its catalog (<html lang> follows)
import { h } from "./dom.js";
import { manifest } from "./manifest.js";
import { Engine } from "./engine.js";
import { BootProgress } from "./progress.js";
import { Menu } from "./menu.js";
import { parseParams } from "./params.js";
import { completeSetup, deepLink, newSeed } from "./setup.js";
import { SaveStore, newId } from "./storage.js";
import { checkWithEngine, decodeSave, importRecord } from "./savecode.js";
import { otherTabPanel } from "./game-lock.js";
import { Table } from "./table.js";
import { rendererFor } from "./games/index.js";
import { openLesson } from "./learn.js";
import { openFromLink, openRules } from "./rules.js";
import { refusalText } from "./engine-words.js";

const html = document.documentElement;
const main = document.getElementById("main");
const noticeArea = document.getElementById("notices");
const catalog = manifest.games;

html.dataset.engine = "loading";
html.dataset.gameState = "none";

// --- notices ---------------------------------------------------------------------------

// A message above the page. `sticky` ones (storage problems) stay when a game starts.
function notice(text, { kind = "info", list = null, sticky = false } = {}) {
  const close = h("button", { type: "button", class: "button quiet", "aria-label": "Dismiss this message" }, "\u00d7");
  const el = h(
    "div",
    { class: `notice ${kind}${sticky ? " sticky" : ""}`, role: kind === "error" ? "alert" : "status" },
    h("div", {}, h("p", {}, text), list ? h("ul", {}, list.map((item) => h("li", {}, item))) : null),
    close,
  );
  close.addEventListener("click", () => el.remove());
  noticeArea.append(el);
  return el;
}

const clearNotices = () => noticeArea.querySelectorAll(".notice:not(.sticky)").forEach((el) => el.remove());

// --- state -----------------------------------------------------------------------------

const store = new SaveStore({
  catalog,
  onNotice: (text) => notice(text, { kind: "warning", sticky: true }),
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
    return { error: "The game engine is not running, so this code cannot be checked. Reload the page and try again." };
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
  const saved = store.persistent ? "Your moves so far are saved: reload the page to continue." : "Reload the page to continue from the last saved move.";
  notice(`Something went wrong in the game engine, so this game has stopped. ${saved}`, { kind: "error" });
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
  closeTable();
  html.dataset.gameState = "none";
  html.dataset.screen = "menu";
  menu.show(main, prefill);
  window.scrollTo(0, 0);
}

function setAddress(query) {
  const url = new URL(location.href);
  url.search = query ? `?${query}` : "";
  history.replaceState(null, "", url);
}

// The game is open in another tab (or that tab just took it over): say so, offer it here.
function showOtherTab(id) {
  closeTable();
  engine.drop(id).catch(() => {});
  html.dataset.gameState = "none";
  html.dataset.screen = "other-tab";
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

function lostGame(id) {
  if (current === id) showOtherTab(id);
  else menu.refreshSaved();
}

async function openTable(id, setup) {
  const renderer = await rendererFor(setup.game);
  if (current !== id && !(await store.claim(id))) {
    showOtherTab(id);
    return;
  }
  if (table) table.close();
  if (current && current !== id) store.release(current);
  current = id;
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
    onPlayAgain: () => startNew({ ...setup, seed: newSeed() }),
    onCrash: crash,
  });
  main.focus({ preventScroll: true });
  window.scrollTo(0, 0);
  await table.run();
}

// A guided lesson (learn.js): never saved, so `current` stays null and no save is claimed.
async function startLesson(lessonId, speed = "normal") {
  closeTable();
  clearNotices();
  setAddress(`learn=${lessonId}${speed === "normal" ? "" : `&speed=${speed}`}`);
  const ready = await engineReady;
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
  const id = newId();
  const reply = await engine.newGame(id, setup);
  if (reply.error) {
    showMenu(setup);
    notice(`The game could not start: ${refusalText(reply.error)}`, { kind: "error" });
    return;
  }
  await openTable(id, setup);
}

// -> true when the save is open; else shows why and returns false.
async function continueSaved(id, { quiet = false } = {}) {
  const read = store.read(id);
  let error = read.error;
  if (!error) {
    const reply = await engine.load(id, read.record.engine);
    const { setup } = read.record;
    if (!reply.error && (reply.game !== setup.game || reply.players !== setup.players)) {
      error = "This saved game is damaged: its moves are not those of the game it names.";
    } else if (!reply.error) {
      await openTable(id, setup);
      return true;
    } else {
      error = `This saved game cannot be continued: ${refusalText(reply.error)}`;
    }
  }
  if (!quiet) {
    showMenu();
    notice(error, { kind: "warning" });
  }
  return false;
}

// --- start-up --------------------------------------------------------------------------

// `embed=1` asks for the embed: hand over to embed.html with the same link (README, "Embedding").
const leaving = new URLSearchParams(location.search).get("embed") === "1";
if (leaving) location.replace(`embed.html${location.search}`);

const params = parseParams(location.search, catalog);
if (params.errors.length && !leaving) {
  notice("This link could not start a game:", { kind: "warning", list: params.errors });
  setAddress("");
}
// A game's own page (<game>.html, from build.py) opens the menu on that game; the embed's
// rules link adds #how-to-play, which opens that game's rules (the summary and the full rules).
const pageGame = document.querySelector('meta[name="parlour-game"]')?.content;
if (!leaving) showMenu(params.setup.game || !catalog[pageGame] ? params.setup : { game: pageGame });
if (!leaving && params.rules) openFromLink(params.rules);
if (catalog[pageGame] && location.hash === "#how-to-play") {
  const rules = document.getElementById(`game-${pageGame}`)?.closest(".game-card")?.querySelector("details.rules");
  if (rules) {
    rules.open = true;
    rules.scrollIntoView({ block: "start" });
  }
  // ...and the full rules over it (rules.js); closing them leaves the summary open.
  openRules(pageGame, { opener: rules?.closest(".game-card")?.querySelector(".rules-button") });
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
    notice(`The game in this link could not be opened. ${error}`, { kind: "warning" });
    return null;
  }
  const id = importRecord(store, decoded.record);
  menu.refreshSaved();
  return id;
}

async function boot() {
  try {
    engine = await Engine.boot(manifest, (stage, fraction) => progress.update(stage, fraction));
    engineStarted.resolve(engine);
  } catch (error) {
    engineStarted.reject(error);
    html.dataset.engine = "error";
    progress.fail("The game engine could not start. Check your connection and reload the page.", String(error && (error.detail || error.message || error)));
    console.error(error);
    return;
  }
  html.dataset.engine = "ready";
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

if (!leaving) boot();
