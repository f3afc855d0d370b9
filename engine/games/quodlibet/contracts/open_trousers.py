"""Open Trousers (QL-17, wheel 3): every hand is shuffled into an order its owner does not
know and held facing the others; players play by position (``play @i``) and need not follow
suit. −10 per trick taken; a player who takes all 8 tricks scores +100 instead.

The reshuffle itself is done by the structure (``game.py``), which records it as a chance
outcome; this module says only what differs in play and scoring.
"""

from __future__ import annotations

from collections.abc import Sequence

from ....tricks import Trick
from .base import COUNT_PARAMS, TRICKS, Contract, Line, counts_won, tricks_won


class OpenTrousers(Contract):
    name = "open-trousers"
    title = "Open Trousers"
    wheel = 3
    must_follow = False
    visibility = "blind"

    def lines(self, tricks: Sequence[Trick]) -> list[Line]:
        lines: list[Line] = []
        for seat, count in enumerate(tricks_won(tricks)):
            points = self.seat_points(count)
            if count == TRICKS:
                params: dict[str, object] = {"count": TRICKS, "points": points}
                lines.append((seat, points, "ql-took-all-tricks-instead", params, None))
            elif count:
                lines.append((seat, points, "ql-took-tricks", COUNT_PARAMS[count], None))
        return lines

    @staticmethod
    def seat_points(count: int) -> int:
        """The score of a seat that took ``count`` tricks."""
        return 100 if count == TRICKS else -10 * count

    def playout_points(
        self, cards: Sequence[int], winners: Sequence[int], dealt: Sequence[int]
    ) -> list[int]:
        return list(map(self.seat_points, counts_won(winners)))
