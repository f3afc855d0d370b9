"""``simulate``: many games between computer players, summed up per seat.

Game ``i`` of a run with seed ``S`` is the game ``play`` would give with seed
``game_seed(S, i)`` and the same computer players (each decision seeded by ``bot_seed``), so
any game of a run can be replayed on its own. The first dealer of each game is drawn from
its seed (unless ``--option dealer=…`` fixes it), which spreads the advantage of a seat.

Win shares: each game gives one win, split equally among tied winners (1/k each of k), so
the shares of all seats sum to the number of games. Percentages are shown to 0.1 and rounded
by largest remainder so the printed column adds up to exactly 100.0.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import engine

from .arguments import bot_seed, check_levels, game_seed


@dataclass
class Simulation:
    """What a run produced. ``wins`` are exact shares (ties split)."""

    game: str
    players: int
    levels: list[str]
    games: int
    seed: int
    options: dict[str, Any]
    wins: list[Fraction]
    score_sums: list[int]
    moves: int
    seconds: float

    def mean_scores(self) -> list[float]:
        return [total / self.games for total in self.score_sums]

    def win_percents(self) -> list[float]:
        """Win shares in percent to 0.1, adding up to exactly 100.0 (largest remainder)."""
        tenths = [share * 1000 / self.games for share in self.wins]
        floors = [int(t) for t in tenths]
        spare = 1000 - sum(floors)
        by_remainder = sorted(range(self.players), key=lambda s: (-(tenths[s] - floors[s]), s))
        for seat in by_remainder[:spare]:
            floors[seat] += 1
        return [f / 10 for f in floors]

    def games_per_second(self) -> float:
        return self.games / max(self.seconds, 1e-9)

    def to_dict(self) -> dict[str, Any]:
        percents = self.win_percents()
        means = self.mean_scores()
        return {
            "game": self.game,
            "players": self.players,
            "games": self.games,
            "seed": self.seed,
            "options": self.options,
            "low_score_wins": bool(engine.GAMES[self.game].get("low_score_wins")),
            "seats": [
                {
                    "seat": seat,
                    "level": self.levels[seat],
                    "wins": float(self.wins[seat]),
                    "win_share": float(self.wins[seat] / self.games),
                    "win_percent": percents[seat],
                    "mean_score": means[seat],
                }
                for seat in range(self.players)
            ],
            "mean_moves": self.moves / self.games,
            "seconds": self.seconds,
            "games_per_second": self.games_per_second(),
        }


def simulate(
    game_id: str,
    levels: list[str],
    games: int,
    seed: int,
    options: dict[str, Any],
) -> Simulation:
    """Play ``games`` games between computer players of ``levels`` (one per seat).

    Raises ``IllegalActionError`` for options the game refuses and ``UsageError`` for an
    unknown level, before any game is played."""
    players = len(levels)
    wins = [Fraction(0)] * players
    score_sums = [0] * players
    moves = 0
    started = time.perf_counter()  # only to report speed; no game depends on it
    for index in range(games):
        this_seed = game_seed(seed, index)
        game = engine.new_game(game_id, players=players, seed=this_seed, options=options)
        if index == 0:
            check_levels(game, levels)
        move = 0
        while not game.is_over:
            seat = game.to_act
            assert seat is not None  # a game that is not over has a seat to act
            game.apply(game.bot_action(levels[seat], bot_seed(this_seed, move)))
            move += 1
        moves += move
        winners = game.winners
        for seat in winners:
            wins[seat] += Fraction(1, len(winners))
        for seat, total in enumerate(game.totals):
            score_sums[seat] += total
    seconds = time.perf_counter() - started
    return Simulation(
        game_id, players, levels, games, seed, options, wins, score_sums, moves, seconds
    )


def report(sim: Simulation) -> list[str]:
    """The run as a small table."""
    info = engine.GAMES[sim.game]
    low = " (lowest total wins)" if info.get("low_score_wins") else ""
    given = ", ".join(f"{k}={json.dumps(v)}" for k, v in sim.options.items()) or "defaults"
    lines = [
        f"{info.get('name', sim.game)}: {sim.games} games, {sim.players} players, "
        f"seed {sim.seed}, options: {given}{low}."
    ]
    head = ["seat", "level", "wins", "win share", "mean score"]
    percents = sim.win_percents()
    means = sim.mean_scores()
    rows = [
        [
            str(seat),
            sim.levels[seat],
            f"{float(sim.wins[seat]):g}",
            f"{percents[seat]:.1f}%",
            f"{means[seat]:.2f}",
        ]
        for seat in range(sim.players)
    ]
    rows.append(["all", "", f"{sim.games}", f"{sum(percents):.1f}%", ""])
    widths = [max(len(row[i]) for row in [head, *rows]) for i in range(len(head))]
    for row in [head, *rows]:
        cells = [
            cell.ljust(width) if i < 2 else cell.rjust(width)
            for i, (cell, width) in enumerate(zip(row, widths, strict=True))
        ]
        lines.append("  " + "  ".join(cells).rstrip())
    lines.append(
        f"{sim.games} games in {sim.seconds:.2f} s: {sim.games_per_second():.1f} games per "
        f"second, {sim.moves / sim.games:.1f} moves per game."
    )
    return lines
