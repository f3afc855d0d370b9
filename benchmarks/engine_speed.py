#!/usr/bin/env python3
"""Engine speed: random full games per second, on CPython and on Pyodide under Node, against
a baseline commit's engine measured in the same run.

    python benchmarks/engine_speed.py [--seconds 1] [--games N] [--no-pyodide]
                                      [--baseline 5883fa8 | --no-baseline]

For every registered game (``engine.GAMES``) it plays whole games from
``new_game(game, seed=s)`` to the end, each action drawn uniformly from ``legal_actions()``
by ``Rng(s, 1)`` and played with ``apply``, for seeds 0, 1, 2, ... (the public API only, so
any commit's engine can play the same games). The number of games is fixed per game for the
whole run: ``--games N``, or by default as many as CPython finishes in ``--seconds`` in an
untimed calibration pass. Each engine then plays those same games (same seeds, so the same
actions: the action counts are compared as a free determinism check) ``REPEATS`` times, and
the fastest pass counts: the machine is shared, and the best of a few passes is far less
sensitive to other load than one long pass.

The baseline (``--baseline``, by default 5883fa8, the commit issue 12 measured) is checked
out into a temporary ``git worktree`` (removed afterwards). On CPython each engine runs in a
fresh interpreter (this file imported with that engine first on ``sys.path``), baseline and
working tree alternately, twice each, best pass kept; in Pyodide each engine is built into a
wheel and booted on its own. It prints games per second per engine and runtime, the ratio
of the working tree to the baseline (``speed-up``) and of CPython to Pyodide, and the load
average at the start and the end. It asserts nothing.

This file is also imported inside Pyodide by ``engine_speed.mjs``, which calls
``run_plan``; only the functions above ``# --- CPython side`` are used there.
"""

from __future__ import annotations

import contextlib
import time
from typing import TypedDict

import engine
from engine.rng import Rng

MAX_ACTIONS = 100_000
"""A game longer than this is a bug in its rules (it would never end), not a slow game."""
WARMUP_SEED = 1_000_000
"""One untimed game first (imports, caches, wasm tier-up), with a seed no timed game uses."""
REPEATS = 3


class Result(TypedDict):
    games: int
    actions: int
    seconds: float


def play_random_game(game_id: str, seed: int) -> int:
    """Play one whole game with uniformly random legal actions; return its action count."""
    game = engine.new_game(game_id, seed=seed)
    rng = Rng(seed, 1)
    actions = 0
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
        actions += 1
        if actions > MAX_ACTIONS:
            raise RuntimeError(f"{game_id} seed {seed}: no end after {MAX_ACTIONS} actions")
    return actions


def measure(game_id: str, games: int) -> Result:
    """The fastest of ``REPEATS`` timed passes over seeds ``0..games-1`` (after a warm-up)."""
    play_random_game(game_id, WARMUP_SEED)
    best = float("inf")
    actions = 0
    for _ in range(REPEATS):
        start = time.perf_counter()
        actions = sum(play_random_game(game_id, seed) for seed in range(games))
        best = min(best, time.perf_counter() - start)
    return {"games": games, "actions": actions, "seconds": best}


def run_plan(plan: dict[str, int]) -> dict[str, Result]:
    """``{game_id: games}`` -> ``{game_id: Result}``; the entry point used inside Pyodide."""
    return {game_id: measure(game_id, games) for game_id, games in plan.items()}


# --- CPython side ------------------------------------------------------------------------


def calibrate(game_id: str, seconds: float) -> int:
    """How many games (seeds 0, 1, ...) CPython plays in ``seconds``: the plan's size."""
    play_random_game(game_id, WARMUP_SEED)
    start = time.perf_counter()
    games = 0
    while games < 1 or time.perf_counter() - start < seconds:
        play_random_game(game_id, games)
        games += 1
    return games


def run_in_pyodide(plan: dict[str, int], root: str | None) -> dict[str, Result]:
    """Run ``run_plan(plan)`` inside Pyodide under Node with the engine of ``root`` (None:
    this working tree)."""
    import pyodide_run  # beside this script; not imported inside Pyodide

    report = pyodide_run.run_in_pyodide("engine_speed.mjs", plan, root=root)
    results: dict[str, Result] = report["results"]
    return results


def run_in_cpython(plan: dict[str, int], root: str) -> dict[str, Result]:
    """Run ``run_plan(plan)`` in a fresh CPython whose ``engine`` is the one under ``root``."""
    import json
    import subprocess
    import sys
    from pathlib import Path

    here = str(Path(__file__).resolve().parent)
    code = (
        f"import json, sys; sys.path[:0] = [{root!r}, {here!r}]; import engine_speed; "
        f"print(json.dumps(engine_speed.run_plan(json.loads({json.dumps(plan)!r}))))"
    )
    done = subprocess.run(
        [sys.executable, "-I", "-c", code], cwd=root, capture_output=True, text=True, check=True
    )
    results: dict[str, Result] = json.loads(done.stdout.strip().splitlines()[-1])
    return results


def best_of(*runs: dict[str, Result]) -> dict[str, Result]:
    """Per game, the fastest of several runs of the same plan."""
    return {game: min((run[game] for run in runs), key=lambda r: r["seconds"]) for game in runs[0]}


