"""No Hearts (QL-14, wheel 2): each heart taken scores, 7 8 9 10 +20 each and J Q K A +10
each; a trick made only of hearts scores +100 flat instead of its card values."""

from __future__ import annotations

from collections.abc import Sequence

from ....tricks import Trick
from ..card_bits import SUIT_MASK, SUIT_ORDER, mask_of
from .base import CARD_PARAMS, NO_PARAMS, PLAYERS, Contract, Line

LOW_HEARTS = "789T"
LOW_POINTS, HIGH_POINTS, HEARTS_ONLY_POINTS = 20, 10, 100


HEARTS = SUIT_MASK[SUIT_ORDER.index("H")]
LOW_HEART_CARDS = mask_of(rank + "H" for rank in LOW_HEARTS)
"""The hearts, and those worth ``LOW_POINTS`` (``heart_points``), as masks (``card_bits``)."""


def heart_points(card: str) -> int:
    """The low hearts cost more than the high ones (QL-14)."""
    rank = card[0]  # the rank letter (``cards.rank_of``)
    return LOW_POINTS if rank in LOW_HEARTS else HIGH_POINTS


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
                lines.append((winner, HEARTS_ONLY_POINTS, "ql-hearts-only", NO_PARAMS, number))
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
                    points[winner] += HEARTS_ONLY_POINTS
                else:
                    low = (hearts & LOW_HEART_CARDS).bit_count()
                    points[winner] += LOW_POINTS * low + HIGH_POINTS * (hearts.bit_count() - low)
        return points
