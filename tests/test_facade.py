"""Clients reach the engine through its facade only (``engine/__init__.py``): nothing outside
``engine/`` imports a submodule of it (tests may look inside)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import engine

pytestmark = pytest.mark.cpython_only

ROOT = Path(__file__).resolve().parents[1]
DEEP = re.compile(r"^\s*(?:from\s+engine\.[\w.]+\s+import|import\s+engine\.)", re.MULTILINE)
BASELINE_FALLBACK = "# a baseline"
"""The speed benchmark also runs a baseline commit's engine, from before the facade had
everything: its fallback imports say so on their line or the line before."""


def test_no_client_imports_deeper_than_engine() -> None:
    deep = []
    for folder in ("web", "benchmarks", "tools"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            lines = path.read_text(encoding="utf-8").splitlines()
            for number, line in enumerate(lines):
                if DEEP.match(line) and not any(
                    BASELINE_FALLBACK in near for near in lines[max(0, number - 1) : number + 1]
                ):
                    deep.append(f"{path.relative_to(ROOT)}:{number + 1}: {line.strip()}")
    assert deep == []


def test_every_name_the_facade_lists_is_there() -> None:
    for name in engine.__all__:
        assert getattr(engine, name) is not None, name
