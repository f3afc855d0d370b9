#!/usr/bin/env python3
"""Hostile input, in bulk: malformed and out-of-turn actions per game, and corrupted saves.

    python benchmarks/fuzz_inputs.py [--actions 100000] [--saves 10000] [--seed 1]

For every game (and Quodlibet's Open Trousers and Snack deals) it tries ``--actions`` random
malformed, mistyped or out-of-turn actions at many points of many games (wrong types, digits
of other scripts, 4,000+ digit numbers, edited real actions, actions legal at another time),
then loads ``--saves`` corrupted saves (truncations, character flips, edits with a recomputed
check, wrong types, nesting up to 100,000 deep, 10 MB strings). It prints how many were
refused, how many raised anything other than ``IllegalActionError``/``SaveError`` and how many
changed a game's state, and exits 1 if either of those is not 0. tests/test_bad_input.py runs
a small sample of the same generators (tests/fuzz_support.py).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from fuzz_support import GAME_SETUPS, fuzz_actions, fuzz_saves, played_saves  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--actions", type=int, default=100_000, help="hostile actions per game")
    parser.add_argument("--saves", type=int, default=10_000, help="corrupted saves")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(f"load average: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    failed = False
    print(f"{'game':<34}{'tried':>9}{'refused':>9}{'other exc':>11}{'changes':>9}{'s':>7}")
    for game_id, options in GAME_SETUPS:
        name = game_id + (f" ({', '.join(options['contracts'])})" if options else "")
        start = time.perf_counter()
        tally = fuzz_actions(game_id, options, args.actions, args.seed)
        took = time.perf_counter() - start
        print(
            f"{name:<34}{tally.tried:>9,}{tally.refused:>9,}{len(tally.other_exceptions):>11}"
            f"{tally.state_changes:>9}{took:>7.1f}"
        )
        for line in tally.other_exceptions[:5]:
            print("   ", line)
        failed |= bool(tally.other_exceptions or tally.state_changes)
    start = time.perf_counter()
    tally = fuzz_saves(played_saves(40, args.seed), args.saves, args.seed, huge=20)
    took = time.perf_counter() - start
    print(
        f"{'corrupted saves':<34}{tally.tried:>9,}{tally.refused:>9,}"
        f"{len(tally.other_exceptions):>11}{tally.state_changes:>9}{took:>7.1f}"
    )
    print(f"    (still valid after the edit, and written back unchanged: {tally.still_valid})")
    for line in tally.other_exceptions[:5]:
        print("   ", line)
    failed |= bool(tally.other_exceptions or tally.state_changes)
    print("FAILED" if failed else "OK: 0 other exceptions, 0 state changes")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
