#!/usr/bin/env python3
"""Engine speed: random full games per second, on CPython and on Pyodide under Node.

    python benchmarks/engine_speed.py [--seconds 1] [--games N] [--no-pyodide]

For every registered game (``engine.GAMES``; games not written yet are simply absent) it
plays whole games from ``new_game(game, seed=s)`` to the end, each action drawn uniformly
from ``legal_actions()`` by ``Rng(s, 1)``, for seeds 0, 1, 2, ... The number of games is
fixed per game for the whole run: ``--games N``, or by default as many as CPython finishes
in ``--seconds`` in an untimed calibration pass. Each runtime then plays those same games
(same seeds, so the same actions: the action counts are compared as a free determinism check)
``REPEATS`` times, and the fastest pass counts: the machine is shared, and the best of a few
passes is far less sensitive to other load than one long pass. With the defaults each
measurement takes a few seconds. It prints a table and asserts nothing.

This file is also imported inside Pyodide by ``engine_speed.mjs``, which calls
``run_plan``; only the functions above ``# --- CPython side`` are used there.
"""

from __future__ import annotations

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


def run_in_pyodide(plan: dict[str, int]) -> tuple[dict[str, Result], float]:
    """Run ``run_plan(plan)`` inside Pyodide under Node; return results and boot seconds."""
    import pyodide_run  # beside this script; not imported inside Pyodide

    report = pyodide_run.run_in_pyodide("engine_speed.mjs", plan)
    results: dict[str, Result] = report["results"]
    return results, float(report["boot"])


def rate(result: Result) -> float:
    return result["games"] / result["seconds"] if result["seconds"] > 0 else float("inf")


def print_table(
    cpython: dict[str, Result], pyodide: dict[str, Result], errors: dict[str, str]
) -> None:
    head = f"{'game':<14} {'games':>6} {'actions/game':>12} {'CPython g/s':>12} "
    head += f"{'Pyodide g/s':>12} {'ratio':>7}"
    print(head)
    print("-" * len(head))
    for game_id, cpy in cpython.items():
        row = f"{game_id:<14} {cpy['games']:>6} {cpy['actions'] / cpy['games']:>12.1f} "
        row += f"{rate(cpy):>12.1f} "
        pyo = pyodide.get(game_id)
        if pyo is None:
            row += f"{'-':>12} {'-':>7}"
        else:
            row += f"{rate(pyo):>12.1f} {rate(cpy) / rate(pyo):>6.2f}x"
            if pyo["actions"] != cpy["actions"]:
                row += f"  (different games! {pyo['actions']} actions in Pyodide)"
        print(row)
    for game_id, message in errors.items():
        print(f"{game_id:<14} error: {message}")
    print("ratio = CPython games/s ÷ Pyodide games/s (how many times slower Pyodide is)")


def main(argv: list[str] | None = None) -> int:
    import argparse

    parser = argparse.ArgumentParser(description="Random full games per second per game.")
    parser.add_argument("--seconds", type=float, default=1.0, help="CPython time per pass")
    parser.add_argument("--games", type=int, default=None, help="fixed number of games")
    parser.add_argument("--no-pyodide", action="store_true", help="CPython only")
    args = parser.parse_args(argv)

    if not engine.GAMES:
        print("No games are registered yet: nothing to measure.")
        return 0
    cpython: dict[str, Result] = {}
    errors: dict[str, str] = {}
    for game_id in sorted(engine.GAMES):
        try:
            games = calibrate(game_id, args.seconds) if args.games is None else args.games
            cpython[game_id] = measure(game_id, games)
        except Exception as exc:  # a game being written may still be broken: report it
            errors[game_id] = f"{type(exc).__name__}: {exc}"
    pyodide: dict[str, Result] = {}
    if not args.no_pyodide and cpython:
        try:
            pyodide, _boot = run_in_pyodide({g: r["games"] for g, r in cpython.items()})
        except Exception as exc:
            errors["(pyodide)"] = f"{type(exc).__name__}: {exc}"
    print_table(cpython, pyodide, errors)
    return 0


if __name__ == "__main__":
    import sys

    sys.exit(main())
