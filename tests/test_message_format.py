"""The message formatter the pages use (web/js/words/message-format.js, docs/WEB.md "Languages and
catalogs") against intl-messageformat, the reference implementation of ICU MessageFormat in
JavaScript: every message of every catalog compiles in both or neither and formats to the same text
over many values (tools/message_format_check.mjs), and so do hand-written corner cases; what ours
leaves out by design (rich-text tags, dates, number skeletons) is refused, never guessed."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
CHECK = ROOT / "tools" / "message_format_check.mjs"

pytestmark = pytest.mark.cpython_only  # runs Node on web/, which the Pyodide run lacks


def run_check(catalogs: Path | str) -> dict[str, Any]:
    node = shutil.which("node")
    if node is None or not (ROOT / "node_modules" / "intl-messageformat").is_dir():
        pytest.skip("needs Node and node_modules (python3 build.py test installs them)")
    out = subprocess.run(
        [node, str(CHECK), str(catalogs)], cwd=ROOT, check=True, capture_output=True, text=True
    )
    result: dict[str, Any] = json.loads(out.stdout)
    return result


def test_every_catalog_message_formats_as_the_reference_does() -> None:
    result = run_check(ROOT / "web" / "i18n")
    assert result["mismatches"] == []
    messages = sum(
        len(json.loads(path.read_text(encoding="utf-8")))
        for path in (ROOT / "web" / "i18n").glob("*/*.json")
    )
    assert result["checked"] > messages > 1000 and result["formatted"] > 10 * messages


def test_the_comparison_sees_a_difference(tmp_path: Path) -> None:
    """The check can fail: catalog messages the reference takes and ours refuses (a rich-text
    tag, a date) are reported, each by its file and key."""
    (tmp_path / "en").mkdir()
    (tmp_path / "en" / "x.json").write_text(
        json.dumps({"refused": "<b>{n}</b>", "date": "{d, date}"}), encoding="utf-8"
    )
    result = run_check(tmp_path)
    assert {m["where"] for m in result["mismatches"]} == {"en/x.json:refused", "en/x.json:date"}
