"""Screenshots of the guided lessons (web/js/learn/coach.js) on a phone, in English and Korean.

    python3 tools/learn_screens.py              # every shot into docs/screens/
    python3 tools/learn_screens.py --out /tmp/s

Like tools/screens.py it builds the site into a temporary folder, serves it on 127.0.0.1 and
opens each lesson in headless Chromium with every other host unresolvable. It then does what
the coach says (presses the ringed control) a given number of times and saves the window as
``learn-<lesson>-<lang>-360.png``; ``wrong`` first presses another legal move, so the shot
shows the coach's kind refusal; ``end`` plays the lesson to its end (the scoring explained).
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass
from pathlib import Path

from playwright.sync_api import Page
from screens import OUT, failed, report, served_page

WIDTH, HEIGHT = 360, 640

NEXT_PRESS = """() => {
  const coach = document.querySelector(".coach");
  if (!coach) return false;
  if (coach.dataset.state === "done") return true;
  const target = document.querySelector(".coach-target");
  return Boolean(target && target.offsetParent !== null);
}"""


@dataclass(frozen=True)
class Shot:
    lesson: str
    lang: str
    presses: int
    """How many presses of the ringed control before the shot (-1: to the lesson's end)."""
    wrong: bool = False
    """Then press another legal move, so the coach's refusal shows."""
    full: bool = False
    """The whole page, not only the window."""


SHOTS = (
    Shot("nine-virtues", "en", 3, wrong=True),
    Shot("nine-virtues", "ko", 5),
    Shot("to-the-moon", "en", 7),
    Shot("to-the-moon", "ko", -1, full=True),
    Shot("quodlibet", "ko", 2),
    Shot("quodlibet-snack", "en", 6),
)


def press_on(page: Page, presses: int) -> None:
    made = 0
    while presses < 0 or made < presses:
        page.wait_for_function(NEXT_PRESS, timeout=60_000)
        if page.locator(".coach").get_attribute("data-state") == "done":
            return
        target = page.locator(".coach-target").first
        handle = target.element_handle()
        step = page.locator(".coach").get_attribute("data-step")
        target.click()
        page.wait_for_function(
            """([el, step]) => document.querySelector(".coach").dataset.step !== step
                 || !el.isConnected || !el.classList.contains("coach-target")""",
            arg=[handle, step],
        )
        made += 1
    page.wait_for_function(NEXT_PRESS, timeout=60_000)


def shoot(page: Page, url: str, shot: Shot, out: Path) -> Path:
    page.goto(f"{url}?learn={shot.lesson}&speed=instant&lang={shot.lang}")
    page.wait_for_selector("html[data-engine=ready]", timeout=120_000)
    press_on(page, shot.presses)
    if shot.wrong:
        page.locator(".table-body [data-action]:not(.coach-target)").first.click()
        page.locator(".coach .coach-note").wait_for()
    if shot.full:
        page.evaluate("window.scrollTo(0, 0)")
    page.wait_for_timeout(400)  # the window as the coach left it (scrolled to the control)
    path = out / f"learn-{shot.lesson}-{shot.lang}-{WIDTH}.png"
    page.screenshot(path=str(path), full_page=shot.full)
    return path


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=OUT, help="folder for the PNGs")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    with served_page(viewport={"width": WIDTH, "height": HEIGHT}) as (page, url, errors):
        for shot in SHOTS:
            report("learn_screens", shoot(page, url, shot, args.out))
    return failed("learn_screens", errors)


if __name__ == "__main__":
    sys.exit(main())
