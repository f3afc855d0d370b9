"""Minus (QL-10, wheel 1): +10 per trick taken; a player who takes all 8 tricks scores 100 in
total (not 80)."""

from __future__ import annotations

from .base import TRICKS, Contract, Masks, Seats, Sheet, count_lines, counts_won


class Minus(Contract):
    name = "minus"
    title = "Minus"
    wheel = 1

    @staticmethod
    def seat_points(count: int) -> int:
        """The score of a seat that took ``count`` tricks."""
        return 100 if count == TRICKS else 10 * count

    def deal_points(
        self, cards: Masks, winners: Seats, dealt: Masks, sheet: Sheet | None = None
    ) -> list[int]:
        counts = counts_won(winners)
        points = list(map(self.seat_points, counts))
        if sheet is not None:
            count_lines(sheet, counts, points, "ql-took-all-tricks")
        return points
