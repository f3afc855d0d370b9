"""Screenshots of each table mid-game, for the docs and for looking at the layout.

    python3 tools/screens.py                 # every shot into docs/screens/
    python3 tools/screens.py --only snack    # the shots whose name contains "snack"
    python3 tools/screens.py --out /tmp/s    # somewhere else

It builds the site into a temporary folder (never the shared ``dist/``), serves it on
127.0.0.1 like the browser tests do, opens each deep link below in headless Chromium
(Playwright's own, else ``/usr/bin/chromium``; ``PARLOUR_CHROMIUM`` overrides) with every
other host unresolvable, plays the person's first few moves by pressing the table's own
controls (the first legal one, so a shot is the same every time) and saves the window as
``<name>-<width>.png`` at each width (the same position at every width).

To add a shot (another language, another game or position), add a ``Shot`` to ``SHOTS``:
a name, the link's query string, how many of the person's moves to make first, and the
widths (and, if needed, the page's ``lang`` query and a final step such as opening a panel).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from playwright.sync_api import Page, Playwright, sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the repository root: sitebuild

from sitebuild.assemble import build_site
from sitebuild.server import site_server

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "docs" / "screens"
HOST_RULES = "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1"
WIDTHS = (360, 390, 1280)
HEIGHTS = {360: 640, 390: 844, 1280: 800}
"""The window for each width: a small phone, a larger phone, and a laptop."""

# The table awaits the person (a control with an action), a dialog waits, or the game is over.
READY = """() => document.documentElement.dataset.gameState === "over"
  || document.querySelector(".overlay .dialog button") !== null
  || document.querySelector(
    ".table[data-awaiting]:not([data-awaiting='']) [data-action]") !== null"""


@dataclass(frozen=True)
class Shot:
    name: str
    """The file's name before ``-<width>.png``."""
    query: str
    """The deep link (docs/FEATURES.md "Deep links"): the game, seats, seed, options."""
    moves: int = 3
    """How many of the person's moves to make before the shot (the first legal one each)."""
    widths: tuple[int, ...] = WIDTHS
    lang: str = "en"
    """The page's language (``lang=`` in the link): each shot names its own, so a language
    remembered by an earlier shot never carries over."""
    menu: bool = False
    """A shot of the menu (no game is started; the whole page, not only the window)."""
    press: str = ""
    """A control to press after the moves (a CSS selector), e.g. the bar's Take back; pressed
    by a script, so an unavailable (``aria-disabled``) control can be pressed to say why."""
    pressed: str = ".log li.taken-back"
    """What shows the press was answered (a CSS selector), waited for before the shot."""
    storage: tuple[tuple[str, str], ...] = ()
    """localStorage entries (key, text) written before the link is opened."""


HUMAN_VS_COMPUTERS = "seats=human,bot,bot,bot&level=easy&speed=instant"


def record_entry(
    game: str, level: str, played: int, won: int, best: int, total: int, streak: int
) -> tuple[str, str]:
    """A records.js entry with its check (FNV-1a over the fields, as records.js computes it)."""
    entry: dict[str, Any] = {
        "format": "parlour-records",
        "version": 1,
        "game": game,
        "level": level,
        "played": played,
        "won": won,
        "best": best,
        "total": total,
        "streak": streak,
        "counted": [f"g{i}" for i in range(played)],
    }
    fields = [
        "format",
        "version",
        "game",
        "level",
        "played",
        "won",
        "best",
        "total",
        "streak",
        "counted",
    ]
    text = json.dumps([entry[name] for name in fields], separators=(",", ":"))
    value = 0x811C9DC5
    for char in text:
        value = ((value ^ ord(char)) * 0x01000193) & 0xFFFFFFFF
    entry["check"] = f"{value:08x}"
    return f"parlour:v1:records:{game}:{level}", json.dumps(entry)


def sample_records() -> tuple[tuple[str, str], ...]:
    return (
        record_entry("nine-virtues", "normal", 7, 4, 34, 171, 2),
        record_entry("to-the-moon", "easy", 3, 3, 41, 102, 3),
        record_entry("to-the-moon", "hard", 5, 1, 28, 96, 0),
        record_entry("quodlibet", "normal", 2, 1, -12, 40, 1),
    )


