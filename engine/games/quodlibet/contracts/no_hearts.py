"""No Hearts (QL-14, wheel 2): each heart taken scores, 7 8 9 10 +20 each and J Q K A +10
each; a trick made only of hearts scores +100 flat instead of its card values."""

from __future__ import annotations

from collections.abc import Sequence

from ....tricks import Trick
from ..card_bits import SUIT_MASK, SUIT_ORDER, mask_of
from .base import CARD_PARAMS, NO_PARAMS, PLAYERS, Contract, Line

LOW_HEARTS = "789T"


HEARTS = SUIT_MASK[SUIT_ORDER.index("H")]
LOW_HEART_CARDS = mask_of(rank + "H" for rank in LOW_HEARTS)
"""The hearts, and those worth 20 (``heart_points``), as masks (``card_bits``)."""


def heart_points(card: str) -> int:
    """The low hearts cost more than the high ones (QL-14)."""
    return 20 if card[0] in LOW_HEARTS else 10  # the rank letter (``cards.rank_of``)


class NoHearts(Contract):
    name = "no-hearts"
    title = "No Hearts"
    wheel = 2

    def lines(self, tricks: Sequence[Trick]) -> list[Line]:
        lines: list[Line] = []
        for number, trick in enumerate(tricks, start=1):
            hearts = [card for _, card in trick.plays if card[1] == "H"]
            if not hearts:
                continue
            winner = trick.winner
            if len(hearts) == len(trick.plays):
                lines.append((winner, 100, "ql-hearts-only", NO_PARAMS, number))
                continue
            for card in hearts:
                params = CARD_PARAMS[card]
                lines.append((winner, heart_points(card), "ql-took-card", params, number))
        return lines

    def playout_points(
        self, cards: Sequence[int], winners: Sequence[int], dealt: Sequence[int]
    ) -> list[int]:
        points = [0] * PLAYERS
        for taken, winner in zip(cards, winners, strict=True):
            hearts = taken & HEARTS
            if hearts:
                if hearts == taken:  # every card of the trick a heart
                    points[winner] += 100
                else:
                    low = (hearts & LOW_HEART_CARDS).bit_count()
                    points[winner] += 20 * low + 10 * (hearts.bit_count() - low)
        return points