class BaselineTree:
    """``git worktree add --detach`` of a commit into a temporary folder, removed on exit."""

    def __init__(self, commit: str) -> None:
        import tempfile
        from pathlib import Path

        self.repo = Path(__file__).resolve().parents[1]
        self.commit = commit
        self.path = str(Path(tempfile.mkdtemp(prefix="engine-baseline-")) / "tree")

    def __enter__(self) -> str:
        import subprocess

        subprocess.run(
            ["git", "-C", str(self.repo), "worktree", "add", "--detach", "-q", self.path,
             self.commit],
            check=True,
        )  # fmt: skip
        return self.path

    def __exit__(self, *exc: object) -> None:
        import shutil
        import subprocess
        from pathlib import Path

        subprocess.run(
            ["git", "-C", str(self.repo), "worktree", "remove", "--force", self.path],
            check=False,
        )
        shutil.rmtree(Path(self.path).parent, ignore_errors=True)


def rate(result: Result) -> float:
    return result["games"] / result["seconds"] if result["seconds"] > 0 else float("inf")


Runs = dict[str, dict[str, Result]]
"""``{"CPython": results, "CPython 5883fa8": results, ...}``."""


def print_table(runs: Runs, base: str | None, errors: dict[str, str]) -> None:
    names = list(runs)
    first = runs[names[0]]
    head = f"{'game':<14} {'games':>6} {'actions/game':>12}"
    for name in names:
        head += f" {name + ' g/s':>{max(12, len(name) + 4)}}"
    if base is not None:
        head += f" {'speed-up CPython':>16}"
        if "Pyodide" in runs:
            head += f" {'speed-up Pyodide':>16}"
    if "Pyodide" in runs:
        head += f" {'CPython/Pyodide':>15}"
    print(head)
    print("-" * len(head))
    for game_id, now in first.items():
        row = f"{game_id:<14} {now['games']:>6} {now['actions'] / now['games']:>12.1f}"
        for name in names:
            result = runs[name].get(game_id)
            width = max(12, len(name) + 4)
            row += f" {rate(result):>{width}.1f}" if result else f" {'-':>{width}}"
            if result and result["actions"] != now["actions"]:
                errors[f"{game_id} ({name})"] = (
                    f"different games: {result['actions']} actions, not {now['actions']}"
                )
        for runtime in ("CPython", "Pyodide"):
            if base is None or runtime not in runs:
                continue
            old = runs.get(f"{runtime} {base}", {}).get(game_id)
            new = runs[runtime].get(game_id)
            ratio = f"{rate(new) / rate(old):.2f}x" if old and new else "-"
            row += f" {ratio:>16}"
        if "Pyodide" in runs:
            pyo = runs["Pyodide"].get(game_id)
            cpy = runs["CPython"].get(game_id)
            ratio = f"{rate(cpy) / rate(pyo):.2f}x" if pyo and cpy else "-"
            row += f" {ratio:>15}"
        print(row)
    for game_id, message in errors.items():
        print(f"{game_id:<14} error: {message}")
    if base is not None:
        print(f"speed-up = this working tree's games/s ÷ {base}'s, same runtime, same games")
    if "Pyodide" in runs:
        print("CPython/Pyodide = how many times slower Pyodide is (working tree)")


def load_average() -> str:
    import os

    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def main(argv: list[str] | None = None) -> int:
    import argparse
    from pathlib import Path

    parser = argparse.ArgumentParser(description="Random full games per second per game.")
    parser.add_argument("--seconds", type=float, default=1.0, help="CPython time per pass")
    parser.add_argument("--games", type=int, default=None, help="fixed number of games")
    parser.add_argument("--no-pyodide", action="store_true", help="CPython only")
    parser.add_argument("--baseline", default="5883fa8", help="commit to compare against")
    parser.add_argument("--no-baseline", action="store_true", help="this engine only")
    args = parser.parse_args(argv)

    if not engine.GAMES:
        print("No games are registered yet: nothing to measure.")
        return 0
    print(f"load average at the start: {load_average()}")
    root = str(Path(__file__).resolve().parents[1])
    errors: dict[str, str] = {}
    plan: dict[str, int] = {}
    for game_id in sorted(engine.GAMES):
        try:
            plan[game_id] = calibrate(game_id, args.seconds) if args.games is None else args.games
        except Exception as exc:  # a game being written may still be broken: report it
            errors[game_id] = f"{type(exc).__name__}: {exc}"
    base = None if args.no_baseline else args.baseline
    runs: Runs = {}
    with contextlib.ExitStack() as stack:
        base_root = stack.enter_context(BaselineTree(base)) if base is not None else None
        if base_root is None:
            runs["CPython"] = best_of(run_in_cpython(plan, root), run_in_cpython(plan, root))
        else:
            passes = [(run_in_cpython(plan, base_root), run_in_cpython(plan, root)) for _ in "ab"]
            runs["CPython"] = best_of(*(now for _, now in passes))
            runs[f"CPython {base}"] = best_of(*(old for old, _ in passes))
        if not args.no_pyodide:
            try:
                runs["Pyodide"] = run_in_pyodide(plan, None)
                if base_root is not None:
                    runs[f"Pyodide {base}"] = run_in_pyodide(plan, base_root)
            except Exception as exc:
                errors["(pyodide)"] = f"{type(exc).__name__}: {exc}"
    print_table(runs, base, errors)
    print(f"load average at the end: {load_average()}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
