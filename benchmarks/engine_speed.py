#!/usr/bin/env python3
"""Engine speed: random full games per second, and hard-level playouts per second, on
CPython and on Pyodide under Node, against a baseline commit's engine measured in the same
run.

    python benchmarks/engine_speed.py [--seconds 1] [--games N] [--no-pyodide]
                                      [--baseline 5883fa8 | --no-baseline]
                                      [--positions 8] [--iterations 100] [--no-search]

For every registered game (``engine.GAMES``) it plays whole games from
``new_game(game, seed=s)`` to the end, each action drawn uniformly from ``legal_actions()``
by ``Rng(s, 1)`` and played with ``apply``, for seeds 0, 1, 2, ... (the public API only, so
any commit's engine can play the same games). The number of games is fixed per game for the
whole run: ``--games N``, or by default as many as CPython finishes in ``--seconds`` in an
untimed calibration pass. Each engine then plays those same games (same seeds, so the same
actions: the action counts are compared as a free determinism check) ``REPEATS`` times, and
the fastest pass counts, in CPU seconds of the process (``cpu_clock``: ``process_time`` on
CPython, Node's ``process.cpuUsage()`` in Pyodide): the machine is shared, and the best of a
few passes of CPU time is far less sensitive to other load than one long pass of wall time.

The baseline (``--baseline``, by default 5883fa8, the commit issue 12 measured) is checked
out into a temporary ``git worktree`` (removed afterwards). On CPython each engine runs in a
fresh interpreter (this file imported with that engine first on ``sys.path``), baseline and
working tree alternately, twice each, best pass kept; in Pyodide each engine is built into a
wheel and booted on its own, also alternately and twice each (a boot's speed varies by more
than a pass's: with one boot each, a run's Pyodide ratios were up to a tenth apart from
the last run's). It prints games per second per engine and runtime, the ratio
of the working tree to the baseline (``speed-up``) and of CPython to Pyodide, and the load
average at the start and the end. It asserts nothing.

**Hard playouts per second** (the second table; ``--no-search`` leaves it out). For every
game with a ``hard`` level, ``--positions`` positions are taken, evenly spaced over the
decisions of one game (seed 0) played by ``normal`` bots through the public API, keeping
only decisions where the ``hard`` search has more than one action to search (the working
tree's shortlist, ``SearchModel.candidates``). Each position is passed on as its seed and
action list, so every engine replays exactly the same positions with ``apply``. At each,
``g.bot_action("hard", i, iterations=K)`` (``--iterations``, default 100: a fixed budget, no
time cap; 5883fa8's ``bot_action`` takes it too) is timed in CPU seconds (``process_time``
on CPython, Node's ``process.cpuUsage()`` in Pyodide), after untimed passes of at least
``SEARCH_WARMUP_SECONDS`` of CPU time, best of ``SEARCH_REPEATS`` passes
over all positions; playouts per second = positions * K / CPU seconds. A playout is one
unit of the search budget: a sampled world played to the end of the round. (5883fa8's Nine
Virtues paired each with a playout of a baseline action in the same world, two rollouts an
iteration; the working tree's paired search plays one rollout per unit of budget, so its
figure counts half the rollouts of the baseline's.) The actions chosen must be the same on
CPython and Pyodide for one engine (a determinism check).

This file is also imported inside Pyodide by ``engine_speed.mjs``, which calls
``run_plan``; only the functions above ``# --- CPython side`` are used there.
"""

from __future__ import annotations

import contextlib
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypedDict, cast

if __name__ == "__main__":  # run as a script: this tree's engine, not one installed elsewhere
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import engine

try:
    from engine import Rng
except ImportError:  # a baseline commit from before the facade exported it
    from engine.rng import Rng

MAX_ACTIONS = 100_000
"""A game longer than this is a bug in its rules (it would never end), not a slow game."""
WARMUP_SEED = 1_000_000
"""One untimed game first (imports, caches, wasm tier-up), with a seed no timed game uses."""
REPEATS = 3
SEARCH_REPEATS = 3
SEARCH_WARMUP_SECONDS = 3.0
"""Untimed passes over the positions first, until this much CPU time has gone (one pass at
least): Pyodide's interpreter is WebAssembly that V8 compiles again, optimized, in the
background over its first seconds of hard work, so a short pass timed at once measures
that compiler (in issue 12's measurements a working tree that searches in a fifth of the
baseline's time came out 18-27% slower in its second pass than after a second of work, the
baseline 0-3%; after one second, To the Moon's timed passes still ranged 35-41 ms from run
to run, after three 35.0-35.6 ms)."""

NODE_FLAGS = ("--no-wasm-dynamic-tiering",)
"""Node runs Pyodide with V8 compiling all its WebAssembly with the optimizing compiler
from the start: the code a page runs once its hot functions have tiered up, after its first
seconds of hard work. With V8's default (a quick baseline compile, then hot functions
tiered up in the background) a boot's speed was a lottery of which functions were up when
timed: three boots of the same engine searched Quodlibet at 13.8k, 21.2k and 22.3k
playouts/s, against 23.3k, 23.4k and 23.0k with this flag."""

