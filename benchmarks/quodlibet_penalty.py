"""Quodlibet strength figures from ``tournament --json --per-round`` output (docs/BOTS.md).

    python -m engine tournament quodlibet --games 40 --levels hard,normal --per-round \\
        -o contracts=minus, --json > minus.json
    python benchmarks/quodlibet_penalty.py minus.json [more.json ...]

For the first level of the line-up (the one seat against the rest), per kind of deal
(contract): its mean penalty, the other seats' mean penalty, and their **ratio** with a 95%
interval from a **paired per-deal bootstrap**: the deal (one game seed, played once per
seating) is the independent unit, so deals are drawn with replacement, both levels' per-deal
sums travel together, and the ratio of the resampled sums is taken; the 2.5th and 97.5th
percentiles of 10,000 resamples are the interval. Also the first level's **win share** per
game (ties shared; a game's totals are the sum of its rounds) with the tournament's own
interval (Student's t over per-deal mean shares). Several files pool their deals (give them
different seeds: a deal is named by its file and its number).
"""

from __future__ import annotations

import json
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any

from engine import Rng, mean_ci

RESAMPLES = 10_000


def load(paths: list[str]) -> tuple[str, list[dict[str, Any]]]:
    rounds: list[dict[str, Any]] = []
    first: str | None = None
    for number, path in enumerate(paths):
        data = json.loads(Path(path).read_text())
        level = data["lineup"][0]
        if first not in (None, level):
            raise SystemExit(f"{path}: line-up led by {level}, not {first}")
        first = level
        for entry in data["rounds"]:
            rounds.append({**entry, "deal": (number, entry["deal"])})
    assert first is not None
    return first, rounds


def penalties(first: str, rounds: list[dict[str, Any]]) -> dict[str, dict[Any, list[float]]]:
    """kind -> deal -> [first level's penalty sum, others' mean penalty sum, rounds]."""
    out: dict[str, dict[Any, list[float]]] = defaultdict(lambda: defaultdict(lambda: [0, 0, 0]))
    for entry in rounds:
        scores, levels = entry["scores"], entry["levels"]
        mine = [s for s, lv in zip(scores, levels, strict=True) if lv == first]
        rest = [s for s, lv in zip(scores, levels, strict=True) if lv != first]
        cell = out[entry["kind"]][entry["deal"]]
        cell[0] += sum(mine) / len(mine)
        cell[1] += sum(rest) / len(rest)
        cell[2] += 1
    return out


def ratio_ci(cells: list[list[float]], rng: Rng) -> tuple[float, float]:
    ratios = []
    for _ in range(RESAMPLES):
        picks = [cells[rng.below(len(cells))] for _ in cells]
        other = sum(c[1] for c in picks)
        ratios.append(sum(c[0] for c in picks) / other if other else float("inf"))
    ratios.sort()
    return ratios[int(0.025 * RESAMPLES)], ratios[int(0.975 * RESAMPLES) - 1]


def win_shares(first: str, rounds: list[dict[str, Any]]) -> list[float]:
    """Per deal, the first level's mean win share over its seatings."""
    totals: dict[Any, list[float]] = {}
    levels: dict[Any, list[str]] = {}
    for entry in rounds:
        key = (entry["deal"], entry["seating"])
        row = totals.setdefault(key, [0.0] * len(entry["scores"]))
        for seat, score in enumerate(entry["scores"]):
            row[seat] += score
        levels[key] = entry["levels"]
    per_deal: dict[Any, list[float]] = defaultdict(list)
    for key, row in totals.items():
        best = min(row)
        winners = [seat for seat, total in enumerate(row) if total == best]
        mine = sum(1 for seat in winners if levels[key][seat] == first)
        per_deal[key[0]].append(mine / len(winners))
    return [sum(v) / len(v) for v in per_deal.values()]


def main(paths: list[str]) -> None:
    first, rounds = load(paths)
    rng = Rng(12)
    print(f"{first} against the rest, {len(rounds)} rounds from {len(paths)} file(s)")
    for kind, deals in sorted(penalties(first, rounds).items()):
        cells = list(deals.values())
        count = sum(c[2] for c in cells)
        mine = sum(c[0] for c in cells) / count
        rest = sum(c[1] for c in cells) / count
        low, high = ratio_ci(cells, rng)
        ratio = mine / rest if rest else float("inf")
        print(
            f"  {kind:22} deals {len(cells):3}  {first} {mine:7.1f}  others {rest:7.1f}"
            f"  ratio {ratio:.3f}x (95% {low:.3f}-{high:.3f})"
        )
    shares = win_shares(first, rounds)
    ci = mean_ci(shares)
    share = sum(shares) / len(shares)
    span = f"{100 * max(0.0, ci[0]):.1f}-{100 * min(1.0, ci[1]):.1f}%" if ci else "no interval"
    print(f"  win share {100 * share:.1f}% (95% {span}) over {len(shares)} deals")


if __name__ == "__main__":
    main(sys.argv[1:])
