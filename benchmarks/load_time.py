"""How fast the built site gets to "ready", against the stock runtime, in the same run.

    python3 benchmarks/load_time.py [--runs 3] [--variants packages-trimmed,packages-full]

Method (STACK.md, "Measuring load performance honestly"): build the site once per variant
(``<engine install>-<stdlib>``: ``build.py build --engine-install ... --stdlib ...``) and a
bare page that boots the **stock** vendored Pyodide (its own ``python_stdlib.zip`` and
``pyodide-lock.json``, straight from ``node_modules/pyodide``) on the main thread, installs
the same engine wheel with ``loadPackage`` and calls one engine function. Each is served at
the root of its own server on 127.0.0.1, ``build.py serve``'s (sitebuild/server.py: the
headers of netlify.toml, so ``vendor/`` and ``py/`` are cached for good; compressed by
Accept-Encoding as a host does, every file compressed once before the first visit, as a
host's cache holds it, so that no timed visit shares this machine's cores with the server's
brotli). Then, alternating the
pages run by run:

- cold: a fresh persistent Chromium profile, first visit (nothing cached);
- warm: the same profile, reload; for a page with a service worker (the site registers one
  once its engine is ready), only after it controls the page, as on a real return visit;
- offline: such a page again, with the network off (``set_offline``): everything comes from
  the service worker. Its ratio is to the bare page's *warm* reload.

The first variant's ``embed.html`` is measured too, from Play (``performance`` marks
``parlour:play`` to ``parlour:ready``; bytes and tasks from the click on), cold and warm.

Per visit: time to ready (navigation start -> ``<html data-engine="ready">``; the bare page:
its call returned); bytes and requests the server sent (as sent: compressed when Chromium
asked; 304s count 0 bytes) and of those the runtime's (``vendor/``); the longest main-thread
task until ready (Long Tasks API, tasks of 50 ms or more; 0 when none); first contentful
paint (the menu, painted from the inlined catalog). Prints a table per variant with medians
and ratios to the bare page and the load average; asserts nothing. Absolute seconds drift on
shared machines; the ratios are the result.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import json
import os
import shutil
import statistics
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the repository root: sitebuild

from sitebuild.assemble import build_site
from sitebuild.compress import precompress
from sitebuild.server import SiteHandler
from sitebuild.tools_install import find_chromium

ROOT = Path(__file__).resolve().parents[1]
HOST_RULES = "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1"
STOCK_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)

BARE_PAGE = """<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Bare Pyodide baseline</title>
<link rel="icon" href="data:,">
<script type="module" src="bare.mjs"></script>
</head>
<body><p>Bare Pyodide baseline</p></body>
</html>
"""

# The page's script is a file of its own: the site's Content-Security-Policy forbids inline ones.
BARE_SCRIPT = """// Baseline for benchmarks/load_time.py: stock vendored Pyodide, no PyScript or UI.
const base = new URL("./", location.href).href;
const { loadPyodide } = await import(base + "vendor/pyodide-stock/pyodide.mjs");
const pyodide = await loadPyodide({ indexURL: base + "vendor/pyodide-stock/" });
await pyodide.loadPackage(base + "{wheel}");
const count = pyodide.runPython("import engine; len(engine.GAMES)");
window.__ready = performance.now();
document.documentElement.dataset.engine = count > 0 ? "ready" : "error";
"""

# Ready time, the longest task (Long Tasks API) and first contentful paint, from the page.
PAGE_CLOCK = """
window.__tasks = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) window.__tasks.push([e.startTime, e.duration]);
}).observe({ type: "longtask", buffered: true });
new MutationObserver(() => {
  if (document.documentElement.dataset.engine === "ready" && window.__ready === undefined) {
    window.__ready = performance.now();
  }
}).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-engine"] });
"""
FIGURES = """(from) => {
  const until = window.__ready;
  const tasks = window.__tasks.filter(([start, d]) => start + d >= from && start <= until);
  const paint = performance.getEntriesByName("first-contentful-paint")[0];
  return {
    ready: until - from,
    longest: Math.max(0, ...tasks.map(([, d]) => d)),
    paint: paint ? paint.startTime : null,
  };
}"""


@dataclass
class Sample:
    seconds: list[float] = field(default_factory=list)
    bytes: list[int] = field(default_factory=list)
    runtime_bytes: list[int] = field(default_factory=list)
    requests: list[int] = field(default_factory=list)
    longest_ms: list[float] = field(default_factory=list)
    paint_ms: list[float] = field(default_factory=list)


@dataclass
class Target:
    name: str
    root: Path
    path: str  # URL path on its server
    embed: bool = False
    counter: Counter | None = None
    url: str = ""
    cold: Sample = field(default_factory=Sample)
    warm: Sample = field(default_factory=Sample)
    offline: Sample = field(default_factory=Sample)


class Counter:
    """Bytes and requests the server answered since the last ``reset``."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.bytes = self.runtime_bytes = self.requests = 0
        self.encodings: set[str] = set()

    def reset(self) -> None:
        with self.lock:
            self.bytes = self.runtime_bytes = self.requests = 0

    def add_request(self) -> None:
        with self.lock:
            self.requests += 1

    def add_bytes(self, size: int, runtime: bool) -> None:
        with self.lock:
            self.bytes += size
            if runtime:
                self.runtime_bytes += size


