"""The compiled runtime is cached for real, and the progress bar still counts real bytes.

Chromium keeps the machine code of a WebAssembly module in V8's code cache, next to the HTTP
cache entry, only when the module is compiled from a ``Response`` that still has its cache
handler; one rebuilt from a stream to count bytes has none, and then every visit compiles the
9.6 MB ``pyodide.asm.wasm`` again (STACK.md, "Traps"). ``web/py/boot.mjs`` counts on a clone.

The signature is Chromium's own UMA histogram ``V8.WasmCodeCaching``, recorded once per
streaming compile (``v8_wasm_response_extensions.cc``, ``MaybeConsumeCodeCache``; buckets
0 miss, 1 hit, 2 invalid cache entry, 3 no cache handler) and read from ``chrome://histograms``,
which gathers it from the renderer processes. A real profile (``launch_persistent_context``:
a fresh context keeps no code cache, and ``page.route`` would turn the HTTP cache off) visits
the site twice; the second visit must be a hit and no compile may lack its handler.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_support import watch
from playwright.sync_api import BrowserContext, Page, Playwright

pytestmark = pytest.mark.browser

BOOT_MS = 90_000
BUCKETS = {0: "miss", 1: "hit", 2: "invalid cache entry", 3: "no cache handler"}

# Every boot report the worker sends (web/py/boot.mjs) and the bar's value at each.
RECORD_REPORTS = """
window.__reports = [];
const channel = new BroadcastChannel("parlour-boot");
channel.onmessage = ({ data }) => {
  const bar = document.querySelector(".boot progress");
  window.__reports.push({ ...data, bar: bar ? Number(bar.value) : null });
};
"""


@pytest.fixture(scope="module")
def profile(
    playwright: Playwright,
    browser_type_launch_args: dict[str, Any],
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[BrowserContext]:
    ctx = playwright.chromium.launch_persistent_context(
        str(tmp_path_factory.mktemp("wasm-cache-profile")),
        **browser_type_launch_args,
        service_workers="block",  # the HTTP cache alone, as on a first return visit
    )
    ctx.add_init_script(RECORD_REPORTS)
    yield ctx
    ctx.close()


def code_caching(ctx: BrowserContext) -> dict[str, int]:
    """``V8.WasmCodeCaching`` bucket counts so far, by name (empty when none recorded)."""
    page = ctx.new_page()
    try:
        page.goto("chrome://histograms/#V8.WasmCodeCaching")
        page.wait_for_load_state("load")
        time.sleep(0.5)  # the page fills in once the renderers have answered
        text = page.inner_text("body")
    finally:
        page.close()
    start = text.find("V8.WasmCodeCaching recorded")
    if start < 0:
        return {}
    block = text[start:].split("\n\n", 2)
    rows = block[1] if len(block) > 1 else ""
    counts = {}
    for bucket, count in re.findall(r"^(\d+)\s+[^(\n]*\((\d+) =", rows, re.MULTILINE):
        if int(count):
            counts[BUCKETS.get(int(bucket), bucket)] = int(count)
    return counts


def visit(page: Page, url: str) -> list[dict[str, Any]]:
    page.goto(url)
    page.wait_for_selector("html[data-engine=ready]", timeout=BOOT_MS)
    reports: list[dict[str, Any]] = page.evaluate("window.__reports")
    return reports


def check_real_bytes(reports: list[dict[str, Any]], site_dir: Path) -> None:
    """The bar moved with the bytes read, up to each runtime file's real size."""
    manifest = json.loads(
        re.search(
            r'<script type="application/json" id="parlour-build">(.*?)</script>',
            (site_dir / "index.html").read_text(),
            re.DOTALL,
        ).group(1)  # type: ignore[union-attr]
    )
    sizes = {
        d["url"].rsplit("/", 1)[1]: (site_dir / d["url"]).stat().st_size
        for d in manifest["downloads"]
    }
    downloads = [r for r in reports if r.get("stage") == "download"]
    last = {r["file"]: r["loaded"] for r in downloads}
    assert last == sizes, f"bytes counted {last}, files are {sizes}"
    stages = [r["stage"] for r in reports]
    assert "python" in stages and stages.index("python") > max(
        i for i, s in enumerate(stages) if s == "download"
    ), stages
    bars = [r["bar"] for r in downloads if r["bar"] is not None]
    assert len(set(bars)) >= 3 and bars == sorted(bars), bars


def test_second_visit_hits_the_wasm_code_cache(
    profile: BrowserContext, site_url: str, site_dir: Path
) -> None:
    page = profile.new_page()
    problems = watch(page)
    check_real_bytes(visit(page, site_url), site_dir)
    # V8 writes the cache entry once the module has tiered up (or a timeout passed), some
    # seconds after the boot: give it time, on a busy machine too.
    time.sleep(10)
    check_real_bytes(visit(page, site_url), site_dir)
    # A compile's sample reaches chrome://histograms once its worker has gone.
    page.goto("about:blank")
    deadline = time.monotonic() + 30
    counts = code_caching(profile)
    while sum(counts.values()) < 2 and time.monotonic() < deadline:
        time.sleep(1)
        counts = code_caching(profile)
    page.close()
    assert not problems, problems
    assert counts.get("no cache handler", 0) == 0, f"compiled without a cache handler: {counts}"
    assert counts.get("hit", 0) >= 1, f"the second visit did not hit V8's code cache: {counts}"
