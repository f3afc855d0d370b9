"""Cold time to ready in Chromium, Firefox and WebKit, each against a bare stock Pyodide page
in the same engine and the same run (issue 25; docs/TESTING.md, "Load time by engine").

    python3 benchmarks/browsers_load_time.py [--runs 5] [--engines chromium,firefox,webkit]

The site is built once (``build.py build``: what ships) and served by ``build.py serve``'s own
server (netlify.toml's headers, compressed as a host does, every file compressed before the
first visit); beside it, on a server of its own, the bare page of benchmarks/load_time.py: the
stock vendored Pyodide (its own stdlib and lock, from ``node_modules/pyodide``) on the main
thread, the same engine wheel by ``loadPackage``, one engine call.

Each visit is a first visit in a fresh profile (Chromium: a new Playwright context; Firefox:
a new browser context of one puppeteer-driven Firefox, its own storage and HTTP cache;
WebKit: a new WebKitWebDriver session, whose MiniBrowser profile is ephemeral), at 390x844.
The pages alternate, run by run. Time to ready is read in the page, from navigation start:
the site's ``performance.mark("parlour:ready")`` (app.js marks it when the engine is
ready), the bare page's ``window.__ready``. It prints the median and the spread per page and
engine, the ratio site / bare per engine, and the load average; it asserts nothing.
Absolute seconds drift on shared machines (and WebKit runs under Xvfb, with no GPU): the
ratios, each within one engine, are the result.

The drivers are the cross-engine suite's own (tests/engines/drivers.py); Firefox and WebKit's
tools come with ``build.py test`` (firefox-esr, webkit2gtk-driver, xvfb, puppeteer-core,
selenium).
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "benchmarks"), str(ROOT / "tests" / "engines")]

import drivers  # noqa: E402  (tests/engines: the cross-engine suite's drivers and servers)
import load_time  # noqa: E402
import servers as engine_servers  # noqa: E402

from sitebuild.assemble import build_site  # noqa: E402
from sitebuild.compress import precompress  # noqa: E402
from sitebuild.server import site_server  # noqa: E402
from sitebuild.tools_install import find_chromium  # noqa: E402

ENGINES = ("chromium", "firefox", "webkit")
SITE_READY = """() => {
  const mark = performance.getEntriesByName("parlour:ready")[0];
  return mark ? mark.startTime : null;
}"""
BARE_READY = "() => (window.__ready === undefined ? null : window.__ready)"


def serve(root: Path) -> tuple[Any, str]:
    server = site_server(root, 0)
    # A browser closed mid-response (each visit ends its profile) is no news here.
    server.handle_error = lambda request, address: None
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


def poll(read: Callable[[], Any], timeout: float) -> Any:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = read()
        if value is not None:
            return value
        time.sleep(0.05)
    raise TimeoutError(f"not ready within {timeout:.0f} s")


# --- one visit per engine ----------------------------------------------------------------------


class ChromiumVisits:
    """A fresh Playwright context per visit (nothing cached, nothing stored)."""

    def __init__(self, executable: str) -> None:
        from playwright.sync_api import sync_playwright

        self.playwright = sync_playwright().start()
        rules = "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1"
        self.browser = self.playwright.chromium.launch(executable_path=executable, args=[rules])
        self.version = self.browser.version

    def visit(self, url: str, ready: str, timeout: float) -> float:
        context = self.browser.new_context(viewport={"width": 390, "height": 844})
        try:
            page = context.new_page()
            page.goto(url)
            return float(poll(lambda: page.evaluate(ready), timeout))
        finally:
            context.close()

    def close(self) -> None:
        self.browser.close()
        self.playwright.stop()


class DriverVisits:
    """Firefox or WebKit through the cross-engine suite's drivers: a fresh profile a visit."""

    def __init__(self, browser: Any) -> None:
        self.browser = browser
        self.version = browser.version

    def visit(self, url: str, ready: str, timeout: float) -> float:
        tab = self.browser.open()
        try:
            tab.goto(url)
            return float(poll(lambda: tab.js(ready), timeout))
        finally:
            tab.close()

    def close(self) -> None:
        self.browser.close()