cpu_clock: Callable[[], float] = time.process_time
"""Seconds of CPU time used by this process; ``pyodide_boot.mjs`` replaces it inside
Pyodide, where ``process_time`` is not a CPU clock."""


class Result(TypedDict):
    games: int
    actions: int
    seconds: float


class SearchResult(TypedDict):
    positions: int
    iterations: int
    seconds: float
    """CPU seconds of the fastest pass over all positions."""
    chosen: list[str]


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
        start = cpu_clock()
        actions = sum(play_random_game(game_id, seed) for seed in range(games))
        best = min(best, cpu_clock() - start)
    return {"games": games, "actions": actions, "seconds": best}


Position = tuple[int, list[str]]
"""A game seed and the actions played from its start."""


def measure_search(game_id: str, positions: list[Position], iterations: int) -> SearchResult:
    """CPU time of ``hard`` at ``iterations`` iterations in each position (best pass)."""
    games = []
    for seed, actions in positions:
        game = engine.new_game(game_id, seed=seed)
        for action in actions:
            game.apply(action)
        games.append(game)
    warm = cpu_clock()
    while True:  # warm-up: imports, caches, and the runtime itself (``SEARCH_WARMUP_SECONDS``)
        for index, game in enumerate(games):
            game.bot_action("hard", index, iterations=iterations)
        if cpu_clock() - warm >= SEARCH_WARMUP_SECONDS:
            break
    best = float("inf")
    chosen: list[str] = []
    for _ in range(SEARCH_REPEATS):
        start = cpu_clock()
        chosen = [
            game.bot_action("hard", index, iterations=iterations)
            for index, game in enumerate(games)
        ]
        best = min(best, cpu_clock() - start)
    return {
        "positions": len(games),
        "iterations": iterations,
        "seconds": best,
        "chosen": chosen,
    }


def run_plan(plan: dict[str, Any]) -> dict[str, Any]:
    """``{"games": {game_id: games}, "search": {"iterations": K, "positions": {game_id:
    [position, ...]}}}`` -> ``{"games": {game_id: Result}, "search": {game_id:
    SearchResult}}``; the entry point used inside Pyodide."""
    search = plan.get("search") or {"iterations": 0, "positions": {}}
    return {
        "games": {game_id: measure(game_id, games) for game_id, games in plan["games"].items()},
        "search": {
            game_id: measure_search(game_id, [(s, a) for s, a in spots], search["iterations"])
            for game_id, spots in search["positions"].items()
        },
    }


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


def _searched_actions() -> Callable[[dict[str, Any]], list[str]]:
    """``engine.searched_actions`` (for ``hard``), also for a baseline commit from before
    the facade exported it."""
    searched = getattr(engine, "searched_actions", None)
    if searched is not None:
        return cast(Callable[[dict[str, Any]], list[str]], searched)
    from engine.bots import level  # a baseline's engine: no facade for it yet

    def weighed(view: dict[str, Any]) -> list[str]:
        shortlist = getattr(level(view["game"], "hard").model, "candidates", None)
        legal: list[str] = view["legal"]
        return shortlist(view) if shortlist is not None and len(legal) > 1 else legal

    return weighed


def search_positions(game_id: str, count: int) -> list[Position]:
    """``count`` positions evenly spaced over the searched decisions of one game (seed 0)
    played by ``normal`` bots: decisions where ``hard`` has more than one action to search."""
    weighs = _searched_actions()
    game = engine.new_game(game_id, seed=0)
    actions: list[str] = []
    searched: list[int] = []
    while not game.is_over:
        seat = game.to_act
        assert seat is not None
        view = game.view(seat)
        if len(view["legal"]) > 1 and len(weighs(view)) > 1:
            searched.append(len(actions))
        actions.append(game.bot_action("normal", seed=len(actions)))
        game.apply(actions[-1])
    if not searched:
        return []
    step = len(searched) / min(count, len(searched))
    picks = [searched[int(i * step)] for i in range(min(count, len(searched)))]
    return [(0, actions[:move]) for move in picks]


def run_in_pyodide(plan: dict[str, Any], root: str | None) -> dict[str, Any]:
    """Run ``run_plan(plan)`` inside Pyodide under Node with the engine of ``root`` (None:
    this working tree)."""
    import pyodide_run  # beside this script; not imported inside Pyodide

    report = pyodide_run.run_in_pyodide("engine_speed.mjs", plan, root, NODE_FLAGS)
    results: dict[str, Any] = report["results"]
    return results


def run_in_cpython(plan: dict[str, Any], root: str) -> dict[str, Any]:
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
    results: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return results


def best_of(*runs: dict[str, Any]) -> dict[str, Any]:
    """Per figure and game, the fastest of several runs of the same plan."""
    return {
        figure: {
            game: min((run[figure][game] for run in runs), key=lambda r: r["seconds"])
            for game in runs[0][figure]
        }
        for figure in runs[0]
    }


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


