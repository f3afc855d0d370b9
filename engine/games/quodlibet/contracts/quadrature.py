"""Quadrature (QL-19, wheel 3): the winner of trick 4 scores −40, the winner of trick 8
scores −80; other tricks score nothing."""

from __future__ import annotations

from collections.abc import Sequence

from ....tricks import Trick
from .base import PLAYERS, TRICK_PARAMS, Contract, Line

POINTS_BY_TRICK = {4: -40, 8: -80}


class Quadrature(Contract):
    name = "quadrature"
    title = "Quadrature"
    wheel = 3

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
