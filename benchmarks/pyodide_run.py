"""Run a benchmark's plan inside Pyodide under Node, with the same set-up as the Pyodide
test run (``tests/pyodide/prepare.py``: npm ci when needed, the engine wheel built fresh).

The Node script (``<name>.mjs`` beside the benchmark) gets the wheel and the JSON plan and
prints its JSON report as the last line of stdout; anything before it is chatter.
"""

from __future__ import annotations

import importlib.util
import json
import subprocess
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent


def run_in_pyodide(
    script: str, plan: Any, root: str | None = None, node_flags: tuple[str, ...] = ()
) -> dict[str, Any]:
    """The report of ``node [node_flags] benchmarks/<script> --wheel W -- <plan JSON>``; it
    also prints the Python version and boot time inside Pyodide. The wheel is built from
    this working tree, or from the engine under ``root`` (another checkout, e.g. a baseline
    commit's)."""
    spec = importlib.util.spec_from_file_location(
        "pyodide_prepare", HERE.parent / "tests" / "pyodide" / "prepare.py"
    )
    if spec is None or spec.loader is None:
        raise RuntimeError("cannot load tests/pyodide/prepare.py")
    prepare = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(prepare)

    prepare.ensure_node_modules()
    home = prepare.ROOT
    if root is not None:
        prepare.ROOT = Path(root)  # engine_wheel builds from prepare.ROOT
    with prepare.engine_wheel() as wheel:
        cmd = [
            "node",
            *node_flags,
            str(HERE / script),
            "--wheel",
            str(wheel),
            "--",
            json.dumps(plan),
        ]
        done = subprocess.run(cmd, cwd=home, capture_output=True, text=True)
    if done.returncode != 0:
        raise RuntimeError(f"the Pyodide run failed:\n{done.stdout}{done.stderr}")
    report: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    print(f"Pyodide: Python {report['version']}, boot {report['boot']:.2f} s", flush=True)
    return report
