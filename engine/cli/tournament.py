"""``tournament``: computer-player levels against each other, seats rotated over shared deals.

How a run is laid out:

- **Line-up**: one level per seat. ``--lineup hard,normal,normal,normal`` names it; by default
  it is one of the first of ``--levels A,B`` against the rest of the second (``hard,normal``
  at 4 players: ``hard,normal,normal,normal``).
- **Deals and seatings**: deal ``d`` is the game started with seed ``game_seed(S, d)`` (the
  seed ``simulate`` gives its game ``d``). It is played once per seating ``r = 0 .. P-1``
  with the line-up rotated: in seating ``r`` seat ``s`` is played by ``lineup[(s - r) % P]``.
  So every level holds every seat equally often.
- **Shared deals**: the engine shuffles and draws only from the game seed (computer players
  draw from their own seeds, never from the game's generator), so the ``P`` seatings of a
  deal are dealt the same cards with the same first dealer: only who holds which hand
  changes, and most of the luck of the deal cancels. Later deals of a game are identical too
  wherever a game draws the same way whatever was played; the run counts how many deals had
  every chance outcome (shuffles, draws) identical in all their seatings and says so.
- **Games**: ``--games N`` is rounded up to whole deals (a multiple of ``P``).
- **Decisions**: the computer player to act in move ``m`` of a game with seed ``g`` gets the
  seed ``bot_seed(g, m)``, as in ``play`` and ``simulate``; ``--iterations K`` sets a search
  level's budget (``hard``), which the other levels ignore. Budgets are iteration counts and
  nothing depends on the clock, so the same command gives the same games and numbers (only
  the timings differ).

What is reported, per level (in line-up order):

- **win share**: each game gives one win, split equally among tied winners (1/k each of k);
  a level's share is the wins of all its seats over the games, so the shares of the levels
  add up to 100% (printed to 0.1 by largest remainder, so the column adds up exactly).
- **fair share**: ``seats / P``, what the level would get if all levels were equally good;
  ``x fair`` is win share / fair share.
- **mean score**: the final total per seat per game (in Quodlibet the lowest total wins).
- **95% confidence intervals**: a normal approximation over per-deal means, with Student's t
  critical value for ``D - 1`` degrees of freedom (``D`` deals). The seatings of one deal
  share its cards, so they are not independent games: the deal is the independent unit. For
  each deal, the level's mean share (or mean score per seat) over its ``P`` seatings is one
  observation; the interval is ``mean ± t * sd / sqrt(D)``, clipped to 0..100% for shares.
  With one deal there is no interval; when every deal gives the same value, it has no width.
- **speed**: games per second for the whole run, and milliseconds per decision per level.
- **per round** (``--per-round``): the mean score a level's seat made in one round (a deal),
  by kind of round: the round's ``contract`` where the score sheet names one (Quodlibet,
  ``detail["contract"]``), else all rounds together. Per deal, the level's mean over its
  seats' rounds of that kind in all seatings is one observation; the mean and its 95%
  interval are over the deals that had such a round, and ``x others`` is the level's mean
  divided by the mean of the other levels' observations of the same deals (in Quodlibet, a
  penalty ratio: below 1 is better). The JSON report then also lists every round:
  ``rounds``, each with its deal, seating, round number, kind, levels per seat and scores.

Where the rules are silent, choices made here: ``--levels`` must name two different levels
and ``--lineup`` at least two (one level against itself is what ``simulate`` is for); a
search budget is an iteration count only (a time cap would make results depend on machine
load); progress goes to stderr every ~10 s once a run has taken 5 s (``--quiet`` silences it).
"""

from __future__ import annotations

import argparse
import json
import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

import engine

from .arguments import (
    UsageError,
    bot_seed,
    check_levels,
    game_id,
    game_seed,
    options,
    positive_int,
    split_list,
    whole_int,
)
from .console import Console

DESCRIPTION = """\
Pit computer-player levels against each other and report, per level, the share of wins
(tied winners split a win equally) and the mean final score, each with a 95% confidence
interval, beside the share a level would get if all were equally good.

Seats are rotated over shared deals: each deal (a game seed) is played once per seat, with
the line-up turned one seat further each time, so every level sits in every seat equally
often. The engine shuffles only from the game seed, so the rotated games of a deal are dealt
the same cards: only who holds which hand changes, and the luck of the deal largely cancels.
--games is rounded up to a multiple of the player count (whole deals).

The confidence intervals are a normal approximation (Student's t) over per-deal means: the
rotated games of one deal share its cards, so the deal is the independent unit. The same
command always plays the same games and prints the same numbers (only timings differ).
Progress is shown on stderr for long runs."""