def make_server(root: Path, counter: Counter) -> Any:
    class CountingHandler(SiteHandler):
        def send_response(self, code: int, message: str | None = None) -> None:
            self.counted_code = code
            counter.add_request()
            super().send_response(code, message)

        def send_header(self, keyword: str, value: str) -> None:
            if keyword.lower() == "content-length" and self.counted_code == 200:
                counter.add_bytes(int(value), self.path.startswith("/vendor/"))
            if keyword.lower() == "content-encoding":
                counter.encodings.add(value)
            super().send_header(keyword, value)

    handler = functools.partial(CountingHandler, directory=str(root))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    server.daemon_threads = True
    server.verbose = False  # type: ignore[attr-defined]
    return server


def write_bare_page(site: Path, folder: Path) -> None:
    """The bare page in ``folder``: the stock Pyodide files, and the site's engine wheel."""
    manifest = read_manifest(site)
    stock = ROOT / "node_modules" / "pyodide"
    for name in STOCK_FILES:
        (folder / "vendor" / "pyodide-stock").mkdir(parents=True, exist_ok=True)
        shutil.copyfile(stock / name, folder / "vendor" / "pyodide-stock" / name)
    wheel = folder / manifest["wheel"]
    wheel.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(site / manifest["wheel"], wheel)
    (folder / "index.html").write_text(BARE_PAGE)
    (folder / "bare.mjs").write_text(BARE_SCRIPT.replace("{wheel}", manifest["wheel"]))


def read_manifest(site: Path) -> dict[str, Any]:
    text = (site / "index.html").read_text()
    start = text.index('id="parlour-build">') + len('id="parlour-build">')
    data: dict[str, Any] = json.loads(text[start : text.index("</script>", start)])
    return data


SERVICE_WORKER = "() => document.querySelector('meta[name=parlour-version]') !== null"
CONTROLLED = "() => navigator.serviceWorker.controller !== null"
PLAYED = "() => performance.getEntriesByName('parlour:play').length > 0"
Visit = dict[str, Any]
"""``seconds``, ``bytes``, ``runtime_bytes``, ``requests``, ``longest_ms``, ``paint_ms``."""


def visit_once(page: Any, target: Target, timeout_ms: int, reload: bool) -> Visit:
    counter = target.counter
    assert counter is not None
    page.goto(target.url + target.path) if not reload else page.reload()
    start = 0.0
    if target.embed:
        page.wait_for_selector("button.play", timeout=timeout_ms)
        counter.reset()  # the cover is not the runtime: count from Play
        page.click("button.play")
        page.wait_for_function(PLAYED, timeout=timeout_ms)
        start = page.evaluate("performance.getEntriesByName('parlour:play')[0].startTime")
    # A function, not an expression: Playwright polls expressions with eval, which the
    # site's Content-Security-Policy refuses.
    page.wait_for_function("() => window.__ready !== undefined", timeout=timeout_ms)
    figures: dict[str, Any] = page.evaluate(FIGURES, start)
    page.wait_for_timeout(300)  # let late requests (if any) land in the count
    return {
        "seconds": figures["ready"] / 1000,
        "bytes": counter.bytes,
        "runtime_bytes": counter.runtime_bytes,
        "requests": counter.requests,
        "longest_ms": figures["longest"],
        "paint_ms": figures["paint"],
    }


