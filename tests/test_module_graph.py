"""The page's module graph keeps top-level ``await`` out of every shared module (docs/TESTING.md,
"Browsers").

WebKit, the engine of Safari and of every browser on an iPhone, may run a module before a
dependency's top-level ``await`` has settled (WebKit bug 242740): with one in ``i18n.js``,
which nearly every module imports, one cold load in four showed a blank page. So only entry
modules (named by a page's ``<script type="module" src>`` and imported by no module) may
await at their top; they await ``i18n.wordsReady`` before anything calls ``t()``."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

pytestmark = pytest.mark.cpython_only

ROOT = Path(__file__).resolve().parents[1]
WEB = ROOT / "web"
JS = WEB / "js"
IMPORT = re.compile(r"""(?:\bfrom\s*|\bimport\s*\(?\s*)["'](\.{1,2}/[^"'`$]+\.js)["']""")
PAGE_MODULE = re.compile(r"""<script\s+type="module"\s+src="([^"]+)"></script>""")


def top_level_awaits() -> dict[str, list[int]]:
    node = shutil.which("node")
    if node is None or not (ROOT / "node_modules" / "esbuild").is_dir():
        pytest.fail("needs Node and node_modules (python3 build.py test installs them)")
    out = subprocess.run(
        [node, str(ROOT / "tools" / "top_level_await.mjs"), str(JS)],
        cwd=ROOT,
        check=True,
        capture_output=True,
        text=True,
    )
    found: dict[str, list[int]] = json.loads(out.stdout)
    return found


def imported_modules() -> set[str]:
    """Every module (relative to web/js) that some module imports, statically or not."""
    imported = set()
    for path in JS.rglob("*.js"):
        for target in IMPORT.findall(path.read_text(encoding="utf-8")):
            imported.add((path.parent / target).resolve().relative_to(JS).as_posix())
    return imported


def entry_modules() -> set[str]:
    entries = set()
    for page in WEB.glob("*.html"):
        for src in PAGE_MODULE.findall(page.read_text(encoding="utf-8")):
            entries.add((WEB / src).resolve().relative_to(JS).as_posix())
    return entries


def test_no_shared_module_awaits_at_its_top() -> None:
    imported = imported_modules()
    shared = {name: lines for name, lines in top_level_awaits().items() if name in imported}
    assert shared == {}, f"top-level await in modules that others import (line numbers): {shared}"


def test_only_entry_modules_await_at_their_top() -> None:
    entries = entry_modules()
    assert {"app.js", "i18n.js", "embed.js", "embed-builder.js"} <= entries
    others = {name for name in top_level_awaits() if name not in entries}
    assert others == set(), f"top-level await outside the pages' entry modules: {others}"


def test_the_checker_sees_a_top_level_await(tmp_path: Path) -> None:
    """The check can fail: a module with one is found, an await inside a function is not."""
    node = shutil.which("node")
    assert node is not None
    (tmp_path / "shared.js").write_text("export let x = (await Promise.resolve([1]))[0];\n")
    (tmp_path / "fine.js").write_text("export async function f() { return await g(); }\n")
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "loop.js").write_text("for await (const x of []) {}\n")
    out = subprocess.run(
        [node, str(ROOT / "tools" / "top_level_await.mjs"), str(tmp_path)],
        cwd=ROOT,
        check=True,
        capture_output=True,
        text=True,
    )
    assert json.loads(out.stdout) == {"shared.js": [1], "sub/loop.js": [1]}


def test_the_import_scan_sees_i18n() -> None:
    assert "i18n.js" in imported_modules()
