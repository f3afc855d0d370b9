// Offline after the first visit: registers the service worker (sw.js, written by build.py)
// and tells the reader when a new version is ready, without ever changing versions under a
// game in progress.
//
// - Registration waits until the engine is ready (<html data-engine="ready">): registering
//   earlier competes with Python's own boot downloads and made a cold boot slower.
// - A new deploy installs a new worker, which waits (sw.js never skips waiting by itself).
//   The notice "A new version is ready" appears only at a safe moment, the menu or a game's
//   end (<html data-game-state="none|over">); its Reload button asks the waiting worker to
//   take over, then reloads, so one page never mixes two versions.
// - Other Parlour tabs are asked first (BroadcastChannel "parlour-update"): while one of them
//   is in a game, Reload says so and waits. Tabs at a safe moment reload with it.
// - A page that was not controlled when it loaded (the first visit) is taken over by the new
//   worker; if that worker belongs to a newer deploy than the page, the page says so too.

import { h } from "./dom.js";
import { t, onLanguageChange, wordsReady } from "./i18n.js";

// An entry module: the words first (i18n.js keeps top-level await out of shared modules).
await wordsReady;

const html = document.documentElement;
const SAFE = ["none", "over"];
const CHECK_EVERY_MS = 60 * 60 * 1000; // a long-lived tab looks for a new deploy this often
const ASK_TABS_MS = 300;

const pageVersion = document.querySelector('meta[name="parlour-version"]')?.content || "";
const isSafe = () => SAFE.includes(html.dataset.gameState);

const state = {
  registration: null,
  updateReady: false, // a newer version is waiting, or already controls this older page
  dismissed: false,
  reloading: false,
  checkedAt: Date.now(),
};

// --- other tabs ------------------------------------------------------------------------

const tabs = "BroadcastChannel" in self ? new BroadcastChannel("parlour-update") : null;
if (tabs) {
  tabs.onmessage = ({ data }) => {
    if (data && data.type === "who-plays" && html.dataset.gameState === "playing") {
      tabs.postMessage({ type: "playing", ask: data.ask });
    }
  };
}

// -> true when another Parlour tab is in the middle of a game.
function anotherTabPlays() {
  if (!tabs) return Promise.resolve(false);
  const ask = Math.random().toString(36).slice(2);
  return new Promise((resolve) => {
    const listen = new BroadcastChannel("parlour-update");
    const done = (answer) => {
      listen.close();
      resolve(answer);
    };
    listen.onmessage = ({ data }) => data && data.type === "playing" && data.ask === ask && done(true);
    setTimeout(() => done(false), ASK_TABS_MS);
    tabs.postMessage({ type: "who-plays", ask });
  });
}

// --- the notice ------------------------------------------------------------------------

function noticeEl() {
  return document.querySelector('.notice[data-update="ready"]');
}

function showNotice() {
  if (!state.updateReady || state.dismissed || !isSafe() || noticeEl()) return;
  const area = document.getElementById("notices");
  if (!area) return;
  let says = "notices.update-ready";
  const text = h("p", {});
  const reload = h("button", { type: "button", class: "button reload" });
  const close = h("button", { type: "button", class: "button quiet" }, "\u00d7");
  const word = () => {
    text.textContent = t(says);
    reload.textContent = t("notices.reload");
    close.setAttribute("aria-label", t("notices.dismiss"));
  };
  word();
  const el = h("div", { class: "notice update", role: "status", dataset: { update: "ready" } }, h("div", {}, text, reload), close);
  const stop = onLanguageChange(word);
  close.addEventListener("click", () => {
    state.dismissed = true;
    stop();
    el.remove();
  });
  reload.addEventListener("click", async () => {
    reload.disabled = true;
    if (await anotherTabPlays()) {
      says = "notices.update-other-tab";
      word();
      reload.disabled = false;
      return;
    }
    applyUpdate();
  });
  area.append(el);
}

function applyUpdate() {
  state.reloading = true;
  const waiting = state.registration && state.registration.waiting;
  if (waiting) waiting.postMessage({ type: "skip-waiting" }); // then "controllerchange" reloads
  else location.reload();
}

// --- the service worker ----------------------------------------------------------------

function versionOf(worker) {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = ({ data }) => resolve(data);
    worker.postMessage({ type: "version" }, [channel.port2]);
    setTimeout(() => resolve(null), 2000);
  });
}

function updateFound() {
  state.updateReady = true;
  showNotice();
}

function watch(registration) {
  const waitingUpdate = () => {
    // A waiting worker next to an active one is a new version (the first install never waits).
    if (registration.waiting && registration.active && navigator.serviceWorker.controller) updateFound();
  };
  registration.addEventListener("updatefound", () => {
    const worker = registration.installing;
    if (!worker) return;
    worker.addEventListener("statechange", () => worker.state === "installed" && waitingUpdate());
  });
  waitingUpdate();
}

async function register() {
  const hadController = Boolean(navigator.serviceWorker.controller);
  navigator.serviceWorker.addEventListener("controllerchange", async () => {
    if (state.reloading) return location.reload();
    if (!hadController) {
      // The first install took this page over: fine unless a newer deploy got there first.
      const version = await versionOf(navigator.serviceWorker.controller);
      if (version && pageVersion && version !== pageVersion) updateFound();
      return;
    }
    // Another tab updated: reload now if that is safe, else say so at the next safe moment.
    if (isSafe()) return location.reload();
    updateFound();
  });
  try {
    state.registration = await navigator.serviceWorker.register("sw.js", { scope: "./" });
  } catch (error) {
    // Storage blocked (some private modes, sandboxed frames): the site still works online.
    console.info("Parlour: offline play is not available here:", String(error && error.message));
    return;
  }
  // (Automation that blocks service workers resolves with nothing.)
  if (state.registration) watch(state.registration);
}

function whenEngineReady(then) {
  if (html.dataset.engine === "ready") return then();
  const observer = new MutationObserver(() => {
    if (html.dataset.engine !== "ready") return;
    observer.disconnect();
    then();
  });
  observer.observe(html, { attributes: true, attributeFilter: ["data-engine"] });
}

// At each safe moment: show a pending notice, and now and then look for a new deploy.
new MutationObserver(() => {
  if (!isSafe()) return;
  showNotice();
  if (state.registration && Date.now() - state.checkedAt > CHECK_EVERY_MS) {
    state.checkedAt = Date.now();
    state.registration.update().catch(() => {}); // offline: try again later
  }
}).observe(html, { attributes: true, attributeFilter: ["data-game-state"] });

if ("serviceWorker" in navigator && window.isSecureContext) whenEngineReady(register);
