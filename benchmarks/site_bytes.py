"""First-visit bytes: what the page fetches until the engine is ready, raw and compressed.

    python3 benchmarks/site_bytes.py [--brotli-quality 11] [--timeout 120] [--stdlib both]
                                     [--files]

Builds the site into a temporary folder (by default twice: with the trimmed stdlib the site
ships and with Pyodide's stock one, ``build.py build --stdlib full``, for the ratio), serves
it with ``build.py serve``'s handler (sitebuild/server.py: the headers of netlify.toml) on
127.0.0.1 and opens it once in a fresh headless Chromium with service workers blocked (the
service worker registers after ready and would only add its own precache fetches). The
server records every file it sends, from the page and its worker, until
``<html data-engine="ready">``. Each of those
files is then compressed here: gzip at level 9 and brotli (quality 11 unless told; the PyPI
``brotli`` package, pip-installed on demand into ``.cache/site-bytes/``, else Node's
built-in zlib, else skipped with a note).
Also printed: the same for everything sw.js precaches (a full offline install), and for
``embed.html?game=to-the-moon`` opened the same way, its cover shown, then Play pressed,
until ready (issue 13 asks the embed's figures after Play too); ``--files`` lists each
first-visit file with its raw and brotli sizes.

Each file is compressed here whatever the server sent (``build.py serve`` compresses as a
host does, docs/RUNTIME.md "Compression"; Netlify's levels are not documented, and on-the-fly
levels are lighter than 9 / 11, so the compressed columns are a best case). Prints tables per
file type, totals and the first visit's brotli total against the stock runtime's and against
issue 13's baseline (5.82 MB); asserts nothing.
"""

from __future__ import annotations

import argparse
import functools
import gzip
import hashlib
import http.server
import importlib
import importlib.util
import json
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the repository root: sitebuild

from sitebuild.assemble import build_site
from sitebuild.server import SiteHandler
from sitebuild.tools_install import find_chromium

ROOT = Path(__file__).resolve().parents[1]
HOST_RULES = "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1"
BROTLI_TARGET = ROOT / ".cache" / "site-bytes"
KINDS = (
    (".wasm", "WebAssembly"),
    (".zip", "stdlib zip"),
    (".whl", "wheels"),
    (".mjs", "JavaScript"),
    (".js", "JavaScript"),
    (".json", "JSON"),
    (".webmanifest", "JSON"),
    (".html", "HTML"),
    (".css", "CSS"),
    (".py", "Python"),
    (".svg", "images"),
    (".png", "images"),
)

Compress = Callable[[bytes], int]
BASELINE = 5.82e6
"""First-visit brotli bytes before issue 13 (stock stdlib, full lock), from the issue."""


def kind_of(path: str) -> str:
    for suffix, kind in KINDS:
        if path.endswith(suffix):
            return kind
    return "HTML" if path.endswith("/") else "other"


def gzip_size(data: bytes) -> int:
    return len(gzip.compress(data, compresslevel=9, mtime=0))


def find_brotli(quality: int) -> tuple[Compress | None, str]:
    """A brotli size function and where it comes from (or None and why not)."""
    try:
        brotli: Any = importlib.import_module("brotli")
    except ImportError:
        brotli = None
    if brotli is None:
        cmd = [sys.executable, "-m", "pip", "install", "-q", "--target", str(BROTLI_TARGET)]
        if not (BROTLI_TARGET / "brotli.py").is_file():
            print("installing the brotli package into .cache/site-bytes/ (once) ...", flush=True)
            subprocess.run([*cmd, "brotli"], check=False)
        sys.path.insert(0, str(BROTLI_TARGET))
        try:
            brotli = importlib.import_module("brotli")
        except ImportError:
            brotli = None
    if brotli is not None:
        return (lambda data: len(brotli.compress(data, quality=quality))), "PyPI brotli"
    node = shutil.which("node")
    if node is not None:
        return functools.partial(node_brotli_size, node, quality), "Node's zlib"
    return None, "no brotli package and no Node: brotli skipped"


NODE_BROTLI = """
const zlib = require("zlib");
const chunks = [];
process.stdin.on("data", (c) => chunks.push(c));
process.stdin.on("end", () => {
  const out = zlib.brotliCompressSync(Buffer.concat(chunks), { params: {
    [zlib.constants.BROTLI_PARAM_QUALITY]: Number(process.argv[1]),
    [zlib.constants.BROTLI_PARAM_SIZE_HINT]: chunks.reduce((n, c) => n + c.length, 0),
  } });
  process.stdout.write(String(out.length));
});
"""


