"""Queens and Jacks (QL-15, wheel 2): each queen taken +30, each jack +20; a trick holding at
least one queen and at least one jack costs its winner an additional +100 (once per
trick)."""

from __future__ import annotations

from ..card_bits import CARD, INDEX, VALUE_MASK
from .base import (
    NO_PARAMS,
    PLAYERS,
    Contract,
    Masks,
    Seats,
    Sheet,
    cards_of,
    took_cards,
)

POINTS_BY_RANK = {"Q": 30, "J": 20}
BOTH_POINTS = 100
"""What a trick with a queen and a jack costs its winner on top of their points."""
QUEENS, JACKS = (VALUE_MASK[INDEX[rank + "C"] >> 2] for rank in "QJ")
"""The four queens and the four jacks, as masks (``card_bits``)."""
CARD_POINTS: tuple[int, ...] = tuple(POINTS_BY_RANK.get(code[0], 0) for code in CARD)
"""``POINTS_BY_RANK`` by card int (0 for a card that scores nothing)."""


class QueensAndJacks(Contract):
    name = "queens-and-jacks"
    title = "Queens and Jacks"
    wheel = 2

    def deal_points(
        self, cards: Masks, winners: Seats, dealt: Masks, sheet: Sheet | None = None
    ) -> list[int]:
        points = [0] * PLAYERS
        order = cards_of if sheet is None else sheet.order
        for number, (taken, winner) in enumerate(zip(cards, winners, strict=True), start=1):
            scoring = taken & (QUEENS | JACKS)
            if not scoring:
                continue
            took_cards(points, winner, number, order(number, scoring), CARD_POINTS, sheet)
            if scoring & QUEENS and scoring & JACKS:
                points[winner] += BOTH_POINTS
                if sheet is not None:
                    sheet.lines.append(
                        (winner, BOTH_POINTS, "ql-queen-and-jack", NO_PARAMS, number)
                    )
        return points
