"""Instant start: the menu paints before Python has loaded, with real boot progress, and
starting works at once (a start before the engine is ready is dealt, then begun:
test_first_screen.py). Nothing leaves 127.0.0.1."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Browser, Page

pytestmark = [pytest.mark.browser, pytest.mark.cold_start]

# Record every change of the root's readiness, the start button and the boot progress.
TIMELINE = """
window.__timeline = [];
const record = () => {
  const start = document.querySelector("button.start");
  const boot = document.querySelector(".boot");
  window.__timeline.push({
    t: performance.now(),
    engine: document.documentElement.dataset.engine || null,
    menu: document.querySelector(".menu") !== null,
    start: start ? !start.disabled : null,
    stage: boot ? boot.dataset.stage : null,
    bar: boot ? Number(boot.querySelector("progress").value) : null,
  });
};
new MutationObserver(record).observe(document, {
  subtree: true, childList: true, attributes: true,
  attributeFilter: ["data-engine", "data-stage", "value", "disabled"],
});
"""


def test_menu_paints_before_the_engine_is_ready_then_becomes_ready(
    page: Page, site_url: str
) -> None:
    page.add_init_script(TIMELINE)
    page.goto(site_url)
    page.wait_for_selector("html[data-engine=ready]", timeout=90_000)
    timeline: list[dict[str, Any]] = page.evaluate("window.__timeline")

    first_menu = next(i for i, e in enumerate(timeline) if e["menu"])
    ready = next(i for i, e in enumerate(timeline) if e["engine"] == "ready")
    assert first_menu < ready
    painted = timeline[first_menu]
    assert painted["engine"] == "loading"
    assert painted["start"] is True, "starting never waits for a press once the engine is ready"

    # Real stages, in order, with the download's share moving with its bytes.
    stages = [e["stage"] for e in timeline if e["stage"]]
    order = [s for i, s in enumerate(stages) if i == 0 or s != stages[i - 1]]
    assert order == ["download", "python", "engine", "ready"]
    download_bars = {e["bar"] for e in timeline if e["stage"] == "download"}
    assert len(download_bars) >= 3 and max(download_bars) <= 75

    assert page.locator("button.start").is_enabled()
    assert page.locator("html").get_attribute("data-game-state") == "none"
    for game in ("nine-virtues", "to-the-moon", "quodlibet"):
        page.locator(f"#game-{game}").check()
        summary = page.locator(".how-to details.rules")
        if summary.get_attribute("open") is None:
            summary.locator("summary").click()
        assert len(summary.inner_text()) > 80


def test_the_menu_starts_a_game(page: Page, site_url: str) -> None:
    page.goto(site_url)
    page.wait_for_selector("html[data-engine=ready]", timeout=90_000)
    page.locator("#game-nine-virtues").check()
    page.select_option("#seat-kind-0", "human")
    page.fill("#seat-name-0", "Ada")
    page.locator("button.start").click()
    page.wait_for_selector("html[data-game-state=playing]")
    page.wait_for_selector(".table")
    assert "Ada" in page.locator(".totals").inner_text()
    assert "resume=" in page.url
    # The tables' stylesheets came as print styles (not holding back the menu's first paint,
    # issue 13) and apply by the time a table is shown.
    later = page.evaluate(
        """() => [...document.querySelectorAll("link[data-later]")]
             .map((l) => [l.getAttribute("href"), l.media, l.sheet?.cssRules.length ?? 0])"""
    )
    assert len(later) >= 4, later
    assert all(media == "all" and rules > 0 for _, media, rules in later), later


@pytest.mark.parametrize("width", [320, 1280])
def test_layout_fits_phones_and_desktops(page: Page, site_url: str, width: int) -> None:
    page.set_viewport_size({"width": width, "height": 800})
    page.goto(site_url)
    page.wait_for_selector(".menu")
    overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 0, f"the menu is {overflow}px wider than a {width}px screen"
    # Touch targets: every button and form control is at least 44 px high.
    small = page.evaluate(
        """() => [...document.querySelectorAll("button, select, input[type=text]")]
             .filter((el) => el.offsetParent !== null && el.getBoundingClientRect().height < 44)
             .map((el) => el.outerHTML.slice(0, 80))"""
    )
    assert small == []
    # Every control has an accessible name.
    unnamed = page.evaluate(
        """() => [...document.querySelectorAll("button, select, input")]
             .filter((el) => !(el.labels && el.labels.length) && !el.getAttribute("aria-label")
                              && !el.textContent.trim())
             .map((el) => el.outerHTML.slice(0, 80))"""
    )
    assert unnamed == []


def test_an_engine_that_cannot_start_says_so(browser: Browser, site_url: str) -> None:
    """The runtime's download fails: a clear message and a Reload button, not a hang.
    (Its own context: the errors this provokes are the point, not a failure.)"""
    context = browser.new_context()
    try:
        page = context.new_page()
        page.route("**/*.wasm", lambda route: route.abort())
        page.goto(site_url)
        page.wait_for_selector("html[data-engine=error]", timeout=60_000)
        boot = page.locator(".boot")
        assert "could not start" in boot.inner_text()
        assert boot.get_by_role("button", name="Reload the page").is_visible()
        assert page.locator("button.start").is_disabled()
        assert all(play.is_disabled() for play in page.locator("button.play").all())
    finally:
        context.close()
