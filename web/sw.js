// Parlour's service worker: the whole site offline after one visit.
//
// build.py writes dist/sw.js from this template, replacing the `BUILD` line below with the
// list of every file the page needs (front end, engine wheel and worker, the Pyodide runtime,
// the PyScript files it loads), each with its SHA-256, and `version`, a hash of them all.
// So any change to any of them changes this file's bytes, which is how the browser notices a
// new deploy. web/js/offline.js registers it once the engine is ready.
//
// - install: fetch every file into the cache `parlour-<version>`, checking each against its
//   hash (a deploy landing halfway through cannot mix two versions in one cache); a file an
//   older cache already holds with the same hash is copied, not downloaded again.
// - A new worker waits: it never calls skipWaiting on its own, so a game in progress keeps
//   the version it started with. The page asks it to take over ({type: "skip-waiting"}) when
//   the reader presses Reload at a safe moment (menu or game over).
// - activate: delete older `parlour-` caches; take control of open pages.
// - fetch: precached files cache-first (query strings ignored: Pyodide's loader carries a
//   nonce); a navigation to a page (the site's root is index.html), with any query (deep
//   links), gets the cached page, online or not, so a page and its scripts always come from
//   one version; everything else goes to the network as if we were not here.

const BUILD = { version: "unbuilt", files: [] }; // build:precache

const PREFIX = "parlour-";
const CACHE = `${PREFIX}${BUILD.version}`;
const SCOPE = new URL("./", self.location.href).href;
const PAGE = new URL("index.html", SCOPE).href;
const PRECACHED = new Map(BUILD.files.map(([path, sha256]) => [new URL(path, SCOPE).href, sha256]));
// The site's pages (index.html, the game and embed pages), each stamped with this version.
const PAGES = new Set([...PRECACHED.keys()].filter((url) => url.endsWith(".html")));

const hex = (buffer) => [...new Uint8Array(buffer)].map((b) => b.toString(16).padStart(2, "0")).join("");

// The body of `response` as a fresh Response, if its SHA-256 is `sha256`; else null.
async function verified(response, sha256) {
  if (!response || !response.ok) return null;
  const body = await response.arrayBuffer();
  if (hex(await crypto.subtle.digest("SHA-256", body)) !== sha256) return null;
  const { status, statusText, headers } = response;
  return new Response(body, { status, statusText, headers });
}

async function fetchVerified(url, sha256, older) {
  for (const name of older) {
    const kept = await verified(await (await caches.open(name)).match(url), sha256);
    if (kept) return kept;
  }
  // Through the HTTP cache first (the versioned runtime files are immutable there, and the
  // page has just downloaded them); then past it, in case it held an older copy of a file
  // whose URL does not change.
  for (const cache of ["default", "reload"]) {
    const fresh = await verified(await fetch(url, { cache }), sha256);
    if (fresh) return fresh;
  }
  throw new Error(`Parlour offline: ${url} does not match this version (a new deploy?)`);
}

async function precache() {
  const cache = await caches.open(CACHE);
  const have = new Set((await cache.keys()).map((request) => request.url));
  const older = (await caches.keys()).filter((name) => name.startsWith(PREFIX) && name !== CACHE);
  const missing = [...PRECACHED].filter(([url]) => !have.has(url));
  await Promise.all(
    missing.map(async ([url, sha256]) => cache.put(url, await fetchVerified(url, sha256, older))),
  );
}

self.addEventListener("install", (event) => {
  event.waitUntil(precache());
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(
        names.filter((name) => name.startsWith(PREFIX) && name !== CACHE).map((name) => caches.delete(name)),
      );
      await self.clients.claim();
    })(),
  );
});

self.addEventListener("message", (event) => {
  const data = event.data || {};
  if (data.type === "skip-waiting") self.skipWaiting();
  if (data.type === "version" && event.ports[0]) event.ports[0].postMessage(BUILD.version);
});

async function cacheFirst(key, request) {
  const hit = await (await caches.open(CACHE)).match(key);
  return hit || fetch(request);
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  const key = url.origin + url.pathname;
  if (request.mode === "navigate") {
    // A page from the network would load its scripts from this cache: another version.
    if (key === SCOPE) event.respondWith(cacheFirst(PAGE, request));
    else if (PAGES.has(key)) event.respondWith(cacheFirst(key, request));
    return;
  }
  if (PRECACHED.has(key)) event.respondWith(cacheFirst(key, request));
});
