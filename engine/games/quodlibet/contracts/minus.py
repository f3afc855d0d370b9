"""Minus (QL-10, wheel 1): +10 per trick taken; a player who takes all 8 tricks scores 100 in
total (not 80)."""

from __future__ import annotations

from collections.abc import Sequence

from ....tricks import Trick
from .base import COUNT_PARAMS, TRICKS, Contract, Line, counts_won, tricks_won


class Minus(Contract):
    name = "minus"
    title = "Minus"
    wheel = 1

    def lines(self, tricks: Sequence[Trick]) -> list[Line]:
        lines: list[Line] = []
        for seat, count in enumerate(tricks_won(tricks)):
            points = self.seat_points(count)
            if count == TRICKS:
                params: dict[str, object] = {"count": TRICKS, "points": points}
                lines.append((seat, points, "ql-took-all-tricks", params, None))
            elif count:
                lines.append((seat, points, "ql-took-tricks", COUNT_PARAMS[count], None))
        return lines

    @staticmethod
    def seat_points(count: int) -> int:
        """The score of a seat that took ``count`` tricks."""
        return 100 if count == TRICKS else 10 * count

    def playout_points(
        self, cards: Sequence[int], winners: Sequence[int], dealt: Sequence[int]
    ) -> list[int]:
        return list(map(self.seat_points, counts_won(winners)))
