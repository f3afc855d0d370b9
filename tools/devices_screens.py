"""Screenshots of a game on several devices: the host's lobby with a join link, the guest's
join screen with its answer code, and both tables with the bar that says who is connected.

    python3 tools/devices_screens.py              # every shot into docs/screens/
    python3 tools/devices_screens.py --out /tmp/s

Like tools/screens.py it builds the site into a temporary folder and serves it on 127.0.0.1;
the host and the guest are two contexts of one headless Chromium (two phones), connected
the way people connect them: the join link opened on the guest, its answer code pasted on
the host. Host candidates are plain addresses (``--disable-features=WebRtcHideLocalIpsWithMdns``),
as in tests/browser/test_devices.py: every other host, mDNS names included, is unresolvable.
Each shot is ``devices-<part>-<lang>-<width>.png``.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from playwright.sync_api import Page
from screens import HEIGHTS, OUT, WIDTHS, failed, report, served_page

PLAIN_ADDRESSES = "--disable-features=WebRtcHideLocalIpsWithMdns"
LINK = "?game=nine-virtues&players=3&seats=human,remote,bot&level=easy&seed=11"
GUEST = 1
SHOTS: tuple[tuple[str, tuple[int, ...]], ...] = (("en", WIDTHS), ("ko", (360,)))
"""Each language and the widths shot in it."""


def shoot(page: Page, name: str, lang: str, widths: tuple[int, ...], out: Path) -> None:
    for width in widths:
        page.set_viewport_size({"width": width, "height": HEIGHTS[width]})
        page.evaluate("window.scrollTo(0, 0)")
        page.wait_for_timeout(300)
        path = out / f"devices-{name}-{lang}-{width}.png"
        page.screenshot(path=str(path))
        report("devices_screens", path)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=OUT, help="folder for the PNGs")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    with served_page((PLAIN_ADDRESSES,)) as (host, url, errors):
        browser = host.context.browser
        assert browser is not None
        for lang, widths in SHOTS:
            host.set_viewport_size({"width": widths[0], "height": HEIGHTS[widths[0]]})
            host.goto(f"{url}{LINK}&lang={lang}")
            link = host.locator(f"[data-join-link][data-seat='{GUEST}']")
            link.wait_for(state="visible", timeout=60_000)
            host.locator(".qr-code").first.wait_for(state="visible")
            shoot(host, "lobby", lang, widths, args.out)
            context = browser.new_context(service_workers="block", device_scale_factor=1)
            guest = context.new_page()
            guest.on("pageerror", lambda error: errors.append(str(error)))
            guest.set_viewport_size({"width": widths[0], "height": HEIGHTS[widths[0]]})
            guest.goto(link.inner_text())
            answer = guest.locator("[data-answer-code]")
            answer.wait_for(state="visible", timeout=60_000)
            shoot(guest, "join", lang, widths, args.out)
            host.fill(f"[data-answer-input][data-seat='{GUEST}']", answer.inner_text())
            host.click(f"[data-control=net-connect][data-seat='{GUEST}']")
            for page in (host, guest):
                page.wait_for_selector("html[data-connection=connected]", timeout=30_000)
                page.wait_for_selector("html[data-game-state=playing]", timeout=60_000)
            # A person's turn, the host's (seat 0) or the guest's, on one of the two tables.
            turn = ", ".join(f".table[data-awaiting='{seat}'] [data-action]" for seat in (0, GUEST))
            for _ in range(600):
                if host.locator(turn).count() or guest.locator(turn).count():
                    break
                host.wait_for_timeout(100)
            shoot(host, "host-table", lang, widths, args.out)
            shoot(guest, "guest-table", lang, widths, args.out)
            context.close()
    return failed("devices_screens", errors)


if __name__ == "__main__":
    sys.exit(main())