@contextmanager
def visits(engine: str, trap_port: int) -> Iterator[Any]:
    """The engine's visitor (WebKit on an Xvfb display of its own), closed on leaving."""
    with ExitStack() as stack:
        if engine == "chromium":
            executable = find_chromium()
            if executable is None:
                raise RuntimeError("no Chromium (build.py test installs one)")
            runner: Any = ChromiumVisits(executable)
        elif engine == "firefox":
            executable = drivers.find_firefox()
            if executable is None:
                raise RuntimeError("no Firefox (build.py test installs firefox-esr)")
            runner = DriverVisits(drivers.Firefox(executable, trap_port))
        else:
            webkit = drivers.find_webkit()
            if webkit is None:
                raise RuntimeError("no WebKitWebDriver (build.py test installs webkit2gtk-driver)")
            display = stack.enter_context(drivers.xvfb())
            runner = DriverVisits(drivers.WebKit(*webkit, display, trap_port))
        stack.callback(runner.close)
        yield runner


# --- the run ------------------------------------------------------------------------------------


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="cold visits per page (default 5)")
    parser.add_argument("--engines", default=",".join(ENGINES), help="which engines (default all)")
    parser.add_argument("--timeout", type=float, default=120, help="seconds to wait for ready")
    args = parser.parse_args(argv)
    engines = [e for e in args.engines.split(",") if e]
    unknown = sorted(set(engines) - set(ENGINES))
    if unknown:
        parser.error(f"unknown engines: {', '.join(unknown)}")

    work = Path(tempfile.mkdtemp(prefix="parlour-browsers-"))
    servers: list[Any] = []
    trap = engine_servers.Trap()
    results: dict[str, dict[str, list[float]]] = {}
    versions: dict[str, str] = {}
    try:
        site = build_site(work / "site")
        load_time.write_bare_page(site, work / "bare")
        pages: dict[str, tuple[str, str]] = {}
        for name, root, ready in (("bare", work / "bare", BARE_READY), ("site", site, SITE_READY)):
            precompress(root)
            server, url = serve(root)
            servers.append(server)
            pages[name] = (url + "index.html" if name == "bare" else url, ready)
        load_before = os.getloadavg()
        started = time.monotonic()
        for engine in engines:
            results[engine] = {"bare": [], "site": []}
            with visits(engine, trap.port) as runner:
                versions[engine] = runner.version
                for run in range(args.runs):
                    order = ("bare", "site") if run % 2 == 0 else ("site", "bare")
                    for name in order:
                        url, ready = pages[name]
                        ms = runner.visit(url, ready, args.timeout)
                        results[engine][name].append(ms / 1000)
                        print(f"  {engine} run {run + 1}: {name} {ms / 1000:.2f} s", flush=True)
        report(results, versions, args.runs, time.monotonic() - started, load_before)
        if trap.seen:
            print(f"\nRequests that left 127.0.0.1 (refused): {sorted(set(trap.seen))}")
    finally:
        for server in servers:
            server.shutdown()
        trap.close()
        shutil.rmtree(work, ignore_errors=True)
    return 0


def report(
    results: dict[str, dict[str, list[float]]],
    versions: dict[str, str],
    runs: int,
    seconds: float,
    load_before: tuple[float, float, float],
) -> None:
    load_after = os.getloadavg()
    print()
    print(
        f"Cold time to ready, medians of {runs} fresh profiles each, in {seconds:.0f} s; load "
        f"average {load_before[0]:.1f} before, {load_after[0]:.1f} after (2 cores)."
    )
    row = "{:9} {:24} {:>18} {:>18} {:>7}"
    print(row.format("engine", "version", "bare stock Pyodide", "Parlour", "ratio"))
    for engine, pages in results.items():
        bare, site = statistics.median(pages["bare"]), statistics.median(pages["site"])

        def spread(values: list[float], median: float) -> str:
            return f"{median:.2f} s ({min(values):.2f}-{max(values):.2f})"

        print(
            row.format(
                engine,
                versions[engine][:24],
                spread(pages["bare"], bare),
                spread(pages["site"], site),
                f"{site / bare:.2f}x",
            )
        )
    print("bare: stock Pyodide on the main thread, the engine wheel, one call; Parlour: the")
    print("built site until its engine is ready in the worker (the menu paints long before).")


if __name__ == "__main__":
    sys.exit(main())
