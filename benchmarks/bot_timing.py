#!/usr/bin/env python3
"""Bot move time: how long a ``hard`` (and, for comparison, a ``normal``) decision takes, on
CPython and on Pyodide under Node.

    python benchmarks/bot_timing.py [--positions 10] [--iterations K] [--repeats 3]
                                    [--game GAME ...] [--no-pyodide]

The goal it informs: a ``hard`` move in the browser should take about a second at most on
a machine like this one (2 cores, shared).

Positions: for every registered game, whole games at the default player count are played by
``normal`` bots from seeds ``POSITION_SEEDS``; of each game's decisions with more than one
legal action (a single legal action is answered at once, by every level), evenly spaced ones
are kept, ``--positions`` per game in all. The same positions are rebuilt the same way in
each runtime (the engine is deterministic across the two Pythons); the actions the bots
choose there are compared as a free determinism check.

Each position is asked ``--repeats`` times per level and the fastest counts (the decision
is the same every time: same view, same seed, so the fastest pass is the one least slowed
by other load on a shared machine), after one untimed warm-up decision, with the level's
default budget (``--iterations`` overrides the search budget of ``hard``). The load average
at the start is printed.

Clocks: the machine is shared, so wall time says as much about the neighbours as about the
bot. The table therefore shows **CPU time** of the process (``time.process_time`` on
CPython; Node's ``process.cpuUsage()`` inside Pyodide, handed in by ``bot_timing.mjs``),
which is what a move would take on an otherwise idle machine, and beside it the wall-time
median as measured. It prints the median and 95th percentile (nearest rank) per runtime
and the ratio of the Pyodide median to the CPython one. A game with no ``hard``
level yet is skipped with a note. It asserts nothing.

This file is also imported inside Pyodide by ``bot_timing.mjs``, which calls ``run_plan``;
only the functions above ``# --- CPython side`` are used there.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any, TypedDict

import engine
from engine import Rng, bot_levels

POSITION_SEEDS = (0, 1)
LEVELS = ("hard", "normal")
GOAL_MS = 1000.0
"""A browser ``hard`` move should take about this long at most."""


cpu_clock: Callable[[], float] = time.process_time
"""Seconds of CPU time used by this process; ``bot_timing.mjs`` replaces it inside Pyodide,
where ``process_time`` is not a CPU clock."""


class Timing(TypedDict):
    ms: list[float]
    """CPU milliseconds per position (fastest of the repeats)."""
    wall_ms: list[float]
    """Wall-clock milliseconds per position (fastest of the repeats)."""
    actions: list[str]


Plan = dict[str, Any]
"""``{"games": [ids], "positions": n, "levels": [...], "iterations": k|None, "repeats": r}``"""


def decision_seed(seed: int, move: int) -> int:
    return Rng(seed, move).next_u64()


def positions(game_id: str, count: int) -> list[engine.Game]:
    """``count`` positions of ``game_id`` with a real choice, evenly spread over whole games
    played by ``normal`` bots from each of ``POSITION_SEEDS``."""
    per_seed = -(-count // len(POSITION_SEEDS))
    found: list[engine.Game] = []
    for seed in POSITION_SEEDS:
        game = engine.new_game(game_id, seed=seed)
        actions: list[str] = []
        choices: list[int] = []  # indices into ``actions`` where the seat had a choice
        while not game.is_over:
            if len(game.legal_actions()) > 1:
                choices.append(len(actions))
            action = game.bot_action("normal", decision_seed(seed, len(actions)))
            actions.append(action)
            game.apply(action)
        take = min(per_seed, len(choices))
        for i in range(take):
            stop = choices[(2 * i + 1) * len(choices) // (2 * take)]
            position = engine.new_game(game_id, seed=seed)
            for action in actions[:stop]:
                position.apply(action)
            found.append(position)
    return found[:count]


def time_level(
    game_id: str, level: str, spots: list[engine.Game], iterations: int | None, repeats: int
) -> Timing:
    """CPU and wall milliseconds (fastest of ``repeats``) and the chosen action for each
    position."""
    spots[0].bot_action(level, 1, iterations=iterations)  # warm-up: imports, caches
    out: Timing = {"ms": [], "wall_ms": [], "actions": []}
    for index, spot in enumerate(spots):
        best_cpu = best_wall = float("inf")
        action = ""
        for _ in range(repeats):
            wall, cpu = time.perf_counter(), cpu_clock()
            action = spot.bot_action(level, decision_seed(index, 0), iterations=iterations)
            best_cpu = min(best_cpu, cpu_clock() - cpu)
            best_wall = min(best_wall, time.perf_counter() - wall)
        out["ms"].append(1000 * best_cpu)
        out["wall_ms"].append(1000 * best_wall)
        out["actions"].append(action)
    return out


def run_plan(plan: Plan) -> dict[str, dict[str, Timing]]:
    """``{game_id: {level: Timing}}`` for the plan; the entry point used inside Pyodide."""
    results: dict[str, dict[str, Timing]] = {}
    for game_id in plan["games"]:
        spots = positions(game_id, plan["positions"])
        results[game_id] = {
            level: time_level(game_id, level, spots, plan["iterations"], plan["repeats"])
            for level in plan["levels"]
            if level in bot_levels(game_id)
        }
    return results


# --- CPython side ------------------------------------------------------------------------


def median(values: list[float]) -> float:
    ordered = sorted(values)
    mid = len(ordered) // 2
    return ordered[mid] if len(ordered) % 2 else (ordered[mid - 1] + ordered[mid]) / 2


def p95(values: list[float]) -> float:
    """Nearest-rank 95th percentile."""
    ordered = sorted(values)
    return ordered[max(0, -(-95 * len(ordered) // 100) - 1)]


def run_in_pyodide(plan: Plan) -> dict[str, dict[str, Timing]]:
    """Run ``run_plan(plan)`` inside Pyodide under Node (set-up shared with the tests)."""
    import pyodide_run  # beside this script; not imported inside Pyodide

    report = pyodide_run.run_in_pyodide("bot_timing.mjs", plan)
    results: dict[str, dict[str, Timing]] = report["results"]
    return results


def print_table(
    cpython: dict[str, dict[str, Timing]],
    pyodide: dict[str, dict[str, Timing]],
    skipped: dict[str, str],
) -> None:
    head = f"{'game':<14} {'level':<7} {'pos':>5} {'CPython CPU ms':>17} {'Pyodide CPU ms':>17} "
    head += f"{'ratio':>6} {'wall ms median':>17}"
    print(head)
    sub = f"{'':<14} {'':<7} {'':>5} {'median':>8} {'p95':>8} {'median':>8} {'p95':>8} {'':>6} "
    print(sub + f"{'CPython':>8} {'Pyodide':>8}")
    print("-" * len(head))
    for game_id, by_level in cpython.items():
        for level, cpy in by_level.items():
            row = f"{game_id:<14} {level:<7} {len(cpy['ms']):>5} "
            row += f"{median(cpy['ms']):>8.1f} {p95(cpy['ms']):>8.1f} "
            pyo = pyodide.get(game_id, {}).get(level)
            if pyo is None:
                row += f"{'-':>8} {'-':>8} {'-':>6} {median(cpy['wall_ms']):>8.1f} {'-':>8}"
            else:
                ratio = median(pyo["ms"]) / max(median(cpy["ms"]), 1e-9)
                row += f"{median(pyo['ms']):>8.1f} {p95(pyo['ms']):>8.1f} {ratio:>5.2f}x "
                row += f"{median(cpy['wall_ms']):>8.1f} {median(pyo['wall_ms']):>8.1f}"
                if pyo["actions"] != cpy["actions"]:
                    row += "  (different choices in Pyodide!)"
            print(row)
    for game_id, note in skipped.items():
        print(f"{game_id:<14} {note}")
    print("ratio = Pyodide median / CPython median (how many times slower Pyodide is)")
    for game_id, by_level in pyodide.items():
        hard = by_level.get("hard")
        if hard is not None:
            worst = p95(hard["ms"])
            verdict = "within" if worst <= GOAL_MS else "over"
            print(
                f"{game_id}: hard p95 in Pyodide {worst:.0f} ms of CPU, {verdict} the "
                f"~{GOAL_MS:.0f} ms browser goal"
            )


def main(argv: list[str] | None = None) -> int:
    import argparse
    import os

    parser = argparse.ArgumentParser(description="Bot move time per game and level.")
    parser.add_argument("--positions", type=int, default=10, help="positions per game")
    parser.add_argument("--iterations", type=int, default=None, help="hard search budget")
    parser.add_argument("--repeats", type=int, default=3, help="timed passes per position")
    parser.add_argument("--game", action="append", help="only this game (repeatable)")
    parser.add_argument("--no-pyodide", action="store_true", help="CPython only")
    args = parser.parse_args(argv)

    games: list[str] = []
    skipped: dict[str, str] = {}
    for game_id in args.game or sorted(engine.GAMES):
        if game_id not in engine.GAMES:
            skipped[game_id] = "not a registered game"
        elif "hard" not in bot_levels(game_id):
            skipped[game_id] = "skipped: no hard level yet"
        else:
            games.append(game_id)
    plan: Plan = {
        "games": games,
        "positions": args.positions,
        "levels": list(LEVELS),
        "iterations": args.iterations,
        "repeats": args.repeats,
    }
    budget = "default" if args.iterations is None else f"{args.iterations} iterations"
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(
        f"{args.positions} positions per game, best of {args.repeats}, hard budget: {budget}; "
        f"load average {load:.1f} on {os.cpu_count()} cores",
        flush=True,
    )
    cpython = run_plan(plan) if games else {}
    pyodide: dict[str, dict[str, Timing]] = {}
    if not args.no_pyodide and games:
        try:
            pyodide = run_in_pyodide(plan)
        except Exception as exc:  # report, do not crash: the CPython table is still useful
            skipped["(pyodide)"] = f"error: {type(exc).__name__}: {exc}"
    print_table(cpython, pyodide, skipped)
    return 0


if __name__ == "__main__":
    import sys

    sys.exit(main())