EXAMPLES = """\
examples:
  %(prog)s nine-virtues --games 1000 --levels normal,easy
  %(prog)s to-the-moon --games 200 --levels hard,normal --players 2
  %(prog)s nine-virtues --games 48 --levels hard,flat --players 4
  %(prog)s quodlibet --games 40 --lineup hard,normal,normal,normal --iterations 100
  %(prog)s to-the-moon --games 12 --levels normal,easy --seed 7 --json
  %(prog)s quodlibet --games 8 --levels hard,normal --per-round \\
      -o contracts=minus,queens-and-jacks"""

T_975 = (
    12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
    2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
    2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042,
)  # fmt: skip
"""Student's t, two-sided 95% (0.975 quantile), for 1..30 degrees of freedom."""
Z_975 = 1.959964
PROGRESS_AFTER = 5.0
"""Seconds before the first progress line (short runs stay silent)."""
PROGRESS_EVERY = 10.0


def t_critical(df: int) -> float:
    """Student's t 0.975 quantile: the table up to 30 degrees of freedom, beyond that the
    Cornish-Fisher expansion around the normal quantile (error below 0.001)."""
    if df < 1:
        raise ValueError("t_critical needs at least one degree of freedom")
    if df <= len(T_975):
        return T_975[df - 1]
    z = Z_975
    return (
        z
        + (z**3 + z) / (4 * df)
        + (5 * z**5 + 16 * z**3 + 3 * z) / (96 * df**2)
        + (3 * z**7 + 19 * z**5 + 17 * z**3 - 15 * z) / (384 * df**3)
    )


def mean_ci(values: Sequence[float]) -> tuple[float, float] | None:
    """95% interval for the mean of independent ``values`` (normal approximation, Student's
    t); None with fewer than two values."""
    n = len(values)
    if n < 2:
        return None
    mean = math.fsum(values) / n
    variance = math.fsum((v - mean) ** 2 for v in values) / (n - 1)
    half = t_critical(n - 1) * math.sqrt(variance / n)
    return mean - half, mean + half


def percents(shares: Sequence[Fraction]) -> list[float]:
    """Shares adding up to 1 as percentages to 0.1 adding up to exactly 100.0 (largest
    remainder; ties go to the earlier entry)."""
    tenths = [share * 1000 for share in shares]
    floors = [int(t) for t in tenths]
    spare = 1000 - sum(floors)
    by_remainder = sorted(range(len(shares)), key=lambda i: (-(tenths[i] - floors[i]), i))
    for index in by_remainder[: max(spare, 0)]:
        floors[index] += 1
    return [f / 10 for f in floors]


# --- the run ---------------------------------------------------------------------------


def default_lineup(levels: Sequence[str], players: int) -> list[str]:
    """One of the first level against ``players - 1`` of the second."""
    return [levels[0]] + [levels[1]] * (players - 1)


def seating(lineup: Sequence[str], rotation: int) -> list[str]:
    """The level of each seat in seating ``rotation``: the line-up turned that many seats."""
    players = len(lineup)
    return [lineup[(seat - rotation) % players] for seat in range(players)]


def distinct(lineup: Sequence[str]) -> list[str]:
    """The levels of a line-up in order of first appearance."""
    out: list[str] = []
    for level in lineup:
        if level not in out:
            out.append(level)
    return out


@dataclass
class LevelTally:
    """One level's results over a run."""

    level: str
    seats: int
    """Seats it holds in the line-up."""
    deal_shares: list[Fraction] = field(default_factory=list)
    """Per deal: the level's wins (all its seats) over that deal's seatings, per game."""
    deal_scores: list[Fraction] = field(default_factory=list)
    """Per deal: the level's mean final total per seat per game."""
    seat_games: list[int] = field(default_factory=list)
    """Per seat: games in which this level held it."""
    decisions: int = 0
    seconds: float = 0.0
    """Time spent choosing (only to report speed)."""
    kind_scores: dict[str, list[Fraction]] = field(default_factory=dict)
    """Per kind of round (``round_kind``), per deal that had one: the level's mean round
    score per seat."""
    kind_others: dict[str, list[Fraction]] = field(default_factory=dict)
    """The same deals' mean round score per seat of the other levels (for ``x others``)."""