def measure(playwright: Any, chromium: str, target: Target, timeout_ms: int) -> list[Visit | None]:
    """One cold visit in a fresh profile, then a warm reload in the same profile, then (for a
    page with a service worker, not the embed) an offline reload."""
    profile = Path(tempfile.mkdtemp(prefix="parlour-bench-"))
    assert target.counter is not None
    try:
        context = playwright.chromium.launch_persistent_context(
            str(profile), executable_path=chromium, headless=True, args=[HOST_RULES]
        )
        page = context.pages[0] if context.pages else context.new_page()
        page.add_init_script(PAGE_CLOCK)
        results: list[Visit | None] = []
        has_worker = False
        for visit in ("cold", "warm", "offline"):
            if visit == "offline":
                if not has_worker or target.embed:
                    results.append(None)
                    continue
                context.set_offline(True)
            target.counter.reset()
            results.append(visit_once(page, target, timeout_ms, reload=visit != "cold"))
            if visit == "cold" and page.evaluate(SERVICE_WORKER):
                has_worker = True
                page.wait_for_function(CONTROLLED, timeout=timeout_ms)
        context.close()
    finally:
        shutil.rmtree(profile, ignore_errors=True)
    return results


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="visits per page (default 3)")
    parser.add_argument(
        "--variants",
        default="packages-trimmed",
        help="<engine install>-<stdlib> builds to compare, e.g. packages-trimmed,packages-full,"
        " files-trimmed (default: packages-trimmed, what the site ships)",
    )
    parser.add_argument("--timeout", type=int, default=120, help="seconds to wait for ready")
    args = parser.parse_args(argv)

    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        print("Playwright is not installed: run python3 build.py test once (it installs it).")
        return 1
    chromium = find_chromium()
    if chromium is None:
        print("No Chromium found: install one or set PARLOUR_CHROMIUM.")
        return 1

    variants = [v for v in args.variants.split(",") if v]
    work = Path(tempfile.mkdtemp(prefix="parlour-load-"))
    servers = []
    try:
        targets = []
        for variant in variants:
            install, _, stdlib = variant.partition("-")
            build_site(work / variant, install, stdlib=stdlib or "trimmed")
        write_bare_page(work / variants[0], work / "bare")
        targets.append(Target("bare stock Pyodide (main thread)", work / "bare", "index.html"))
        targets += [Target(f"site, {v}", work / v, "index.html") for v in variants]
        targets.append(
            Target(f"embed.html after Play, {variants[0]}", work / variants[0],
                   "embed.html?game=to-the-moon", embed=True)
        )  # fmt: skip
        for target in targets:
            target.counter = Counter()
            server = make_server(target.root, target.counter)
            threading.Thread(target=server.serve_forever, daemon=True).start()
            servers.append(server)
            target.url = f"http://127.0.0.1:{server.server_address[1]}/"

        # The local server compresses each file once, as a host's cache does; done here, before
        # any visit, so that no timed visit shares the cores with brotli.
        for root in sorted({target.root for target in targets}):
            precompress(root)
        load_before = os.getloadavg()
        started = time.monotonic()
        with sync_playwright() as playwright:
            for run in range(args.runs):
                # Alternate the order run by run, so drift hits every page alike.
                order = targets if run % 2 == 0 else list(reversed(targets))
                for target in order:
                    visits = measure(playwright, chromium, target, args.timeout * 1000)
                    for sample, visit in zip(
                        (target.cold, target.warm, target.offline), visits, strict=True
                    ):
                        if visit is None:
                            continue
                        for name in ("seconds", "bytes", "runtime_bytes", "requests"):
                            getattr(sample, name).append(visit[name])
                        sample.longest_ms.append(visit["longest_ms"])
                        if visit["paint_ms"] is not None:
                            sample.paint_ms.append(visit["paint_ms"])
                    cold, warm, offline = visits
                    assert cold is not None and warm is not None
                    off = f", offline {offline['seconds']:.2f} s" if offline else ""
                    print(
                        f"  run {run + 1}: {target.name}: cold {cold['seconds']:.2f} s, "
                        f"warm {warm['seconds']:.2f} s{off}",
                        flush=True,
                    )
        encodings = sorted(set().union(*(t.counter.encodings for t in targets if t.counter)))
        report(targets, args.runs, time.monotonic() - started, load_before, encodings)
    finally:
        for server in servers:
            server.shutdown()
        shutil.rmtree(work, ignore_errors=True)
    return 0


def _median(values: list[float]) -> float | None:
    return statistics.median(values) if values else None


def report(
    targets: list[Target],
    runs: int,
    seconds: float,
    load_before: tuple[float, float, float],
    encodings: list[str],
) -> None:
    bare = targets[0]
    bare_cold = statistics.median(bare.cold.seconds)
    bare_warm = statistics.median(bare.warm.seconds)
    load_after = os.getloadavg()
    print()
    print(
        f"Medians of {runs} runs in {seconds:.0f} s; load average {load_before[0]:.1f} before, "
        f"{load_after[0]:.1f} after (2 cores); served encodings: {', '.join(encodings) or 'none'}"
    )
    print("Ratios are to the bare stock page (offline: to its warm reload).")
    for t in targets:
        print()
        print(t.name)
        row = "  {:8} {:>8} {:>6} {:>9} {:>10} {:>5} {:>11} {:>10}"
        print(row.format("visit", "ready", "ratio", "bytes", "runtime", "req", "longest", "paint"))
        for visit, sample, base in (
            ("cold", t.cold, bare_cold),
            ("warm", t.warm, bare_warm),
            ("offline", t.offline, bare_warm),
        ):
            if not sample.seconds:
                continue
            ready = statistics.median(sample.seconds)
            paint = _median(sample.paint_ms)
            print(
                row.format(
                    visit,
                    f"{ready:.2f} s",
                    f"{ready / base:.2f}x",
                    f"{statistics.median(sample.bytes) / 1e6:.2f} MB",
                    f"{statistics.median(sample.runtime_bytes) / 1e3:.1f} KB",
                    f"{statistics.median(sample.requests):.0f}",
                    f"{statistics.median(sample.longest_ms):.0f}/{max(sample.longest_ms):.0f} ms",
                    "-" if paint is None else f"{paint:.0f} ms",
                )
            )
    print()
    print("bytes: as sent (compressed when asked); runtime: of those, vendor/ files;")
    print(
        "longest: the longest main-thread task until ready, median/worst run (0: none of 50+ ms);"
    )
    print("paint: first contentful paint (the embed: its cover's).")


if __name__ == "__main__":
    sys.exit(main())
