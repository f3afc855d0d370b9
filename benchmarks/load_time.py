"""How fast the built site gets to "ready", against the bare runtime, in the same run.

    python3 benchmarks/load_time.py [--runs 3] [--variants packages,files,loadpackage]

Method (STACK.md, "Measuring load performance honestly"): build the site once per way of
installing the engine wheel (``build.py build --engine-install``), write next to each a bare
page that boots the same vendored Pyodide on the main thread, installs the same wheel with
``loadPackage`` and calls one engine function, and serve them all from one HTTP server on
127.0.0.1. Then, alternating the pages run by run:

- cold: a fresh persistent Chromium profile, first visit (nothing cached);
- warm: the same profile, reload; for a page with a service worker (the site registers one
  once its engine is ready), only after it controls the page, as on a real return visit;
- offline: such a page again, with the network off (``set_offline``): everything comes from
  the service worker. Its ratio is to the bare page's *warm* reload (all from the HTTP
  cache), the bare runtime's best case.

Time to ready is navigation start -> ``<html data-engine="ready">`` (the bare page: its call
returned). Bytes and requests are counted by the server (uncompressed; 304s count 0 bytes).
Prints medians and ratios to the bare page; asserts nothing. Absolute seconds drift on
shared machines; the ratios are the result.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import importlib.util
import json
import shutil
import statistics
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
HOST_RULES = "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1"

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
BARE_SCRIPT = """// Baseline for benchmarks/load_time.py: same vendored Pyodide, no PyScript, no UI.
const base = new URL("./", location.href).href;
const { loadPyodide } = await import(base + "{pyodide}");
const pyodide = await loadPyodide({ indexURL: base + "{pyodide_dir}/" });
await pyodide.loadPackage(base + "{wheel}");
const count = pyodide.runPython("import engine; len(engine.GAMES)");
window.__ready = performance.now();
document.documentElement.dataset.engine = count > 0 ? "ready" : "error";
"""

READY_CLOCK = """
new MutationObserver(() => {
  if (document.documentElement.dataset.engine === "ready" && window.__ready === undefined) {
    window.__ready = performance.now();
  }
}).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-engine"] });
"""


def load_build() -> ModuleType:
    spec = importlib.util.spec_from_file_location("parlour_build", ROOT / "build.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@dataclass
class Sample:
    seconds: list[float] = field(default_factory=list)
    bytes: list[int] = field(default_factory=list)
    requests: list[int] = field(default_factory=list)


@dataclass
class Target:
    name: str
    path: str  # URL path on the benchmark server
    cold: Sample = field(default_factory=Sample)
    warm: Sample = field(default_factory=Sample)
    offline: Sample = field(default_factory=Sample)


class Counter:
    """Bytes and requests the server answered since the last ``reset``."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.bytes = 0
        self.requests = 0

    def reset(self) -> None:
        with self.lock:
            self.bytes = self.requests = 0

    def add_request(self) -> None:
        with self.lock:
            self.requests += 1

    def add_bytes(self, size: int) -> None:
        with self.lock:
            self.bytes += size


def make_server(build: ModuleType, root: Path, counter: Counter) -> Any:
    class CountingHandler(build.SiteHandler):  # type: ignore[name-defined,misc]
        def send_response(self, code: int, message: str | None = None) -> None:
            self.counted_code = code
            counter.add_request()
            super().send_response(code, message)

        def send_header(self, keyword: str, value: str) -> None:
            if keyword.lower() == "content-length" and self.counted_code == 200:
                counter.add_bytes(int(value))
            super().send_header(keyword, value)

    handler = functools.partial(CountingHandler, directory=str(root))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    server.daemon_threads = True
    server.verbose = False  # type: ignore[attr-defined]
    return server


def write_bare_page(site: Path) -> None:
    manifest = read_manifest(site)
    pyodide_dir = manifest["pyodide"].rsplit("/", 1)[0]
    script = (
        BARE_SCRIPT.replace("{pyodide}", f"{pyodide_dir}/pyodide.mjs")
        .replace("{pyodide_dir}", pyodide_dir)
        .replace("{wheel}", manifest["wheel"])
    )
    (site / "bare.html").write_text(BARE_PAGE)
    (site / "bare.mjs").write_text(script)


def read_manifest(site: Path) -> dict[str, Any]:
    text = (site / "index.html").read_text()
    start = text.index('id="parlour-build">') + len('id="parlour-build">')
    data: dict[str, Any] = json.loads(text[start : text.index("</script>", start)])
    return data


SERVICE_WORKER = "() => document.querySelector('meta[name=parlour-version]') !== null"
CONTROLLED = "() => navigator.serviceWorker.controller !== null"
Visit = tuple[float, int, int]
"""Seconds to ready, bytes and requests the server answered."""