@dataclass
class Tournament:
    """What a run produced."""

    game: str
    lineup: list[str]
    deals: int
    seed: int
    options: dict[str, Any]
    iterations: int | None
    tallies: list[LevelTally]
    shared_deals: int
    """Deals whose chance outcomes were identical in every seating."""
    moves: int
    seconds: float
    rounds: list[dict[str, Any]] | None = None
    """Every round played, when asked for (``--per-round``)."""

    @property
    def players(self) -> int:
        return len(self.lineup)

    @property
    def games(self) -> int:
        return self.deals * self.players

    def games_per_second(self) -> float:
        return self.games / max(self.seconds, 1e-9)

    def to_dict(self) -> dict[str, Any]:
        """The JSON report. Everything outside ``timing`` is a pure function of the
        arguments."""
        shares = [sum(t.deal_shares, Fraction(0)) / self.deals for t in self.tallies]
        printed = percents(shares)
        levels = []
        for tally, share, percent in zip(self.tallies, shares, printed, strict=True):
            fair = Fraction(tally.seats, self.players)
            share_ci = _clip(mean_ci([float(x) for x in tally.deal_shares]))
            score = sum(tally.deal_scores, Fraction(0)) / self.deals
            score_ci = mean_ci([float(x) for x in tally.deal_scores])
            levels.append(
                {
                    "level": tally.level,
                    "seats": tally.seats,
                    "games": self.games,
                    "wins": float(share * self.games),
                    "win_share": float(share),
                    "win_percent": percent,
                    "win_share_ci": None if share_ci is None else list(share_ci),
                    "fair_share": float(fair),
                    "vs_fair": float(share / fair),
                    "verdict": _verdict(float(fair), share_ci),
                    "mean_score": float(score),
                    "mean_score_ci": None if score_ci is None else list(score_ci),
                    "seat_games": list(tally.seat_games),
                }
            )
        report: dict[str, Any] = {
            "game": self.game,
            "players": self.players,
            "lineup": list(self.lineup),
            "games": self.games,
            "deals": self.deals,
            "seatings_per_deal": self.players,
            "shared_deals": self.shared_deals,
            "seed": self.seed,
            "options": self.options,
            "iterations": self.iterations,
            "low_score_wins": bool(engine.GAMES[self.game].get("low_score_wins")),
            "confidence": "95%, normal approximation (Student t) over per-deal means",
            "levels": levels,
            "mean_moves": self.moves / self.games,
            "timing": {
                "seconds": self.seconds,
                "games_per_second": self.games_per_second(),
                "ms_per_decision": {
                    t.level: 1000 * t.seconds / t.decisions if t.decisions else 0.0
                    for t in self.tallies
                },
            },
        }
        if self.rounds is not None:
            report["per_round"] = self.per_round()
            report["rounds"] = self.rounds
        return report

    def per_round(self) -> list[dict[str, Any]]:
        """Mean round score per seat per level and kind of round, with 95% intervals."""
        kinds: list[str] = []
        for tally in self.tallies:
            kinds += [kind for kind in tally.kind_scores if kind not in kinds]
        out = []
        for kind in kinds:
            for tally in self.tallies:
                mine = tally.kind_scores.get(kind, [])
                if not mine:
                    continue
                others = tally.kind_others.get(kind, [])
                mean = float(sum(mine, Fraction(0)) / len(mine))
                other_mean = float(sum(others, Fraction(0)) / len(others)) if others else None
                ci = mean_ci([float(x) for x in mine])
                out.append(
                    {
                        "kind": kind,
                        "level": tally.level,
                        "deals": len(mine),
                        "mean_score": mean,
                        "mean_score_ci": None if ci is None else list(ci),
                        "others_mean_score": other_mean,
                        "vs_others": mean / other_mean if other_mean else None,
                    }
                )
        return out


def _clip(ci: tuple[float, float] | None) -> tuple[float, float] | None:
    return None if ci is None else (max(ci[0], 0.0), min(ci[1], 1.0))


def _verdict(fair: float, ci: tuple[float, float] | None) -> str:
    """``above`` / ``below`` fair when the interval excludes the fair share, else ``even``
    (``n/a`` without an interval)."""
    if ci is None:
        return "n/a"
    if ci[0] > fair:
        return "above"
    if ci[1] < fair:
        return "below"
    return "even"


Progress = Callable[[int, int], None]
"""Called after each game with (games done, games in all)."""

ALL_ROUNDS = "all rounds"
"""The kind of a round whose score sheet names no contract."""


