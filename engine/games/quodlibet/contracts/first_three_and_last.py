"""First Three and Last (QL-13, wheel 2): the winners of tricks 1, 2, 3 score +10, +20,
+30; the winner of trick 8 scores +50. Tricks 4–7 score nothing."""

from __future__ import annotations

from collections.abc import Sequence

from ....tricks import Trick
from .base import PLAYERS, TRICK_PARAMS, Contract, Line

POINTS_BY_TRICK = {1: 10, 2: 20, 3: 30, 8: 50}


class FirstThreeAndLast(Contract):
    name = "first-three-and-last"
    title = "First Three and Last"
    wheel = 2

    def lines(self, tricks: Sequence[Trick]) -> list[Line]:
        return [
            (trick.winner, POINTS_BY_TRICK[number], "ql-took-trick", TRICK_PARAMS[number], number)
            for number, trick in enumerate(tricks, start=1)
            if number in POINTS_BY_TRICK
        ]

    def playout_points(
        self, cards: Sequence[int], winners: Sequence[int], dealt: Sequence[int]
    ) -> list[int]:
        points = [0] * PLAYERS
        for number, value in POINTS_BY_TRICK.items():
            points[winners[number - 1]] += value
        return points