def measure(
    playwright: Any, chromium: str, url: str, counter: Counter, timeout_ms: int
) -> tuple[Visit, Visit, Visit | None]:
    """One cold visit in a fresh profile, then a warm reload in the same profile, then (for a
    page with a service worker) an offline reload."""
    profile = Path(tempfile.mkdtemp(prefix="parlour-bench-"))
    try:
        context = playwright.chromium.launch_persistent_context(
            str(profile), executable_path=chromium, headless=True, args=[HOST_RULES]
        )
        page = context.pages[0] if context.pages else context.new_page()
        page.add_init_script(READY_CLOCK)
        results: list[Visit | None] = []
        has_worker = False
        for visit in ("cold", "warm", "offline"):
            if visit == "offline":
                if not has_worker:
                    results.append(None)
                    continue
                context.set_offline(True)
            counter.reset()
            if visit == "cold":
                page.goto(url)
            else:
                page.reload()
            # A function, not an expression: Playwright polls expressions with eval, which
            # the site's Content-Security-Policy refuses.
            page.wait_for_function("() => window.__ready !== undefined", timeout=timeout_ms)
            ready_ms: float = page.evaluate("window.__ready")
            page.wait_for_timeout(300)  # let late requests (if any) land in the count
            results.append((ready_ms / 1000, counter.bytes, counter.requests))
            if visit == "cold" and page.evaluate(SERVICE_WORKER):
                has_worker = True
                page.wait_for_function(CONTROLLED, timeout=timeout_ms)
        context.close()
    finally:
        shutil.rmtree(profile, ignore_errors=True)
    cold, warm, offline = results
    assert cold is not None and warm is not None
    return cold, warm, offline


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="visits per page (default 3)")
    parser.add_argument(
        "--variants",
        default="packages,files,loadpackage",
        help="engine install variants to build and compare (default: all three)",
    )
    parser.add_argument("--timeout", type=int, default=120, help="seconds to wait for ready")
    args = parser.parse_args(argv)

    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        print("Playwright is not installed: run python3 build.py test once (it installs it).")
        return 1
    build = load_build()
    chromium = build.find_chromium()
    if chromium is None:
        print("No Chromium found: install one or set PARLOUR_CHROMIUM.")
        return 1

    variants = [v for v in args.variants.split(",") if v]
    work = Path(tempfile.mkdtemp(prefix="parlour-load-"))
    try:
        for variant in variants:
            build.build_site(work / variant, variant)
        write_bare_page(work / variants[0])
        sizes = {
            v: sum(p.stat().st_size for p in (work / v).rglob("*") if p.is_file()) for v in variants
        }

        counter = Counter()
        server = make_server(build, work, counter)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        base = f"http://127.0.0.1:{server.server_address[1]}/"
        targets = [Target("bare Pyodide (main thread, loadPackage)", f"{variants[0]}/bare.html")]
        targets += [Target(f"site, engine by {v}", f"{v}/index.html") for v in variants]

        started = time.monotonic()
        with sync_playwright() as playwright:
            for run in range(args.runs):
                # Alternate the order run by run, so drift hits every page alike.
                order = targets if run % 2 == 0 else list(reversed(targets))
                for target in order:
                    cold, warm, offline = measure(
                        playwright, chromium, base + target.path, counter, args.timeout * 1000
                    )
                    for sample, visit in (
                        (target.cold, cold),
                        (target.warm, warm),
                        (target.offline, offline),
                    ):
                        if visit is None:
                            continue
                        seconds, size, requests = visit
                        sample.seconds.append(seconds)
                        sample.bytes.append(size)
                        sample.requests.append(requests)
                    off = f", offline {offline[0]:.2f} s" if offline else ""
                    print(
                        f"  run {run + 1}: {target.name}: cold {cold[0]:.2f} s, "
                        f"warm {warm[0]:.2f} s{off}",
                        flush=True,
                    )
        server.shutdown()
        report(targets, sizes, args.runs, time.monotonic() - started)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return 0


def report(targets: list[Target], sizes: dict[str, int], runs: int, seconds: float) -> None:
    bare = targets[0]
    bare_cold = statistics.median(bare.cold.seconds)
    bare_warm = statistics.median(bare.warm.seconds)
    print()
    print(f"Time to ready, medians of {runs} (cold: fresh profile; warm: reload), {seconds:.0f} s")
    head = ("page", "cold", "ratio", "warm", "ratio", "offline", "ratio", "cold MB", "req")
    row = "{:42} {:>7} {:>6} {:>7} {:>6} {:>7} {:>6} {:>8} {:>4} {:>8} {:>7}"
    print(row.format(*head, "warm KB", "off KB"))
    for t in targets:
        cold = statistics.median(t.cold.seconds)
        warm = statistics.median(t.warm.seconds)
        offline = statistics.median(t.offline.seconds) if t.offline.seconds else None
        cells = (
            f"{cold:6.2f}s",
            f"{cold / bare_cold:5.2f}x",
            f"{warm:6.2f}s",
            f"{warm / bare_warm:5.2f}x",
            "-" if offline is None else f"{offline:6.2f}s",
            "-" if offline is None else f"{offline / bare_warm:5.2f}x",
            f"{statistics.median(t.cold.bytes) / 1e6:.2f}",
            f"{statistics.median(t.cold.requests):.0f}",
            f"{statistics.median(t.warm.bytes) / 1e3:.1f}",
            "-" if offline is None else f"{statistics.median(t.offline.bytes) / 1e3:.1f}",
        )
        print(row.format(t.name, *cells))
    print("(offline ratio: to the bare page's warm reload, all from its HTTP cache)")
    print()
    for variant, size in sizes.items():
        print(f"built site ({variant}): {size / 1e6:.2f} MB on disk")


if __name__ == "__main__":
    sys.exit(main())