def round_kind(entry: dict[str, Any]) -> str:
    """What kind of round a score-sheet entry is: its contract where the game names one."""
    detail = entry.get("detail")
    contract = detail.get("contract") if isinstance(detail, dict) else None
    return contract if isinstance(contract, str) else ALL_ROUNDS


def play_tournament(
    game: str,
    lineup: Sequence[str],
    deals: int,
    seed: int,
    options: dict[str, Any],
    iterations: int | None = None,
    progress: Progress | None = None,
    per_round: bool = False,
) -> Tournament:
    """Play ``deals`` deals, each once per seating of ``lineup`` rotated (see the module);
    ``per_round`` also keeps every round's scores (``Tournament.rounds``).

    Raises ``IllegalActionError`` for a player count or options the game refuses and
    ``UsageError`` for an unknown level, before any game is played."""
    players = len(lineup)
    tallies = [LevelTally(level, lineup.count(level)) for level in distinct(lineup)]
    for tally in tallies:
        tally.seat_games = [0] * players
    by_level = {tally.level: tally for tally in tallies}
    shared = 0
    moves = 0
    done = 0
    rounds: list[dict[str, Any]] | None = [] if per_round else None
    started = time.perf_counter()  # only to report speed; no game depends on it
    for deal in range(deals):
        this_seed = game_seed(seed, deal)
        wins = {level: Fraction(0) for level in by_level}
        scores = {level: 0 for level in by_level}
        chances: list[Any] | None = None
        same = True
        kind_sums: dict[tuple[str, str], list[int]] = {}
        """(level, kind) -> [points, seat-rounds] over this deal's seatings."""
        for rotation in range(players):
            levels = seating(lineup, rotation)
            state = engine.new_game(game, players=players, seed=this_seed, options=options)
            if deal == 0 and rotation == 0:
                check_levels(state, list(by_level))
            move = 0
            while not state.is_over:
                seat = state.to_act
                assert seat is not None  # a game that is not over has a seat to act
                tally = by_level[levels[seat]]
                clock = time.perf_counter()
                action = state.bot_action(
                    tally.level, bot_seed(this_seed, move), iterations=iterations
                )
                tally.seconds += time.perf_counter() - clock
                tally.decisions += 1
                state.apply(action)
                move += 1
            moves += move
            winners = state.winners
            for seat in winners:
                wins[levels[seat]] += Fraction(1, len(winners))
            for seat, total in enumerate(state.totals):
                scores[levels[seat]] += total
                by_level[levels[seat]].seat_games[seat] += 1
            for entry in state.score_sheet:
                kind = round_kind(entry)
                for seat, points in enumerate(entry["scores"]):
                    tally_sum = kind_sums.setdefault((levels[seat], kind), [0, 0])
                    tally_sum[0] += points
                    tally_sum[1] += 1
                if rounds is not None:
                    rounds.append(
                        {
                            "deal": deal,
                            "seating": rotation,
                            "round": entry["round"],
                            "kind": kind,
                            "levels": list(levels),
                            "scores": list(entry["scores"]),
                        }
                    )
            outcomes = [entry for entry in state.log if "chance" in entry]
            if chances is None:
                chances = outcomes
            elif outcomes != chances:
                same = False
            done += 1
            if progress is not None:
                progress(done, deals * players)
        shared += same
        for tally in tallies:
            tally.deal_shares.append(wins[tally.level] / players)
            tally.deal_scores.append(Fraction(scores[tally.level], players * tally.seats))
        for (name, kind), (points, count) in kind_sums.items():
            rest = [
                value
                for (other, other_kind), value in kind_sums.items()
                if other != name and other_kind == kind
            ]
            tally = by_level[name]
            tally.kind_scores.setdefault(kind, []).append(Fraction(points, count))
            if rest:
                others = Fraction(sum(v[0] for v in rest), sum(v[1] for v in rest))
                tally.kind_others.setdefault(kind, []).append(others)
    seconds = time.perf_counter() - started
    return Tournament(
        game,
        list(lineup),
        deals,
        seed,
        options,
        iterations,
        tallies,
        shared,
        moves,
        seconds,
        rounds,
    )


# --- the report ------------------------------------------------------------------------


def _pct(value: float) -> str:
    return f"{100 * value:.1f}"


