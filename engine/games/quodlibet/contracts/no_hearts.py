"""No Hearts (QL-14, wheel 2): each heart taken scores, 7 8 9 10 +20 each and J Q K A +10
each; a trick made only of hearts scores +100 flat instead of its card values."""

from __future__ import annotations

from collections.abc import Sequence

from ..card_bits import CARD, SUIT_MASK, SUIT_ORDER
from .base import CARD_PARAMS, NO_PARAMS, PLAYERS, CardOrder, Contract, Line, cards_of

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
        self,
        cards: Sequence[int],
        winners: Sequence[int],
        dealt: Sequence[int],
        lines: list[Line] | None = None,
        order: CardOrder = cards_of,
    ) -> list[int]:
        points = [0] * PLAYERS
        for number, (taken, winner) in enumerate(zip(cards, winners, strict=True), start=1):
            hearts = taken & HEARTS
            if not hearts:
                continue
            if hearts == taken:  # every card of the trick a heart
                points[winner] += HEARTS_ONLY_POINTS
                if lines is not None:
                    lines.append((winner, HEARTS_ONLY_POINTS, "ql-hearts-only", NO_PARAMS, number))
                continue
            for card in order(number, hearts):
                value = HEART_POINTS[card]
                points[winner] += value
                if lines is not None:
                    lines.append((winner, value, "ql-took-card", CARD_PARAMS[CARD[card]], number))
        return points