SHOTS = (
    Shot("nine-virtues", f"?game=nine-virtues&players=4&{HUMAN_VS_COMPUTERS}&seed=7", moves=2),
    Shot("to-the-moon", f"?game=to-the-moon&players=4&{HUMAN_VS_COMPUTERS}&seed=7", moves=4),
    Shot("quodlibet", f"?game=quodlibet&players=4&{HUMAN_VS_COMPUTERS}&seed=3&contracts=minus"),
    Shot("snack", f"?game=quodlibet&players=4&{HUMAN_VS_COMPUTERS}&seed=3&contracts=snack"),
    Shot(
        "open-trousers",
        f"?game=quodlibet&players=4&{HUMAN_VS_COMPUTERS}&seed=3&contracts=open-trousers",
    ),
    # The same tables in Korean (issue 11): Korean runs wider in places.
    Shot(
        "nine-virtues-ko", f"?game=nine-virtues&players=4&{HUMAN_VS_COMPUTERS}&seed=7", 2, lang="ko"
    ),
    Shot(
        "to-the-moon-ko", f"?game=to-the-moon&players=4&{HUMAN_VS_COMPUTERS}&seed=7", 4, lang="ko"
    ),
    # Quodlibet in Korean: a normal contract mid-trick (the person deals and chooses), Snack.
    Shot("quodlibet-ko", f"?game=quodlibet&players=4&{HUMAN_VS_COMPUTERS}&seed=3", 5, lang="ko"),
    Shot(
        "snack-ko",
        f"?game=quodlibet&players=4&{HUMAN_VS_COMPUTERS}&seed=7&contracts=snack",
        0,  # the person's first turn: no card fits, three piles to choose from
        lang="ko",
    ),
    # The first screen (issue 26): the games first, at a small phone, a larger one and a laptop.
    Shot("menu", "?", moves=0, widths=(360, 390, 1280), menu=True),
    Shot("menu-ko", "?", moves=0, widths=(360, 390, 1280), lang="ko", menu=True),
    # Take back: three moves against the computer, then the bar's Take back (the log notes it).
    Shot(
        "take-back",
        f"?game=to-the-moon&players=4&{HUMAN_VS_COMPUTERS}&seed=7",
        3,
        press="[data-control=take-back]",
    ),
    Shot(
        "take-back-ko",
        f"?game=to-the-moon&players=4&{HUMAN_VS_COMPUTERS}&seed=7",
        3,
        lang="ko",
        press="[data-control=take-back]",
    ),
    # Quodlibet's contract choice (the person deals first with seed 3), in both languages.
    Shot("quodlibet-choice", f"?game=quodlibet&players=4&{HUMAN_VS_COMPUTERS}&seed=3", 0),
    Shot(
        "quodlibet-choice-ko",
        f"?game=quodlibet&players=4&{HUMAN_VS_COMPUTERS}&seed=3",
        0,
        lang="ko",
    ),
    # A refusal: Kill pressed before every player has had a turn says why, in words.
    *(
        Shot(
            f"refusal{suffix}",
            f"?game=nine-virtues&players=4&{HUMAN_VS_COMPUTERS}&seed=7",
            0,
            lang=lang,
            press=".nv-table [data-control=kill]",
            pressed=".nv-table .pairs-message[data-kind=error]",
        )
        for lang, suffix in (("en", ""), ("ko", "-ko"))
    ),
    # The menu's records panel (records.js), with records of three games and levels.
    Shot("menu-records", "?", moves=0, menu=True, storage=sample_records()),
    Shot("menu-records-ko", "?", moves=0, lang="ko", menu=True, storage=sample_records()),
)


def chromium(playwright: Playwright) -> str:
    given = os.environ.get("PARLOUR_CHROMIUM")
    if given:
        return given
    try:
        own = str(playwright.chromium.executable_path)
    except Exception:  # no browsers downloaded
        own = ""
    if own and Path(own).is_file():
        return own
    for name in ("chromium", "chromium-browser", "google-chrome"):
        found = shutil.which(name)
        if found:
            return found
    raise SystemExit("screens: no Chromium found (set PARLOUR_CHROMIUM)")


class Tab(Protocol):
    """What ``play_to`` needs of a browser tab: a Playwright page (``PageTab``) here, the
    cross-engine drivers' tabs in tools/engine_screens.py."""

    def goto(self, url: str) -> None: ...
    def js(self, source: str, *args: Any) -> Any: ...
    def click(self, selector: str) -> None: ...


class PageTab:
    """A Playwright page as a ``Tab``: ``js`` calls a function's source with its arguments."""

    def __init__(self, page: Page) -> None:
        self.page = page

    def goto(self, url: str) -> None:
        self.page.goto(url)

    def js(self, source: str, *args: Any) -> Any:
        return self.page.evaluate(f"(args) => ({source})(...args)", list(args))

    def click(self, selector: str) -> None:
        self.page.click(selector)