def report(result: Tournament) -> list[str]:
    """The run as a small table with a few lines of explanation."""
    data = result.to_dict()
    info = engine.GAMES[result.game]
    given = ", ".join(f"{k}={json.dumps(v)}" for k, v in result.options.items()) or "defaults"
    budget = "default" if result.iterations is None else f"{result.iterations} iterations"
    lines = [
        f"{info.get('name', result.game)} tournament: line-up {','.join(result.lineup)}; "
        f"seed {result.seed}; options: {given}; search budget: {budget}.",
        f"{result.games} games = {result.deals} deals x {result.players} seatings (line-up "
        f"rotated one seat per seating); {result.shared_deals} of {result.deals} deals dealt "
        "identically in every seating.",
    ]
    head = ["level", "seats", "games", "win share", "95% CI", "fair", "x fair", "vs fair"]
    head += ["mean score", "95% CI", "ms/move"]
    rows: list[list[str]] = []
    for level in data["levels"]:
        share_ci = level["win_share_ci"]
        score_ci = level["mean_score_ci"]
        rows.append(
            [
                level["level"],
                str(level["seats"]),
                str(level["games"]),
                f"{level['win_percent']:.1f}%",
                "-" if share_ci is None else f"{_pct(share_ci[0])}-{_pct(share_ci[1])}%",
                f"{_pct(level['fair_share'])}%",
                f"{level['vs_fair']:.2f}",
                level["verdict"],
                f"{level['mean_score']:.1f}",
                "-" if score_ci is None else f"{score_ci[0]:.1f} to {score_ci[1]:.1f}",
                f"{data['timing']['ms_per_decision'][level['level']]:.1f}",
            ]
        )
    total = sum(level["win_percent"] for level in data["levels"])
    rows.append(
        ["all", str(result.players), str(result.games), f"{total:.1f}%", "", "100.0%"] + [""] * 5
    )
    widths = [max(len(row[i]) for row in [head, *rows]) for i in range(len(head))]
    for row in [head, *rows]:
        cells = [
            cell.ljust(width) if i == 0 else cell.rjust(width)
            for i, (cell, width) in enumerate(zip(row, widths, strict=True))
        ]
        lines.append("  " + "  ".join(cells).rstrip())
    low = " (the lowest total wins)" if info.get("low_score_wins") else ""
    lines.append(
        "win share: wins of all the level's seats per game, tied winners split a win; fair: "
        "its seats / players;"
    )
    lines.append(
        f"mean score: final total per seat{low}; 95% CI: normal approximation (Student t) "
        "over per-deal means."
    )
    lines.append(
        f"{result.games} games in {result.seconds:.1f} s: {result.games_per_second():.2f} "
        f"games per second, {result.moves / result.games:.1f} moves per game."
    )
    if result.rounds is not None:
        lines += per_round_report(data["per_round"], low)
    return lines


def per_round_report(rows: list[dict[str, Any]], low: str) -> list[str]:
    """The ``--per-round`` table: mean round score per seat, per kind of round and level."""
    head = ["round kind", "level", "deals", "mean round score", "95% CI", "others", "x others"]
    table: list[list[str]] = []
    for row in rows:
        ci = row["mean_score_ci"]
        others = row["others_mean_score"]
        table.append(
            [
                row["kind"],
                row["level"],
                str(row["deals"]),
                f"{row['mean_score']:.1f}",
                "-" if ci is None else f"{ci[0]:.1f} to {ci[1]:.1f}",
                "-" if others is None else f"{others:.1f}",
                "-" if row["vs_others"] is None else f"{row['vs_others']:.2f}",
            ]
        )
    widths = [max(len(line[i]) for line in [head, *table]) for i in range(len(head))]
    lines = [""]
    for line in [head, *table]:
        cells = [
            cell.ljust(width) if i < 2 else cell.rjust(width)
            for i, (cell, width) in enumerate(zip(line, widths, strict=True))
        ]
        lines.append("  " + "  ".join(cells).rstrip())
    lines.append(
        f"per round: a seat's score in one round{low}, by the round's contract where there is "
        "one; mean and 95% CI over per-deal means; others: the other levels' mean in the same "
        "deals."
    )
    return lines


# --- the command -----------------------------------------------------------------------


