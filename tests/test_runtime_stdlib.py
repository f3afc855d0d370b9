"""The workload that traces the browser's stdlib (tools/stdlib_workload.py) on CPython: it
drives web/py/worker.py through every game, player count, level, save and refusal, so the
trace inside Pyodide (tools/stdlib_trace.mjs) meets every import the page can cause."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

import engine

ROOT = Path(__file__).resolve().parents[1]
pytestmark = pytest.mark.cpython_only  # reads tools/ and web/py/ from the repository


def load(name: str, path: Path) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def test_the_workload_plays_every_game_at_every_table_size() -> None:
    worker = load("parlour_worker_trace", ROOT / "web" / "py" / "worker.py")
    workload = load("parlour_stdlib_workload", ROOT / "tools" / "stdlib_workload.py")
    played = workload.run(worker)
    expected = {
        f"{game_id}/{players}"
        for game_id, info in engine.GAMES.items()
        for players in range(info["min_players"], info["max_players"] + 1)
    }
    assert set(played) == expected
    assert all(moves > 0 for moves in played.values())
    # The worker (web/py, not the engine) lists its games nowhere public: read its table.
    assert not worker._games, "the workload leaves no game behind"  # noqa: SLF001


def test_the_safety_list_names_real_stdlib_modules() -> None:
    tool = load("parlour_runtime_stdlib", ROOT / "tools" / "runtime_stdlib.py")
    for name in tool.SAFETY:
        assert importlib.util.find_spec(name) is not None, name