def playout_rate(result: SearchResult) -> float:
    work = result["positions"] * result["iterations"]
    return work / result["seconds"] if result["seconds"] > 0 else float("inf")


Runs = dict[str, dict[str, Any]]
"""``{"CPython": {"games": ..., "search": ...}, "CPython 5883fa8": ..., ...}``."""


def print_table(all_runs: Runs, base: str | None, errors: dict[str, str]) -> None:
    runs: dict[str, dict[str, Result]] = {name: run["games"] for name, run in all_runs.items()}
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


def print_search_table(all_runs: Runs, base: str | None, errors: dict[str, str]) -> None:
    """The hard playouts per second, per engine and runtime, with the same ratios."""
    runs: dict[str, dict[str, SearchResult]] = {
        name: run.get("search", {}) for name, run in all_runs.items()
    }
    names = list(runs)
    first = runs[names[0]]
    if not first:
        return
    print()
    head = f"{'game':<14} {'positions':>9} {'iterations':>10}"
    for name in names:
        head += f" {name + ' po/s':>{max(13, len(name) + 5)}}"
    ratios = [rt for rt in ("CPython", "Pyodide") if base is not None and rt in runs]
    for runtime in ratios:
        head += f" {'speed-up ' + runtime:>16}"
    if "Pyodide" in runs:
        head += f" {'CPython/Pyodide':>15}"
    print("hard playouts per second (po/s = positions x iterations / CPU seconds)")
    print(head)
    print("-" * len(head))
    for game_id, now in first.items():
        row = f"{game_id:<14} {now['positions']:>9} {now['iterations']:>10}"
        for name in names:
            result = runs[name].get(game_id)
            width = max(13, len(name) + 5)
            row += f" {playout_rate(result):>{width}.0f}" if result else f" {'-':>{width}}"
        for runtime in ratios:
            old = runs.get(f"{runtime} {base}", {}).get(game_id)
            new = runs[runtime].get(game_id)
            ratio = f"{playout_rate(new) / playout_rate(old):.2f}x" if old and new else "-"
            row += f" {ratio:>16}"
        if "Pyodide" in runs:
            pyo = runs["Pyodide"].get(game_id)
            cpy = runs["CPython"].get(game_id)
            ratio = f"{playout_rate(cpy) / playout_rate(pyo):.2f}x" if pyo and cpy else "-"
            row += f" {ratio:>15}"
        print(row)
        for engine_name in ("", f" {base}"):
            cpy = runs.get(f"CPython{engine_name}", {}).get(game_id)
            pyo = runs.get(f"Pyodide{engine_name}", {}).get(game_id)
            if cpy and pyo and cpy["chosen"] != pyo["chosen"]:
                errors[f"{game_id} hard{engine_name}"] = "CPython and Pyodide chose differently"
    for game_id, message in errors.items():
        if " hard" in game_id:
            print(f"{game_id:<14} error: {message}")
    if base is not None:
        print(f"speed-up = this working tree's playouts/s ÷ {base}'s, same runtime, positions")


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
    parser.add_argument("--positions", type=int, default=8, help="hard positions per game")
    parser.add_argument("--iterations", type=int, default=100, help="hard budget per move")
    parser.add_argument("--no-search", action="store_true", help="no hard playouts figure")
    parser.add_argument(
        "--game", action="append", default=None, help="measure only this game (repeatable)"
    )
    args = parser.parse_args(argv)

    if not engine.GAMES:
        print("No games are registered yet: nothing to measure.")
        return 0
    print(f"load average at the start: {load_average()}")
    root = str(Path(__file__).resolve().parents[1])
    errors: dict[str, str] = {}
    games: dict[str, int] = {}
    positions: dict[str, list[Position]] = {}
    for game_id in sorted(args.game or engine.GAMES):
        if game_id not in engine.GAMES:
            parser.error(f"unknown game {game_id!r}; games: {', '.join(sorted(engine.GAMES))}")
        try:
            games[game_id] = calibrate(game_id, args.seconds) if args.games is None else args.games
            if not args.no_search and "hard" in engine.bot_levels(game_id):
                positions[game_id] = search_positions(game_id, args.positions)
        except Exception as exc:  # a game being written may still be broken: report it
            errors[game_id] = f"{type(exc).__name__}: {exc}"
    plan = {
        "games": games,
        "search": {"iterations": args.iterations, "positions": positions},
    }
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
                if base_root is None:
                    runs["Pyodide"] = run_in_pyodide(plan, None)
                else:  # alternately, twice each, as on CPython: each boot has its own luck
                    tries = [(run_in_pyodide(plan, base_root), run_in_pyodide(plan, None))
                             for _ in "ab"]  # fmt: skip
                    runs["Pyodide"] = best_of(*(now for _, now in tries))
                    runs[f"Pyodide {base}"] = best_of(*(old for old, _ in tries))
            except Exception as exc:
                errors["(pyodide)"] = f"{type(exc).__name__}: {exc}"
    print_table(runs, base, errors)
    print_search_table(runs, base, errors)
    print(f"load average at the end: {load_average()}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
