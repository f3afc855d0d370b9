"""Screenshots in Safari's engine (WebKitGTK) or Firefox: tools/screens.py's shots, at the
phone and laptop widths, for looking at the layout in every engine we test.

    python3 tools/engine_screens.py                        # WebKit, every shot, 360/390/1280
    python3 tools/engine_screens.py --engine firefox --only quodlibet
    python3 tools/engine_screens.py --widths 390 --out /tmp/s

The site is built into a temporary folder and served on 127.0.0.1 through the cross-engine
suite's servers and drivers (tests/engines: the same browsers, the same error hook, the same
trap for requests that leave 127.0.0.1), so a shot is what that suite's pages show. WebKit
runs full screen on an Xvfb display of each width's size (MiniBrowser keeps a window at least
447 px wide otherwise). The person's first moves are made by pressing the table's first legal
control, as tools/screens.py does, so a shot is the same in every engine. A menu shot is the
window only (WebDriver has no whole-page screenshot). Exits 1 if a page reported a problem.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the repository root: sitebuild

import screens

from sitebuild.assemble import build_site
from sitebuild.server import site_server

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "engines"))

import drivers  # noqa: E402  (tests/engines, put on the path above)
import servers  # noqa: E402

HEIGHTS = {**screens.HEIGHTS, 390: 844}
"""A small phone, an iPhone's 390x844, a laptop."""


@contextmanager
def served_front() -> Iterator[tuple[str, int]]:
    """The built site behind the suite's Front (error hook) and Trap: ``(url, trap port)``."""
    with tempfile.TemporaryDirectory() as tmp, ExitStack() as stack:
        site = build_site(Path(tmp) / "dist")
        server = site_server(site, 0)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        stack.callback(server.server_close)
        stack.callback(server.shutdown)
        front = servers.Front(f"http://127.0.0.1:{server.server_address[1]}/")
        stack.callback(front.close)
        trap = servers.Trap()
        stack.callback(trap.close)
        yield front.url, trap.port
        if trap.seen:
            raise SystemExit("engine_screens: requests left 127.0.0.1:\n" + "\n".join(trap.seen))


def take(tab: drivers.Tab, shot: screens.Shot, path: Path) -> list[str]:
    """The window as a PNG at ``path``; the problems the page reported."""
    tab.js("() => window.scrollTo(0, 0)")
    time.sleep(0.3)
    tab.screenshot(str(path))
    return drivers.problems(tab)


def firefox(trap_port: int) -> Iterator[Any]:
    executable = drivers.find_firefox()
    if executable is None:
        raise SystemExit("engine_screens: no Firefox (Debian: apt-get install firefox-esr)")
    browser = drivers.Firefox(executable, trap_port)
    try:
        yield browser
    finally:
        browser.close()


def webkit(trap_port: int, width: int) -> Iterator[Any]:
    webkit = drivers.find_webkit()
    if webkit is None:
        raise SystemExit("engine_screens: no WebKitWebDriver (apt-get install webkit2gtk-driver)")
    with drivers.xvfb(f"{width}x{HEIGHTS.get(width, 800)}x24") as display:
        browser = drivers.WebKit(*webkit, display, trap_port)
        yield browser
        browser.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--engine", choices=("webkit", "firefox"), default="webkit")
    parser.add_argument("--widths", default="360,390,1280", help="comma-separated widths")
    parser.add_argument("--out", type=Path, help="folder (default: a temporary one)")
    parser.add_argument("--only", default="", help="only shots whose name contains this")
    args = parser.parse_args(argv)
    widths = [int(w) for w in args.widths.split(",")]
    out: Path = args.out or Path(tempfile.mkdtemp(prefix=f"parlour-{args.engine}-"))
    out.mkdir(parents=True, exist_ok=True)
    shots = [shot for shot in screens.SHOTS if args.only in shot.name]
    found: list[str] = []
    with served_front() as (url, trap_port):
        for width in widths:
            # One browser for each width (WebKit's display is the window).
            one = firefox(trap_port) if args.engine == "firefox" else webkit(trap_port, width)
            for browser in one:
                print(f"engine_screens: {args.engine} {browser.version} at {width} px")
                for shot in shots:
                    tab = browser.open(width, HEIGHTS.get(width, 800))
                    try:
                        screens.play_to(tab, url, shot)
                        path = out / f"{shot.name}-{args.engine}-{width}.png"
                        found += [f"{path.name}: {p}" for p in take(tab, shot, path)]
                        screens.report("engine_screens", path)
                    finally:
                        tab.close()
    return screens.failed("engine_screens", found)


if __name__ == "__main__":
    sys.exit(main())