def node_brotli_size(node: str, quality: int, data: bytes) -> int:
    cmd = [node, "-e", NODE_BROTLI, str(quality)]
    out = subprocess.run(cmd, input=data, capture_output=True, check=True)
    return int(out.stdout)


class QuietServer(http.server.ThreadingHTTPServer):
    """Says nothing of a transfer the browser cut short (it closes at ready, maybe while the
    service worker is precaching); other errors are printed as usual."""

    def handle_error(self, request: Any, client_address: Any) -> None:
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


def record_first_visit(
    site: Path, timeout_s: float, page_path: str = "", play: bool = False
) -> tuple[list[str], int]:
    """The paths the page and its worker requested (once each, in order) until the engine
    was ready, and how many of them came before Play (``play``: the embed's cover, then its
    Play button pressed; else 0). Requests of the service worker, which registers after
    ready, are not the page's (Playwright reports them on the context), and the list closes
    at ready."""
    from playwright.sync_api import Request, sync_playwright

    handler = functools.partial(SiteHandler, directory=str(site))
    server = QuietServer(("127.0.0.1", 0), handler)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    chromium = find_chromium()
    if chromium is None:
        raise SystemExit("No Chromium found: install one or set PARLOUR_CHROMIUM.")
    requested: list[str] = []
    ready = False
    cover = 0

    def on_request(request: Request) -> None:
        if not ready and request.url.startswith(url):
            requested.append(urllib.parse.unquote(urllib.parse.urlsplit(request.url).path))

    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=chromium, args=[HOST_RULES])
            page = browser.new_page(service_workers="block")
            page.on("request", on_request)
            started = time.monotonic()
            page.goto(url + page_path)
            if play:
                page.wait_for_selector("button.play", timeout=timeout_s * 1000)
                page.wait_for_load_state("networkidle")
                cover = len(dict.fromkeys(requested))
                page.click("button.play")
            page.wait_for_function(
                # A function: Playwright polls a bare expression with eval, which CSP refuses.
                "() => ['ready', 'error'].includes(document.documentElement.dataset.engine)",
                timeout=timeout_s * 1000,
            )
            ready = True
            state = page.evaluate("document.documentElement.dataset.engine")
            if state != "ready":
                raise SystemExit(f"the engine did not start (data-engine={state})")
            took = time.monotonic() - started
            print(f"{page_path or 'the site'}: engine ready after {took:.1f} s (not a timing run)")
            browser.close()
    finally:
        server.shutdown()
        server.server_close()
    return list(dict.fromkeys(requested)), cover


EMBED = "embed.html?game=to-the-moon"
"""The embed measured: its cover, then Play (the same page load_time.py times)."""


def precached(site: Path) -> list[str]:
    """The files sw.js precaches (its build-written list), as URL paths."""
    for line in (site / "sw.js").read_text().splitlines():
        if line.endswith("// build:precache"):
            data = json.loads(line.split("=", 1)[1].rsplit(";", 1)[0])
            return ["/" + entry[0] for entry in data["files"]]
    return []


def file_of(site: Path, path: str) -> Path:
    name = path.lstrip("/")
    if not name or name.endswith("/"):
        name += "index.html"
    return site / name


def measure(
    site: Path, paths: Iterable[str], brotli: Compress | None, known: dict[str, list[int]]
) -> dict[str, list[int]]:
    """``{kind: [files, raw, gzip, brotli]}`` plus a ``"total"`` row (``known`` keeps each
    file's sizes by content, so a file in two tables or two builds is compressed once)."""
    rows: dict[str, list[int]] = {}
    for path in paths:
        data = file_of(site, path).read_bytes()
        key = hashlib.sha256(data).hexdigest()
        if key not in known:
            known[key] = [1, len(data), gzip_size(data), brotli(data) if brotli else 0]
        for kind in (kind_of(path), "total"):
            row = rows.setdefault(kind, [0, 0, 0, 0])
            for i, size in enumerate(known[key]):
                row[i] += size
    return rows


