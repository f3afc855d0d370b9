#!/usr/bin/env python3
"""Parlour's developer entry point (stdlib only, so it runs before anything is installed).

    python3 build.py test    # set up, then lint, type-check and test on CPython and Pyodide
    python3 build.py bench   # engine speed: random full games per second, CPython vs Pyodide

Each subcommand is a small function registered with argparse in ``main``; set-up helpers
(``ensure_python_deps``, ``ensure_node_modules``) are safe to call more than once and fast
when nothing changed. Note: this file is named ``build.py``, which shadows the PyPI ``build``
package when the repo root is the working directory, so never run ``python -m build`` from
here (wheels are built with ``pip wheel`` instead).
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent
PYTHON = sys.executable


class StepFailed(Exception):
    """A named step of a subcommand failed; the message says which and why."""


def say(message: str) -> None:
    print(f"[build] {message}", flush=True)


def run(step: str, cmd: Sequence[str], *, ok_codes: Sequence[int] = (0,)) -> None:
    """Run ``cmd`` from the repo root, streaming its output; raise ``StepFailed`` otherwise."""
    say(f"{step}: {' '.join(cmd)}")
    try:
        code = subprocess.call(list(cmd), cwd=ROOT)
    except FileNotFoundError as exc:
        raise StepFailed(f"{step}: cannot run {cmd[0]!r} ({exc})") from exc
    if code not in ok_codes:
        raise StepFailed(f"{step} failed (exit code {code})")


# --- set-up ------------------------------------------------------------------------------


def ensure_python_deps() -> None:
    """Install the engine (editable) with its ``test`` extra: pytest, ruff, mypy, hatchling."""
    run("install Python test tools", [PYTHON, "-m", "pip", "install", "-q", "-e", ".[test]"])


def node_modules_stale() -> bool:
    """True when ``node_modules`` does not match ``package-lock.json``.

    npm keeps a copy of what it installed in ``node_modules/.package-lock.json``; every package
    in the lock must be there with the same version and integrity, and on disk.
    """
    lock_path = ROOT / "package-lock.json"
    hidden_path = ROOT / "node_modules" / ".package-lock.json"
    if not hidden_path.is_file():
        return True
    wanted: dict[str, dict[str, object]] = json.loads(lock_path.read_text())["packages"]
    have: dict[str, dict[str, object]] = json.loads(hidden_path.read_text())["packages"]
    for name, info in wanted.items():
        if not name:  # "" is the project itself
            continue
        got = have.get(name)
        if got is None or not (ROOT / name).is_dir():
            return True
        if got.get("version") != info.get("version"):
            return True
        if got.get("integrity") != info.get("integrity"):
            return True
    return False


def ensure_node_modules() -> None:
    """``npm ci`` when ``node_modules`` is missing or stale (the lock pins every package)."""
    if not node_modules_stale():
        return
    if shutil.which("npm") is None:
        raise StepFailed("npm ci: npm is not installed (Node 20 and npm are needed)")
    run("npm ci", ["npm", "ci", "--no-audit", "--no-fund"])


# --- subcommands -------------------------------------------------------------------------


def cmd_test(args: argparse.Namespace) -> None:
    """Set up, then every check in order; stop at the first failure."""
    ensure_python_deps()
    ensure_node_modules()
    run("ruff check", [PYTHON, "-m", "ruff", "check", "."])
    run("ruff format", [PYTHON, "-m", "ruff", "format", "--check", "."])
    run("mypy", [PYTHON, "-m", "mypy", "engine"])
    # Exit code 5 means "no tests collected": that is a failure here, not a pass.
    run("pytest (CPython)", [PYTHON, "-m", "pytest", "-q", *args.pytest_args])
    run("pytest (Pyodide)", [PYTHON, "tests/pyodide/run.py", *args.pytest_args])


def cmd_bench(args: argparse.Namespace) -> None:
    """Random full games per second per game, on CPython and on Pyodide under Node."""
    ensure_node_modules()
    run("benchmark", [PYTHON, "benchmarks/engine_speed.py", *args.bench_args])


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="build.py", description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)

    p_test = sub.add_parser("test", help="set up, lint, type-check, test on CPython and Pyodide")
    p_test.add_argument("pytest_args", nargs="*", help="extra pytest arguments (after --)")
    p_test.set_defaults(func=cmd_test)

    p_bench = sub.add_parser("bench", help="engine speed on CPython and Pyodide")
    p_bench.add_argument("bench_args", nargs="*", help="arguments for engine_speed.py")
    p_bench.set_defaults(func=cmd_bench)

    args = parser.parse_args(argv)
    func: Callable[[argparse.Namespace], None] = args.func
    start = time.monotonic()
    try:
        func(args)
    except StepFailed as exc:
        say(f"FAILED: {exc} ({time.monotonic() - start:.1f} s)")
        return 1
    except KeyboardInterrupt:
        say("interrupted")
        return 130
    say(f"OK: {args.command} passed ({time.monotonic() - start:.1f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