def wait_until(tab: Tab, source: str, timeout: float = 120) -> None:
    """Poll the function ``source`` in the page until it returns something truthy."""
    deadline = time.monotonic() + timeout
    while not tab.js(source):
        if time.monotonic() > deadline:
            raise TimeoutError(f"not within {timeout:.0f} s: {source}")
        time.sleep(0.05)


ENGINE_READY = "() => document.documentElement.dataset.engine === 'ready'"
NEXT = ".overlay .dialog .dialog-actions button"
"""A dialog's own button (Next round, See the result): not its first, which may be Replay."""
CONTROL = ".table [data-action]"


def play_to(tab: Tab, url: str, shot: Shot) -> None:
    """Open the shot's link and make the person's first ``shot.moves`` moves, pressing the
    table's first legal control each time (so a shot is the same in every engine)."""
    if shot.storage:
        tab.goto(f"{url}?lang={shot.lang}")
        tab.js(
            "(entries) => entries.forEach(([k, v]) => localStorage.setItem(k, v))",
            [list(pair) for pair in shot.storage],
        )
    tab.goto(f"{url}{shot.query}&lang={shot.lang}")
    wait_until(tab, ENGINE_READY)
    if shot.menu:
        return
    made = 0
    while True:
        wait_until(tab, READY)
        if tab.js("(sel) => document.querySelector(sel) !== null", NEXT):
            tab.click(NEXT)
            continue
        over = tab.js("() => document.documentElement.dataset.gameState") == "over"
        if made >= shot.moves or over:
            if shot.press:
                tab.js("(sel) => document.querySelector(sel).click()", shot.press)
                answered = f"() => document.querySelector({json.dumps(shot.pressed)}) !== null"
                wait_until(tab, answered)
                wait_until(tab, READY)
            return
        tab.js("(sel) => { window.__pressed = document.querySelector(sel); }", CONTROL)
        tab.click(CONTROL)
        wait_until(tab, "() => !window.__pressed.isConnected", timeout=60)
        made += 1


def take(page: Page, shot: Shot, width: int, out: Path) -> Path:
    """The window at ``width`` (the position stays: resizing does not redraw the game)."""
    page.set_viewport_size({"width": width, "height": HEIGHTS.get(width, 800)})
    page.evaluate("window.scrollTo(0, 0)")
    page.mouse.move(0, 0)  # no card left raised by the pointer hovering where it pressed
    page.wait_for_timeout(300)
    path = out / f"{shot.name}-{width}.png"
    page.screenshot(path=str(path), full_page=shot.menu)
    return path


@contextmanager
def served_page(
    launch_args: tuple[str, ...] = (), **context_options: Any
) -> Iterator[tuple[Page, str, list[str]]]:
    """The site built into a temporary folder and served on 127.0.0.1, and one page of a
    headless Chromium that reaches no other host: ``(page, site URL, page errors so far)``
    (``launch_args``: more of Chromium's arguments). Shared by this script and the other
    *_screens.py tools."""
    errors: list[str] = []
    with tempfile.TemporaryDirectory() as tmp:
        site = build_site(Path(tmp) / "dist")
        server = site_server(site, 0)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        url = f"http://127.0.0.1:{server.server_address[1]}/"
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(
                    executable_path=chromium(playwright), args=[HOST_RULES, *launch_args]
                )
                context = browser.new_context(
                    service_workers="block", device_scale_factor=1, **context_options
                )
                page = context.new_page()
                page.on("pageerror", lambda error: errors.append(str(error)))
                yield page, url, errors
                browser.close()
        finally:
            server.shutdown()
            server.server_close()


def report(tool: str, path: Path) -> None:
    """Print where a screenshot went (relative to the repository when inside it)."""
    print(f"{tool}: {path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}")


def failed(tool: str, errors: list[str]) -> int:
    """1 (and the page's errors on stderr) when the page reported any, else 0."""
    if errors:
        print(f"{tool}: the page reported errors:\n" + "\n".join(errors), file=sys.stderr)
        return 1
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=OUT, help="folder for the PNGs")
    parser.add_argument("--only", default="", help="only shots whose name contains this")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    with served_page() as (page, url, errors):
        for shot in SHOTS:
            if args.only not in shot.name:
                continue
            play_to(PageTab(page), url, shot)
            for width in shot.widths:
                report("screens", take(page, shot, width, args.out))
    return failed("screens", errors)


if __name__ == "__main__":
    sys.exit(main())
