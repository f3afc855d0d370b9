"""The browser tests share one Chromium profile for its caches (conftest.py, ``warm_profile``);
between tests ``reset_profile`` must leave nothing else behind: no tab, no stored data of any
kind, no cookie, no route. (The embed builder page: the site's origin, without booting Python.)"""

from __future__ import annotations

import pytest
from browser_support import reset_profile
from playwright.sync_api import BrowserContext, Page

pytestmark = pytest.mark.browser

STORE = """async () => {
  localStorage.setItem("left", "behind");
  sessionStorage.setItem("left", "behind");
  document.cookie = "left=behind; max-age=3600";
  await (await caches.open("left")).put("/left", new Response("behind"));
  await new Promise((resolve, reject) => {
    const open = indexedDB.open("left", 1);
    open.onupgradeneeded = () => open.result.createObjectStore("things");
    open.onsuccess = () => {
      const tx = open.result.transaction("things", "readwrite");
      tx.objectStore("things").put("behind", "left");
      tx.oncomplete = () => { open.result.close(); resolve(); };
    };
    open.onerror = () => reject(open.error);
  });
  navigator.locks.request("left", () => new Promise(() => {}));  // held until the tab closes
}"""

FOUND = """async () => ({
  local: localStorage.length,
  session: sessionStorage.length,
  cookie: document.cookie,
  caches: await caches.keys(),
  databases: (await indexedDB.databases()).map((d) => d.name),
  locks: (await navigator.locks.query()).held.map((l) => l.name),
})"""

EMPTY = {"local": 0, "session": 0, "cookie": "", "caches": [], "databases": [], "locks": []}


def test_a_reset_profile_keeps_no_trace_of_the_last_test(
    page: Page, context: BrowserContext, site_url: str
) -> None:
    assert page.context is context
    if not context.pages or context.pages[0] is page:
        pytest.fail("the shared profile keeps a blank tab of its own, apart from the test's")
    builder = site_url + "embed-builder.html"
    page.goto(builder)
    page.evaluate(STORE)
    other = context.new_page()
    other.goto(builder)
    context.route("**/never", lambda route: route.abort())
    assert other.evaluate("fetch('never').then(() => 'fetched', () => 'aborted')") == "aborted"
    stored = page.evaluate(FOUND)
    assert stored["local"] == 1 and stored["databases"] == ["left"] and stored["locks"] == ["left"]

    reset_profile(context, context.pages[:1], {site_url.rstrip("/")})

    assert page.is_closed() and other.is_closed()
    fresh = context.new_page()
    fresh.goto(builder)
    assert fresh.evaluate(FOUND) == EMPTY
    # The routes went too: the request reaches the server (a 404), not an abort.
    assert fresh.evaluate("fetch('never').then((r) => r.status)") == 404
