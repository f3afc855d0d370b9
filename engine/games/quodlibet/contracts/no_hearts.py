"""No Hearts (QL-14, wheel 2): each heart taken scores, 7 8 9 10 +20 each and J Q K A +10
each; a trick made only of hearts scores +100 flat instead of its card values."""

from __future__ import annotations

from ..card_bits import CARD, SUIT_MASK, SUIT_ORDER
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

LOW_HEARTS = "789T"
LOW_POINTS, HIGH_POINTS, HEARTS_ONLY_POINTS = 20, 10, 100


HEARTS = SUIT_MASK[SUIT_ORDER.index("H")]
"""The hearts, as a mask (``card_bits``)."""


def heart_points(card: str) -> int:
    """The low hearts cost more than the high ones (QL-14)."""
    rank = card[0]  # the rank letter (``cards.rank_of``)
    return LOW_POINTS if rank in LOW_HEARTS else HIGH_POINTS


HEART_POINTS: tuple[int, ...] = tuple(heart_points(code) if code[1] == "H" else 0 for code in CARD)
"""``heart_points`` by card int (``card_bits``; 0 for a card that is no heart)."""


class NoHearts(Contract):
    name = "no-hearts"
    title = "No Hearts"
    wheel = 2

    def deal_points(
        self, cards: Masks, winners: Seats, dealt: Masks, sheet: Sheet | None = None
    ) -> list[int]:
        points = [0] * PLAYERS
        order = cards_of if sheet is None else sheet.order
        for number, (taken, winner) in enumerate(zip(cards, winners, strict=True), start=1):
            hearts = taken & HEARTS
            if not hearts:
                continue
            if hearts == taken:  # every card of the trick a heart
                points[winner] += HEARTS_ONLY_POINTS
                if sheet is not None:
                    sheet.lines.append(
                        (winner, HEARTS_ONLY_POINTS, "ql-hearts-only", NO_PARAMS, number)
                    )
                continue
            took_cards(points, winner, number, order(number, hearts), HEART_POINTS, sheet)
        return points
