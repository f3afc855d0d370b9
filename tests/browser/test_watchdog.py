"""Never a blank page (issue 25; docs/TESTING.md, "Browsers"): js/watchdog.js, a classic script that
needs no module, speaks on every page when the page cannot show itself — a browser without
what the games need, a script that does not load or stops with an error, a page that has not
painted within a few seconds — in the reader's language, with a Reload button and the detail.

Pages that are meant to fail are opened in tabs of their own (``context.new_page()``), so
their expected errors do not fail the test; pages that must work use ``page``, which fails
on any console error. The embed's case, in a magazine's page, is in test_embed.py."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import BrowserContext, Page, Route, expect

pytestmark = pytest.mark.browser

PAGES = ("", "quodlibet.html", "embed.html?game=nine-virtues", "embed-builder.html")


@pytest.mark.parametrize("path", PAGES)
def test_a_page_that_paints_tells_the_watchdog_and_shows_no_panel(
    page: Page, site_url: str, path: str
) -> None:
    page.add_init_script("window.parlourWatchdogMs = 1500")
    page.goto(site_url + path)
    page.wait_for_selector("html[data-painted]", state="attached", timeout=30_000)
    page.wait_for_timeout(1800)  # past the (shortened) deadline: nothing to say
    assert page.locator("[data-watchdog]").count() == 0
    assert page.evaluate("document.documentElement.hasAttribute('data-watchdog')") is False


def panel_of(tab: Page) -> dict[str, str]:
    tab.wait_for_selector("section.watchdog", timeout=30_000)
    return tab.evaluate(
        """() => {
          const panel = document.querySelector("section.watchdog");
          return {
            cause: panel.dataset.watchdog,
            lang: panel.lang,
            title: panel.querySelector("h2").textContent,
            why: panel.querySelector(".watchdog-why").textContent,
            reload: panel.querySelector("[data-watchdog-reload]")?.textContent || "",
            detail: panel.querySelector("pre").textContent,
            role: panel.getAttribute("role"),
          };
        }"""
    )


def test_without_webassembly_the_page_says_so_in_korean(
    context: BrowserContext, site_url: str
) -> None:
    """iOS Lockdown Mode switches WebAssembly off: the reader is told what to do."""
    tab = context.new_page()
    tab.add_init_script("delete window.WebAssembly")
    tab.goto(site_url + "?lang=ko")
    panel = panel_of(tab)
    assert panel["cause"] == "missing"
    assert panel["lang"] == "ko"
    assert panel["role"] == "alert"
    assert "웹어셈블리" in panel["why"] and "차단 모드" in panel["why"]
    assert panel["reload"] == "새로 고침"
    assert "no-wasm" in panel["detail"]
    tab.close()


def test_without_module_workers_or_indexeddb_the_page_names_what_is_missing(
    context: BrowserContext, site_url: str
) -> None:
    tab = context.new_page()
    tab.add_init_script(
        """
        const RealWorker = window.Worker;
        window.Worker = function (url, options) { return new RealWorker(url); };
        Object.defineProperty(window, "indexedDB", { value: undefined });
        """
    )
    tab.goto(site_url)
    panel = panel_of(tab)
    assert panel["cause"] == "missing"
    assert "too old to run the games in the background" in panel["why"]
    assert "no-module-workers" in panel["detail"] and "no-indexeddb" in panel["detail"]
    tab.close()


def test_a_module_that_does_not_load_gets_a_reload_button(
    context: BrowserContext, site_url: str
) -> None:
    tab = context.new_page()
    tab.route(re.compile(r".*/js/app\.js$"), lambda route: route.abort())
    tab.goto(site_url)
    panel = panel_of(tab)
    assert panel["cause"] == "failed"
    assert panel["title"] == "The page could not start"
    assert "js/app.js did not load" in panel["detail"]
    assert panel["reload"] == "Reload"
    # Reload reloads: with the module back, the menu paints and the panel is gone.
    tab.unroute_all(behavior="ignoreErrors")
    tab.click("[data-watchdog-reload]")
    tab.wait_for_selector("html[data-painted]", state="attached", timeout=30_000)
    expect(tab.locator("section.watchdog")).to_have_count(0)
    tab.close()


def test_a_module_that_throws_before_the_menu_shows_its_error(
    context: BrowserContext, site_url: str
) -> None:
    tab = context.new_page()

    def broken(route: Route) -> None:
        # Imports are hoisted: its dependencies run, then its first statement throws.
        response = route.fetch()
        body = 'throw new Error("boom at start");\n' + response.text()
        route.fulfill(response=response, body=body)

    tab.route(re.compile(r".*/js/app\.js$"), broken)
    tab.goto(site_url)
    panel = panel_of(tab)
    assert panel["cause"] == "failed"
    assert "boom at start" in panel["detail"]
    tab.close()


def test_a_stalled_start_is_told_then_clears_itself_when_the_menu_paints(
    context: BrowserContext, site_url: str
) -> None:
    """A module graph that does not finish (WebKit's blank page) is no longer silent."""
    tab = context.new_page()
    tab.add_init_script("window.parlourWatchdogMs = 1000")
    held: list[Route] = []
    tab.route(re.compile(r".*/js/menu/menu\.js$"), lambda route: held.append(route))
    tab.goto(site_url, wait_until="commit")
    panel = panel_of(tab)
    assert panel["cause"] == "stalled"
    assert "has not finished loading" in panel["why"]
    assert held, "the menu module was never asked for"
    for route in held:
        route.continue_()
    tab.wait_for_selector("html[data-painted]", state="attached", timeout=30_000)
    expect(tab.locator("section.watchdog")).to_have_count(0)
    tab.close()
