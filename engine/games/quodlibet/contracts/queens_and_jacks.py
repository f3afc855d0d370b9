"""Queens and Jacks (QL-15, wheel 2): each queen taken +30, each jack +20; a trick holding at
least one queen and at least one jack costs its winner an additional +100 (once per
trick)."""

from __future__ import annotations

from collections.abc import Sequence

from ....tricks import Trick
from ..card_bits import INDEX, VALUE_MASK
from .base import CARD_PARAMS, NO_PARAMS, PLAYERS, Contract, Line

POINTS_BY_RANK = {"Q": 30, "J": 20}
BOTH_POINTS = 100
"""What a trick with a queen and a jack costs its winner on top of their points."""
QUEENS, JACKS = (VALUE_MASK[INDEX[rank + "C"] >> 2] for rank in "QJ")
"""The four queens and the four jacks, as masks (``card_bits``)."""


class QueensAndJacks(Contract):
    name = "queens-and-jacks"
    title = "Queens and Jacks"
    wheel = 2

    def lines(self, tricks: Sequence[Trick]) -> list[Line]:
        lines: list[Line] = []
        for number, trick in enumerate(tricks, start=1):
            winner = trick.winner
            queen = jack = False
            for _, card in trick.plays:
                rank = card[0]
                if rank == "Q":
                    queen = True
                elif rank == "J":
                    jack = True
                else:
                    continue
                params = CARD_PARAMS[card]
                lines.append((winner, POINTS_BY_RANK[rank], "ql-took-card", params, number))
            if queen and jack:
                lines.append((winner, BOTH_POINTS, "ql-queen-and-jack", NO_PARAMS, number))
        return lines

    def playout_points(
        self, cards: Sequence[int], winners: Sequence[int], dealt: Sequence[int]
    ) -> list[int]:
        points = [0] * PLAYERS
        queen_points, jack_points = POINTS_BY_RANK["Q"], POINTS_BY_RANK["J"]
        for taken, winner in zip(cards, winners, strict=True):
            queens, jacks = taken & QUEENS, taken & JACKS
            if queens or jacks:
                points[winner] += (
                    queen_points * queens.bit_count()
                    + jack_points * jacks.bit_count()
                    + (BOTH_POINTS if queens and jacks else 0)
                )
        return points
