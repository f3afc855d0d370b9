"""Plus (QL-9, wheel 1): tricks are good. −10 per trick taken; a player who takes no trick
scores +100. Variant ``plus_austrian``: +10 per trick *not* taken, and a player who takes no
trick scores 100 in total (not 80)."""

from __future__ import annotations

from .base import COUNT_PARAMS, NO_PARAMS, TRICKS, Contract, Masks, Seats, Sheet, counts_won


class Plus(Contract):
    name = "plus"
    title = "Plus"
    wheel = 1

    def __init__(self, austrian: bool = False) -> None:
        self.austrian = austrian

    def seat_points(self, count: int) -> int:
        """The score of a seat that took ``count`` tricks."""
        if count == 0:
            return 100
        return 10 * (TRICKS - count) if self.austrian else -10 * count

    def deal_points(
        self, cards: Masks, winners: Seats, dealt: Masks, sheet: Sheet | None = None
    ) -> list[int]:
        points = list(map(self.seat_points, counts_won(winners)))
        if sheet is not None:
            for seat, (count, scored) in enumerate(zip(counts_won(winners), points, strict=True)):
                if count == 0:
                    sheet.lines.append((seat, scored, "ql-took-no-trick", NO_PARAMS, None))
                elif self.austrian:
                    missed = TRICKS - count
                    if missed:
                        params = COUNT_PARAMS[missed]
                        sheet.lines.append((seat, scored, "ql-tricks-not-taken", params, None))
                else:
                    sheet.lines.append((seat, scored, "ql-took-tricks", COUNT_PARAMS[count], None))
        return points