def table(title: str, rows: dict[str, list[int]], with_brotli: bool) -> None:
    print()
    print(title)
    head = ("type", "files", "raw KB", "gzip-9 KB", "ratio", "brotli KB", "ratio")
    line = "{:13} {:>5} {:>10} {:>10} {:>6} {:>10} {:>6}"
    print(line.format(*head))
    order = sorted((k for k in rows if k != "total"), key=lambda k: -rows[k][1])
    for kind in [*order, "total"]:
        files, raw, gz, br = rows[kind]
        cells = [
            str(files),
            f"{raw / 1e3:,.1f}",
            f"{gz / 1e3:,.1f}",
            f"{gz / raw:.2f}",
            f"{br / 1e3:,.1f}" if with_brotli else "-",
            f"{br / raw:.2f}" if with_brotli else "-",
        ]
        if kind == "total":
            print("-" * 66)
        print(line.format(kind, *cells))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--brotli-quality", type=int, default=11, help="0-11 (default 11)")
    parser.add_argument("--timeout", type=float, default=120, help="seconds to wait for ready")
    parser.add_argument(
        "--stdlib",
        choices=("both", "trimmed", "full"),
        default="both",
        help="which build's stdlib (default both: the site's and the stock one, for the ratio)",
    )
    parser.add_argument(
        "--files", action="store_true", help="list each first-visit file with its sizes"
    )
    args = parser.parse_args(argv)
    try:
        import playwright  # noqa: F401
    except ImportError:
        print("Playwright is not installed: run python3 build.py test once (it installs it).")
        return 1

    brotli, brotli_from = find_brotli(args.brotli_quality)
    stdlibs = ["trimmed", "full"] if args.stdlib == "both" else [args.stdlib]
    work = Path(tempfile.mkdtemp(prefix="parlour-bytes-"))
    known: dict[str, list[int]] = {}
    results: dict[str, tuple[list[str], dict[str, list[int]], dict[str, list[int]]]] = {}
    embeds: dict[str, tuple[list[str], int, dict[str, list[int]]]] = {}
    site_dirs: dict[str, Path] = {}
    started = time.monotonic()
    try:
        for stdlib in stdlibs:
            site = build_site(work / stdlib, stdlib=stdlib)
            first, _ = record_first_visit(site, args.timeout)
            visit = measure(site, first, brotli, known)
            offline = measure(site, precached(site), brotli, known)
            results[stdlib] = (first, visit, offline)
            embed, cover = record_first_visit(site, args.timeout, EMBED, play=True)
            embeds[stdlib] = (embed, cover, measure(site, embed, brotli, known))
            site_dirs[stdlib] = site
        took = time.monotonic() - started
        report(args, results, embeds, brotli, brotli_from, known, site_dirs, took)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return 0


def report(
    args: argparse.Namespace,
    results: dict[str, tuple[list[str], dict[str, list[int]], dict[str, list[int]]]],
    embeds: dict[str, tuple[list[str], int, dict[str, list[int]]]],
    brotli: Compress | None,
    brotli_from: str,
    known: dict[str, list[int]],
    site_dirs: dict[str, Path],
    took: float,
) -> None:
    quality = f"quality {args.brotli_quality}, {brotli_from}" if brotli else brotli_from
    print(f"\ngzip level 9; brotli {quality}; builds, visits and compressing took {took:.0f} s")
    for stdlib, (first, visit, offline) in results.items():
        name = "the site's trimmed stdlib" if stdlib == "trimmed" else "the stock stdlib"
        table(
            f"First visit, {name}: {len(first)} files fetched until the engine is ready",
            visit,
            brotli is not None,
        )
        table(f"Offline install, {name}: everything sw.js precaches", offline, brotli is not None)
        print(f"\nFiles fetched ({name}):")
        for path in first:
            if args.files:
                data = file_of(site_dirs[stdlib], path).read_bytes()
                _, raw, _, br = known[hashlib.sha256(data).hexdigest()]
                print(f"  {raw / 1e3:9,.1f} KB raw {br / 1e3:8,.1f} KB brotli  {path}")
            else:
                print(f"  {path}")
    for stdlib, (embed, cover, rows) in embeds.items():
        name = "the site's trimmed stdlib" if stdlib == "trimmed" else "the stock stdlib"
        table(
            f"{EMBED}, {name}: {len(embed)} files until ready after Play "
            f"({cover} of them for the cover, before Play)",
            rows,
            brotli is not None,
        )
    if brotli is not None:
        for title, totals in (
            ("First visit", {stdlib: rows[1]["total"][3] for stdlib, rows in results.items()}),
            (f"{EMBED}, cover and Play", {k: v[2]["total"][3] for k, v in embeds.items()}),
        ):
            print(f"\n{title}, brotli total until ready:")
            for stdlib, total in totals.items():
                line = f"  {stdlib:8} {total / 1e6:5.3f} MB  {total / BASELINE:.3f}x"
                line += " issue 13's 5.82 MB"
                if stdlib != "full" and "full" in totals:
                    line += f", {total / totals['full']:.3f}x the stock stdlib's in this run"
                print(line)


if __name__ == "__main__":
    sys.exit(main())
