"""The page asks for its whole static module graph at once (build.py ``static_module_graph``,
issue 13): ``<link rel="modulepreload">`` for every module the page's scripts import
statically, and PyScript's module graph after them, so the browser does not find them one level
of imports at a time. These check the
graph on small module trees, and that the real page's preloads are exactly its graph. The
browser side (no console error, the page still boots) is every browser test's."""

from __future__ import annotations

import importlib.util
import json
import re
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def build() -> ModuleType:
    """build.py, loaded by path (its name would shadow the PyPI ``build`` package)."""
    spec = importlib.util.spec_from_file_location("parlour_build_preloads", ROOT / "build.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def write(root: Path, files: dict[str, str]) -> None:
    for rel, text in files.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text, encoding="utf-8")


def test_every_static_form_is_followed_and_dynamic_imports_are_not(
    build: ModuleType, tmp_path: Path
) -> None:
    write(
        tmp_path,
        {
            "js/app.js": (
                'import { a } from "./a.js";\n'
                "import {\n  b,\n  c,\n} from './sub/b.js';\n"
                'import "./side.js";\n'
                'const lazy = () => import("./lazy.js");\n'
            ),
            "js/a.js": 'export { x } from "./x.js";\nexport * from "../vendor/lib.js";\n',
            "js/sub/b.js": 'import { a } from "../a.js";\n',  # already seen: listed once
            "js/side.js": "",
            "js/x.js": "",
            "js/lazy.js": "",
            "vendor/lib.js": 'import "https://elsewhere.example/not-ours.js";\n',
        },
    )
    assert build.static_module_graph(tmp_path, ["js/app.js"]) == [
        "js/app.js",
        "js/a.js",
        "js/sub/b.js",
        "js/side.js",
        "js/x.js",
        "vendor/lib.js",
    ]


def test_an_import_of_a_missing_module_fails_the_build(build: ModuleType, tmp_path: Path) -> None:
    write(tmp_path, {"js/app.js": 'import { gone } from "./gone.js";\n'})
    with pytest.raises(build.StepFailed, match=r"gone\.js"):
        build.static_module_graph(tmp_path, ["js/app.js"])


def manifest(page: str) -> str:
    start = page.index('id="parlour-build">') + len('id="parlour-build">')
    return page[start : page.index("</script>", start)]


def test_the_built_page_preloads_exactly_its_graph(build: ModuleType, tmp_path: Path) -> None:
    site = build.build_site(tmp_path / "site", minified=False)
    page = (site / "index.html").read_text(encoding="utf-8")
    entries = re.findall(r'<script type="module" src="([^"]+)"></script>', page)
    preloads = re.findall(r'<link rel="modulepreload" href="([^"]+)">', page)
    assert entries == ["js/i18n.js", "js/app.js", "js/offline.js"]
    graph = build.static_module_graph(site, entries)
    pyscript = build.static_module_graph(site, [json.loads(manifest(page))["pyscript"]])
    assert len(pyscript) == 2  # PyScript's core.js and its one chunk, after the page's own
    assert preloads == [rel for rel in graph if rel not in entries] + pyscript
    assert "js/menu.js" in preloads and "js/table.js" not in preloads  # table.js: import()
    assert all((site / rel).is_file() for rel in preloads)
