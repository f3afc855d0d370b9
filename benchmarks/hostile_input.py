#!/usr/bin/env python3
"""Hostile input must cost no time: adversarial texts at sizes up to each entry point's limit.

    python benchmarks/hostile_input.py [--sizes 4000,16000,64000,256000,1000000] [--runs 3]
        [--baseline 6b2c95e | --no-baseline] [--baseline-max 64000] [--baseline-runs 1]

Every family of tests/hostile_support.py (escaped quotes, open brackets and braces,
backslashes, long numbers, long actions, deep nesting, worker requests, long names...) is
fed to its entry point (``load_game``, ``Game.apply``, the worker's ``load``, the names rule)
at each size; the best of ``--runs`` calls in CPU seconds counts. It prints each family's
time per size and the worst per size, for this tree and for a baseline commit's engine
(checked out into a temporary ``git worktree``, as benchmarks/engine_speed.py does; by
default 6b2c95e, before issue 28), each in a fresh CPython. The baseline runs only up to
``--baseline-max`` characters, best of ``--baseline-runs`` (its quadratic families would
take an hour at the limit); a
family the baseline lacks is left out of its column. The goal: every call within 50 ms at
its limit. It exits 1 when a call of this tree takes longer than ``--fail-ms`` (default 50).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "benchmarks"), str(ROOT / "tests")]

from engine_speed import BaselineTree  # noqa: E402

BASELINE = "6b2c95e"
SIZES = [4_000, 16_000, 64_000, 256_000, 1_000_000]


def measure_here(root: str, sizes: list[int], runs: int) -> None:
    """The child's part: measure the engine under ``root`` and print JSON."""
    sys.path[:0] = [root, str(ROOT / "tests")]
    from hostile_support import Entries, measure, to_json

    entries = Entries(Path(root))
    print(json.dumps(to_json(measure(entries, sizes, runs))))


def run_child(root: str, sizes: list[int], runs: int) -> dict[str, dict[int, float]]:
    command = [
        sys.executable,
        __file__,
        "--child",
        root,
        "--sizes",
        ",".join(map(str, sizes)),
        "--runs",
        str(runs),
    ]
    env = {**os.environ, "PYTHONPATH": root}
    out = subprocess.run(command, check=True, capture_output=True, text=True, env=env).stdout
    data = json.loads(out)
    return {name: {int(size): s for size, s in by_size.items()} for name, by_size in data.items()}


def ms(seconds: float | None) -> str:
    return "-" if seconds is None else f"{seconds * 1000:.1f}"


def table(title: str, results: dict[str, dict[int, float]], sizes: list[int]) -> None:
    print(f"\n{title} (ms of CPU, best of the runs)")
    print(f"{'family':<30}" + "".join(f"{size:>11,}" for size in sizes))
    for name, by_size in results.items():
        print(f"{name:<30}" + "".join(f"{ms(by_size.get(size)):>11}" for size in sizes))
    worst = [max((by.get(size, 0.0) for by in results.values()), default=0.0) for size in sizes]
    print(f"{'worst':<30}" + "".join(f"{ms(w):>11}" for w in worst))


def load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", default=",".join(map(str, SIZES)))
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--baseline", default=BASELINE)
    parser.add_argument("--no-baseline", action="store_true")
    parser.add_argument("--baseline-max", type=int, default=64_000)
    parser.add_argument("--baseline-runs", type=int, default=1)
    parser.add_argument("--fail-ms", type=float, default=50.0)
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args()
    sizes = [int(size) for size in args.sizes.split(",")]
    if args.child:
        measure_here(args.child, sizes, args.runs)
        return 0
    print(f"load average at the start: {load()}")
    here = run_child(str(ROOT), sizes, args.runs)
    table("this tree", here, sizes)
    if not args.no_baseline:
        small = [size for size in sizes if size <= args.baseline_max]
        with BaselineTree(args.baseline) as tree:
            before = run_child(tree, small, args.baseline_runs)
        table(f"baseline {args.baseline}", before, small)
    print(f"\nload average at the end: {load()}")
    slow = [
        f"{name} at {size:,}: {ms(s)} ms"
        for name, by_size in here.items()
        for size, s in by_size.items()
        if s * 1000 > args.fail_ms
    ]
    for line in slow:
        print(f"over {args.fail_ms:g} ms: {line}")
    return 1 if slow else 0


if __name__ == "__main__":
    sys.exit(main())
