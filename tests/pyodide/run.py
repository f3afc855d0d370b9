#!/usr/bin/env python3
"""Run the engine's pytest suite inside Pyodide (Python 3.14) under Node, offline.

    python tests/pyodide/run.py [pytest args]      # e.g. -q, -k rng, tests/test_rng.py

Does its own set-up, and is fast the second time (see ``prepare.py``): ``npm ci`` if
``node_modules`` is missing or stale, pytest's pinned wheels from the cache (PyPI the first
time), a fresh engine wheel built from the working tree, and the site's trimmed stdlib
(``PARLOUR_STDLIB=full``: the stock one). Then ``run_tests.mjs`` boots the vendored Pyodide
from that stdlib, unpacks the wheels into site-packages, mounts ``tests/`` and calls
``pytest.main``. Exits with pytest's exit code; the last line printed is pytest's summary.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from prepare import (
    ROOT,
    SetupError,
    engine_wheel,
    ensure_node_modules,
    pytest_wheels,
    say,
    site_stdlib,
)

RUNNER = Path(__file__).resolve().parent / "run_tests.mjs"


def main(pytest_args: list[str]) -> int:
    try:
        ensure_node_modules()
        wheels = pytest_wheels()
        stdlib = site_stdlib()
        with engine_wheel() as engine:
            cmd = ["node", str(RUNNER)]
            for wheel in [*wheels, engine]:
                cmd += ["--wheel", str(wheel)]
            if stdlib is not None:
                cmd += ["--stdlib", str(stdlib)]
            cmd += ["--", *pytest_args]
            return subprocess.call(cmd, cwd=ROOT)
    except SetupError as exc:
        say(f"set-up failed: {exc}")
        return 3


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
