"""The stylesheets beside the modules under web/js/ (docs/WEB.md, "Modules"): the build links
every one of them, in the order of ``LATER_STYLES`` (the cascade's order), and a module that
adds its own sheet names one that exists."""

from __future__ import annotations

import re
import shutil
from pathlib import Path
from types import ModuleType

import pytest

pytestmark = pytest.mark.cpython_only  # the Pyodide run has neither sitebuild nor web/

ROOT = Path(__file__).resolve().parents[1]
WEB = ROOT / "web"
SHEET_URL = re.compile(r"""new URL\(\s*["']([^"']+\.css)["']\s*,\s*import\.meta\.url\s*\)""")


@pytest.fixture
def assemble() -> ModuleType:
    """sitebuild.assemble, imported here: the Pyodide run collects this file without it."""
    import sitebuild.assemble

    return sitebuild.assemble


def test_every_sheet_under_web_js_is_linked_once_in_order(assemble: ModuleType) -> None:
    sheets = assemble.later_styles()
    assert len(set(sheets)) == len(sheets)
    assert {p.relative_to(WEB).as_posix() for p in (WEB / "js").rglob("*.css")} == set(sheets)
    # No sheet is left in the folder the pages' own styles keep.
    assert sorted(p.name for p in (WEB / "css").rglob("*.css")) == [
        "app.css",
        "embed-builder.css",
        "embed.css",
    ]


@pytest.mark.parametrize("change", ["unlisted", "missing"])
def test_the_build_stops_when_the_list_and_the_sheets_disagree(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, change: str, assemble: ModuleType
) -> None:
    from sitebuild.steps import StepFailed

    web = tmp_path / "web"
    for sheet in assemble.LATER_STYLES:
        (web / sheet).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(WEB / sheet, web / sheet)
    if change == "unlisted":
        (web / "js" / "games" / "new-game").mkdir()
        (web / "js" / "games" / "new-game" / "table.css").write_text(".ng { color: red; }\n")
    else:
        (web / assemble.LATER_STYLES[-1]).unlink()
    monkeypatch.setattr(assemble, "WEB", web)
    with pytest.raises(StepFailed, match="LATER_STYLES"):
        assemble.later_styles()


def test_a_module_that_adds_its_own_sheet_names_a_linked_one(assemble: ModuleType) -> None:
    found = []
    for module in sorted((WEB / "js").rglob("*.js")):
        for href in SHEET_URL.findall(module.read_text()):
            sheet = (module.parent / href).resolve()
            assert sheet.is_file(), f"{module.relative_to(ROOT)} adds {href}, which is not there"
            found.append(sheet.relative_to(WEB).as_posix())
    assert sorted(found) == ["js/cards/french.css", "js/cards/pairs.css"]
    assert set(found) <= set(assemble.LATER_STYLES)
