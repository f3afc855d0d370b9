#!/usr/bin/env python3
"""What ``import engine`` costs and loads, and what the first move of each level adds, on
CPython and on Pyodide under Node.

    python benchmarks/import_time.py [--runs 5] [--no-pyodide]

The rules never import the computer players, and the bots' registry imports a level's
module only when that level is first asked for a move (``engine/bots/__init__.py``). This
prints, per runtime: the time of ``import engine`` (median of ``--runs`` fresh interpreters
on CPython, one fresh Pyodide), how many ``engine`` modules it loaded and which of them are
bot modules (only the registry and the three games' level tables should be), then, game by
game, the bot modules that the first ``normal`` and the first ``hard`` move loaded and how
long that first move took (``hard`` with one playout, so the time is mostly the import).
It asserts nothing.

This file is also imported inside Pyodide by ``import_time.mjs``, which calls ``run_plan``.
"""

from __future__ import annotations

import sys
import time
from typing import Any

GAMES = ("nine-virtues", "to-the-moon", "quodlibet")


def _engine_modules() -> set[str]:
    return {name for name in sys.modules if name == "engine" or name.startswith("engine.")}


def run_plan(plan: dict[str, Any]) -> dict[str, Any]:
    """Import the engine (it must not be imported yet), then ask each level for a move."""
    del plan
    if "engine" in sys.modules:
        raise RuntimeError("run_plan needs a fresh interpreter: engine is already imported")
    start = time.perf_counter()
    import engine

    imported = time.perf_counter() - start
    loaded = sorted(_engine_modules())
    report: dict[str, Any] = {
        "import_ms": imported * 1000,
        "modules": len(loaded),
        "bot_modules": [name for name in loaded if name.startswith("engine.bots")],
        "first_moves": [],
    }
    for game_id in GAMES:
        game = engine.new_game(game_id, seed=1)
        for level in ("normal", "hard"):
            before = _engine_modules()
            start = time.perf_counter()
            game.bot_action(level, seed=0, iterations=1)
            took = time.perf_counter() - start
            report["first_moves"].append(
                {
                    "game": game_id,
                    "level": level,
                    "ms": took * 1000,
                    "loaded": sorted(_engine_modules() - before),
                }
            )
    return report


# --- CPython side ----------------------------------------------------------------------


def _cpython(runs: int) -> list[dict[str, Any]]:
    import json
    import subprocess
    from pathlib import Path

    here = Path(__file__).resolve().parent
    code = (
        f"import json, sys; sys.path.insert(0, {str(here)!r}); import import_time; "
        "print(json.dumps(import_time.run_plan({})))"
    )
    out = []
    for _ in range(runs):
        done = subprocess.run(
            [sys.executable, "-c", code],
            cwd=here.parent,
            capture_output=True,
            text=True,
            check=True,
        )
        out.append(json.loads(done.stdout.strip().splitlines()[-1]))
    return out


def _show(name: str, reports: list[dict[str, Any]]) -> None:
    times = sorted(report["import_ms"] for report in reports)
    first = reports[0]
    print(
        f"{name}: import engine {times[len(times) // 2]:.1f} ms (median of {len(times)}; "
        f"min {times[0]:.1f}), {first['modules']} engine modules, bot modules: "
        f"{', '.join(first['bot_modules']) or 'none'}"
    )
    for move in first["first_moves"]:
        loaded = [name.removeprefix("engine.bots.") for name in move["loaded"]]
        print(
            f"  first {move['level']:6} move, {move['game']:12}: {move['ms']:7.1f} ms, "
            f"loaded {len(loaded)}: {', '.join(loaded) or '-'}"
        )


def main(argv: list[str] | None = None) -> int:
    import argparse
    import os

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5, help="fresh CPython interpreters")
    parser.add_argument("--no-pyodide", action="store_true", help="CPython only")
    args = parser.parse_args(argv)
    print(f"load average: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print(f"CPython {sys.version.split()[0]}")
    _show("CPython", _cpython(args.runs))
    if not args.no_pyodide:
        from pyodide_run import run_in_pyodide

        report = run_in_pyodide("import_time.mjs", {})
        _show("Pyodide", [report["results"]])
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
