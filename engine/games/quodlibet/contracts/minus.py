"""Minus (QL-10, wheel 1): +10 per trick taken; a player who takes all 8 tricks scores 100 in
total (not 80)."""

from __future__ import annotations

from collections.abc import Sequence

from .base import COUNT_PARAMS, TRICKS, CardOrder, Contract, Line, cards_of, counts_won


class Minus(Contract):
    name = "minus"
    title = "Minus"
    wheel = 1

    @staticmethod
    def seat_points(count: int) -> int:
        """The score of a seat that took ``count`` tricks."""
        return 100 if count == TRICKS else 10 * count

    def deal_points(
        self,
        cards: Sequence[int],
        winners: Sequence[int],
        dealt: Sequence[int],
        lines: list[Line] | None = None,
        order: CardOrder = cards_of,
    ) -> list[int]:
        points = list(map(self.seat_points, counts_won(winners)))
        if lines is not None:
            for seat, (count, scored) in enumerate(zip(counts_won(winners), points, strict=True)):
                if count == TRICKS:
                    params: dict[str, object] = {"count": TRICKS, "points": scored}
                    lines.append((seat, scored, "ql-took-all-tricks", params, None))
                elif count:
                    lines.append((seat, scored, "ql-took-tricks", COUNT_PARAMS[count], None))
        return points
