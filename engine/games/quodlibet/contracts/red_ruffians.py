"""Red Ruffians (QL-12, wheel 1): whoever takes the king of hearts scores +50, whoever takes
the queen of diamonds +30; if both fall in the same trick its winner scores +100 instead
of 80."""

from __future__ import annotations

from ..card_bits import CODE_BIT
from .base import NO_PARAMS, PLAYERS, Contract, Masks, Params, Seats, Sheet, card_params

KING_OF_HEARTS = "KH"
QUEEN_OF_DIAMONDS = "QD"
KING_POINTS, QUEEN_POINTS, BOTH_POINTS = 50, 30, 100

KING, QUEEN = CODE_BIT[KING_OF_HEARTS], CODE_BIT[QUEEN_OF_DIAMONDS]
BOTH = KING | QUEEN
REASONS: dict[int, tuple[int, str, Params]] = {
    BOTH: (BOTH_POINTS, "ql-king-and-queen", NO_PARAMS),
    KING: (KING_POINTS, "ql-took-card", card_params(KING_OF_HEARTS)),
    QUEEN: (QUEEN_POINTS, "ql-took-card", card_params(QUEEN_OF_DIAMONDS)),
}
"""What a trick's red cards (a mask: the king, the queen or both) cost its winner, and why."""


class RedRuffians(Contract):
    name = "red-ruffians"
    title = "Red Ruffians"
    wheel = 1

    def deal_points(
        self, cards: Masks, winners: Seats, dealt: Masks, sheet: Sheet | None = None
    ) -> list[int]:
        points = [0] * PLAYERS
        for number, (taken, winner) in enumerate(zip(cards, winners, strict=True), start=1):
            red = taken & BOTH
            if red:
                value, code, params = REASONS[red]
                points[winner] += value
                if sheet is not None:
                    sheet.lines.append((winner, value, code, params, number))
        return points
