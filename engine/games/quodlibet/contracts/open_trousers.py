"""Open Trousers (QL-17, wheel 3): every hand is shuffled into an order its owner does not
know and held facing the others; players play by position (``play @i``) and need not follow
suit. −10 per trick taken; a player who takes all 8 tricks scores +100 instead.

The reshuffle itself is done by the structure (``game.py``), which records it as a chance
outcome; this module says only what differs in play and scoring.
"""

from __future__ import annotations

from collections.abc import Sequence

from .base import COUNT_PARAMS, TRICKS, CardOrder, Contract, Line, cards_of, counts_won


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
                    lines.append((seat, scored, "ql-took-all-tricks-instead", params, None))
                elif count:
                    lines.append((seat, scored, "ql-took-tricks", COUNT_PARAMS[count], None))
        return points