def add_parser(commands: Any, formatter: type[argparse.HelpFormatter]) -> None:
    """Add the ``tournament`` command to the CLI's subparsers."""
    parser = commands.add_parser(
        "tournament",
        help="levels against each other, seats rotated over shared deals, with 95%% CIs",
        description=DESCRIPTION,
        epilog=EXAMPLES,
        formatter_class=formatter,
    )
    parser.add_argument("game", metavar="GAME", help="game id (see 'games')")
    parser.add_argument(
        "--games",
        type=positive_int,
        default=100,
        metavar="N",
        help="games to play, rounded up to a multiple of the players (default: 100)",
    )
    parser.add_argument(
        "--levels",
        metavar="A,B",
        help="one A against the rest B (default: hard,normal where the game has hard, "
        "else normal,easy); besides easy, normal and hard, tournaments may seat flat "
        "(flat Monte Carlo on the hard sampler, a yardstick the menu does not offer)",
    )
    parser.add_argument(
        "--lineup",
        metavar="LEVELS",
        help="one level per seat instead of --levels, e.g. hard,normal,normal,normal",
    )
    parser.add_argument(
        "--players",
        type=positive_int,
        metavar="P",
        help="number of players (default: from --lineup, else the game's default)",
    )
    parser.add_argument("--seed", type=whole_int, default=0, metavar="S", help="default: 0")
    parser.add_argument(
        "--iterations",
        type=positive_int,
        metavar="K",
        help="search budget per decision of the hard level (default: the level's own)",
    )
    parser.add_argument(
        "-o", "--option", action="append", metavar="NAME=VALUE", help="a game option (repeatable)"
    )
    parser.add_argument(
        "--per-round",
        action="store_true",
        help="also the mean score per round by kind of round (Quodlibet: by contract), "
        "with 95%% CIs; with --json, every round's scores too",
    )
    parser.add_argument("--json", action="store_true", help="machine-readable output")
    parser.add_argument("--quiet", action="store_true", help="no progress lines on stderr")


def _lineup(gid: str, args: argparse.Namespace) -> list[str]:
    if args.levels is not None and args.lineup is not None:
        raise UsageError("give --levels or --lineup, not both.")
    if args.lineup is not None:
        lineup = split_list(args.lineup)
        if any(not level for level in lineup):
            raise UsageError(f"--lineup has an empty entry: {args.lineup!r}.")
        if args.players is not None and args.players != len(lineup):
            raise UsageError(
                f"--lineup names {len(lineup)} seats, but --players is {args.players}: "
                "give one level per seat."
            )
        if len(distinct(lineup)) < 2:
            raise UsageError(
                "--lineup needs at least two different levels (for one level against "
                "itself, use simulate)."
            )
        return lineup
    if args.levels is None:
        pair = ["hard", "normal"] if "hard" in engine.bot_levels(gid) else ["normal", "easy"]
    else:
        pair = split_list(args.levels)
        if len(pair) != 2 or not all(pair) or pair[0] == pair[1]:
            raise UsageError(
                f"--levels wants two different levels, e.g. hard,normal; got {args.levels!r}."
            )
    players = args.players if args.players is not None else engine.GAMES[gid]["default_players"]
    if players < 2:
        raise UsageError("a tournament needs at least two players.")
    return default_lineup(pair, players)


class _Ticker:
    """Progress lines on stderr: the first after ``PROGRESS_AFTER`` seconds, then every
    ``PROGRESS_EVERY`` seconds, with a rough time left."""

    def __init__(self, errors: Console, label: str) -> None:
        self.errors = errors
        self.label = label
        self.started = time.perf_counter()
        self.next = self.started + PROGRESS_AFTER

    def __call__(self, done: int, total: int) -> None:
        now = time.perf_counter()
        if now < self.next or done == total:
            return
        self.next = now + PROGRESS_EVERY
        spent = now - self.started
        left = spent * (total - done) / done
        self.errors.say(
            f"{self.label}: {done}/{total} games ({100 * done // total}%), "
            f"{spent:.0f} s, about {left:.0f} s left"
        )
        self.errors.stdout.flush()


def run(args: argparse.Namespace, console: Console, errors: Console, command: str) -> int:
    """``tournament`` from parsed arguments; UsageError / IllegalActionError propagate to
    ``main``, which prints them and exits 2."""
    gid = game_id(args.game)
    lineup = _lineup(gid, args)
    deals = -(-args.games // len(lineup))
    ticker = None if args.quiet else _Ticker(errors, command)
    result = play_tournament(
        gid,
        lineup,
        deals,
        args.seed,
        options(args.option),
        args.iterations,
        ticker,
        per_round=args.per_round,
    )
    if args.json:
        console.say(json.dumps(result.to_dict(), indent=2))
    else:
        console.lines(report(result))
    return 0
