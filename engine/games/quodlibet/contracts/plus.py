"""Plus (QL-9, wheel 1): tricks are good. −10 per trick taken; a player who takes no trick
scores +100. Variant ``plus_austrian``: +10 per trick *not* taken, and a player who takes no
trick scores 100 in total (not 80)."""

from __future__ import annotations

from collections.abc import Sequence

from ....tricks import Trick
from .base import COUNT_PARAMS, NO_PARAMS, TRICKS, Contract, Line, counts_won, tricks_won


class Plus(Contract):
    name = "plus"
    title = "Plus"
    wheel = 1

    def __init__(self, austrian: bool = False) -> None:
        self.austrian = austrian

    def lines(self, tricks: Sequence[Trick]) -> list[Line]:
        lines: list[Line] = []
        for seat, count in enumerate(tricks_won(tricks)):
            points = self.seat_points(count)
            if count == 0:
                lines.append((seat, points, "ql-took-no-trick", NO_PARAMS, None))
            elif self.austrian:
                missed = TRICKS - count
                if missed:
                    params = COUNT_PARAMS[missed]
                    lines.append((seat, points, "ql-tricks-not-taken", params, None))
            else:
                lines.append((seat, points, "ql-took-tricks", COUNT_PARAMS[count], None))
        return lines

    def seat_points(self, count: int) -> int:
        """The score of a seat that took ``count`` tricks."""
        if count == 0:
            return 100
        return 10 * (TRICKS - count) if self.austrian else -10 * count

    def playout_points(
        self, cards: Sequence[int], winners: Sequence[int], dealt: Sequence[int]
    ) -> list[int]:
        return list(map(self.seat_points, counts_won(winners)))
