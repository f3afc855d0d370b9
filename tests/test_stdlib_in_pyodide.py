"""The stdlib the page runs on (issue 13; docs/RUNTIME.md): in the Pyodide run, which boots
from the site's trimmed zip, the stdlib is compiled code without column tables
(PYTHONNODEBUGRANGES) that still knows its line numbers, so a traceback through it still says
where it failed. On CPython there is nothing to check."""

from __future__ import annotations

import json.decoder
import sys
import traceback

import pytest

pytestmark = pytest.mark.skipif(sys.platform != "emscripten", reason="checks Pyodide's stdlib")


def test_stdlib_code_has_lines_but_no_columns() -> None:
    code = json.decoder.JSONDecoder.raw_decode.__code__
    assert code.co_filename.endswith("json/decoder.py")
    positions = list(code.co_positions())
    assert sum(start is not None for start, _end, _col, _end_col in positions) > len(positions) // 2
    assert all(col is None and end_col is None for _s, _e, col, end_col in positions)


def test_a_traceback_through_the_stdlib_names_its_lines() -> None:
    try:
        json.decoder.JSONDecoder().decode("{")
    except ValueError as exc:
        frames = traceback.extract_tb(exc.__traceback__)
    assert any(f.filename.endswith("json/decoder.py") and f.lineno for f in frames)
