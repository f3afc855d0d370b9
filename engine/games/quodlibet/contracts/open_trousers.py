"""Open Trousers (QL-17, wheel 3): every hand is shuffled into an order its owner does not
know and held facing the others; players play by position (``play @i``) and need not follow
suit. −10 per trick taken; a player who takes all 8 tricks scores +100 instead.

The reshuffle itself is done by the structure (``game.py``), which records it as a chance
outcome; this module says only what differs in play and scoring.
"""

from __future__ import annotations

from .base import TRICKS, Contract, Masks, Seats, Sheet, count_lines, counts_won


class OpenTrousers(Contract):
    name = "open-trousers"
    title = "Open Trousers"
    wheel = 3
    must_follow = False
    visibility = "blind"

    @staticmethod
    def seat_points(count: int) -> int:
        """The score of a seat that took ``count`` tricks."""
        return 100 if count == TRICKS else -10 * count

    def deal_points(
        self, cards: Masks, winners: Seats, dealt: Masks, sheet: Sheet | None = None
    ) -> list[int]:
        counts = counts_won(winners)
        points = list(map(self.seat_points, counts))
        if sheet is not None:
            count_lines(sheet, counts, points, "ql-took-all-tricks-instead")
        return points
