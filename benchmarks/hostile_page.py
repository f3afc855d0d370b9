#!/usr/bin/env python3
"""Hostile text costs no time in the page: each way it enters (a link's parameters, a stored
record, a name) timed in Chromium at two sizes, against the 50 ms goal at its limit.

    python3 benchmarks/hostile_page.py [--fail-ms 50]

The site is built into a temporary folder and served on 127.0.0.1; one headless Chromium
(Playwright's own, else Debian's ``chromium``) runs tests/data/hostile_times.js on the menu:
the best of three times (ms) of each family at its two sizes (a link's at 16,000 and 63,000
characters, under MAX_LINK; the others' at 250,000 and 1,000,000). It prints each family's
two times and their ratio (4 times the text: linear is 4, quadratic 16), and exits 1 when a
time at the limit passes ``--fail-ms``. tests/browser/test_hostile_links.py checks the
growth with the same script on every run; the absolute goal lives here, where a loaded
machine cannot make a test flake.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tools")]

from sitebuild.assemble import build_site  # noqa: E402
from sitebuild.server import site_server  # noqa: E402

SCRIPT = ROOT / "tests" / "data" / "hostile_times.js"
HOST_RULES = "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--fail-ms", type=float, default=50.0, help="the goal at each limit")
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright
    from screens import chromium

    times_js = "\n".join(
        line for line in SCRIPT.read_text().splitlines() if not line.startswith("//")
    )
    with tempfile.TemporaryDirectory() as tmp:
        site = build_site(Path(tmp) / "dist")
        server = site_server(site, 0)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(
                    executable_path=chromium(playwright), args=[HOST_RULES]
                )
                page = browser.new_page()
                page.goto(f"http://127.0.0.1:{server.server_address[1]}/")
                page.locator(".menu button.start").wait_for()
                times: dict[str, list[float]] = page.evaluate(times_js)
                browser.close()
        finally:
            server.shutdown()
            server.server_close()
    print(f"load average {os.getloadavg()[0]:.1f}; best of 3, ms; ratio = limit / quarter size")
    print(f"{'family':28} {'quarter':>9} {'limit':>9} {'ratio':>6}")
    over = []
    for name, (small, large) in times.items():
        print(f"{name:28} {small:9.1f} {large:9.1f} {large / max(small, 0.1):6.1f}")
        if large > args.fail_ms:
            over.append(name)
    print(
        f"worst at the limit: {max(large for _, large in times.values()):.1f} ms"
        f" (goal {args.fail_ms:.0f} ms)"
    )
    if over:
        print(f"over the goal: {', '.join(over)}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
