#!/usr/bin/env python3
"""A digest of computer players' choices, to show a change to the engine or the bots left
every choice as it was.

    python3 benchmarks/bot_digest.py [--quick]

Through the public API only (``engine.new_game``, ``Game.bot_action``, ``Game.apply``), so
any commit's engine prints comparable digests. Each part plays whole games with fixed seeds
and budgets and hashes every chosen action, then every score sheet and the final totals:

* ``moves``: each game with ``hard`` at fixed budgets (Quodlibet at 40 and 20 playouts, To
  the Moon and Nine Virtues at 40) against ``normal`` and ``flat`` seats, whole games.
* ``quodlibet-120`` (left out by ``--quick``): four whole Quodlibet games of four ``hard``
  seats at 120 playouts a move.

It prints one line per part: the number of moves and the first 16 hex digits of the
SHA-256 of the moves and score sheets. Equal digests: the same choices.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import engine

Seating = list[tuple[str, int]]
"""Per seat, the level and its budget (playouts a move; 0 for a level without one)."""

MOVES: list[tuple[str, int, int, Seating]] = [
    ("quodlibet", 4, 1, [("hard", 40), ("normal", 0), ("hard", 20), ("flat", 20)]),
    ("to-the-moon", 3, 2, [("hard", 40), ("normal", 0), ("flat", 20)]),
    ("to-the-moon", 2, 3, [("hard", 40), ("hard", 20)]),
    ("nine-virtues", 3, 4, [("hard", 40), ("normal", 0), ("flat", 20)]),
    ("nine-virtues", 4, 5, [("hard", 20), ("hard", 40), ("normal", 0), ("normal", 0)]),
]
"""(game, players, seed, seating) of each whole game in the ``moves`` part."""

QUODLIBET_120 = [("quodlibet", 4, seed, [("hard", 120)] * 4) for seed in range(10, 14)]


def play(game_id: str, players: int, seed: int, seating: Seating, digest: hashlib._Hash) -> int:
    """Play one whole game with ``seating``, adding its moves and score sheet to ``digest``;
    the number of moves."""
    g = engine.new_game(game_id, players=players, seed=seed)
    moves = 0
    while not g.is_over:
        seat = g.to_act
        assert seat is not None
        level, budget = seating[seat]
        action = g.bot_action(level, seed * 1000 + moves, iterations=budget or None)
        digest.update(f"{seat}:{action};".encode())
        g.apply(action)
        moves += 1
    digest.update(json.dumps([g.score_sheet, g.totals], sort_keys=True).encode())
    return moves


def part(games: list[tuple[str, int, int, Seating]]) -> tuple[int, str]:
    digest = hashlib.sha256()
    moves = sum(play(*game, digest) for game in games)
    return moves, digest.hexdigest()[:16]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="leave out quodlibet-120")
    args = parser.parse_args()
    parts = {"moves": MOVES} if args.quick else {"moves": MOVES, "quodlibet-120": QUODLIBET_120}
    for name, games in parts.items():
        moves, digest = part(games)
        print(f"{name}: {moves} moves, digest {digest}", flush=True)


if __name__ == "__main__":
    main()
