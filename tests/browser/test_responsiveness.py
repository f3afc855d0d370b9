"""The page never freezes: Python boots and computer players think in a worker, so the main
thread has no long task over 100 ms while the computer plays."""

from __future__ import annotations

from typing import Any

import pytest
from browser_support import force_generic_renderer, wait_ready
from playwright.sync_api import Page

pytestmark = pytest.mark.browser

LONG_TASKS = """
window.__longTasks = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    window.__longTasks.push({ start: entry.startTime, duration: entry.duration });
  }
}).observe({ type: "longtask", buffered: true });
"""


def test_no_long_main_thread_task_while_the_computer_thinks(page: Page, site_url: str) -> None:
    # The shell and the generic renderer: this checks where the engine runs (a worker), not
    # how long a game's own table takes to draw on a busy machine.
    force_generic_renderer(page)
    page.add_init_script(LONG_TASKS)
    page.goto(f"{site_url}?game=to-the-moon&players=4&seats=bot,bot,bot,bot&seed=9")
    wait_ready(page)
    ready_at: float = page.evaluate("performance.now()")
    page.wait_for_selector(".table .thinking:not([hidden])")
    # Eight computer moves (about five seconds at the normal pace), or the end of the game.
    page.wait_for_function(
        """() => document.documentElement.dataset.gameState === "over"
             || document.querySelectorAll(".table .log li").length >= 8""",
        timeout=60_000,
    )
    moves = page.locator(".table .log li").count()
    tasks: list[dict[str, Any]] = page.evaluate("window.__longTasks")
    during_play = [t for t in tasks if t["start"] >= ready_at and t["duration"] > 100]
    assert moves >= 3, "the computer players did not move"
    assert during_play == [], f"long tasks while the computer played: {during_play}"
