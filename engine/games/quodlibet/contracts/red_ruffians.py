"""Red Ruffians (QL-12, wheel 1): whoever takes the king of hearts scores +50, whoever takes
the queen of diamonds +30; if both fall in the same trick its winner scores +100 instead
of 80."""

from __future__ import annotations

from collections.abc import Sequence

from ....tricks import Trick
from ..card_bits import CODE_BIT
from .base import NO_PARAMS, PLAYERS, Contract, Line, card_params

KING_OF_HEARTS = "KH"
QUEEN_OF_DIAMONDS = "QD"
KING_POINTS, QUEEN_POINTS, BOTH_POINTS = 50, 30, 100


class RedRuffians(Contract):
    name = "red-ruffians"
    title = "Red Ruffians"
    wheel = 1

    def lines(self, tricks: Sequence[Trick]) -> list[Line]:
        lines: list[Line] = []
        for number, trick in enumerate(tricks, start=1):
            king = queen = False
            for _, card in trick.plays:
                if card == KING_OF_HEARTS:
                    king = True
                elif card == QUEEN_OF_DIAMONDS:
                    queen = True
            if king and queen:
                lines.append((trick.winner, BOTH_POINTS, "ql-king-and-queen", NO_PARAMS, number))
            elif king:
                params = card_params(KING_OF_HEARTS)
                lines.append((trick.winner, KING_POINTS, "ql-took-card", params, number))
            elif queen:
                params = card_params(QUEEN_OF_DIAMONDS)
                lines.append((trick.winner, QUEEN_POINTS, "ql-took-card", params, number))
        return lines

    def playout_points(
        self, cards: Sequence[int], winners: Sequence[int], dealt: Sequence[int]
    ) -> list[int]:
        points = [0] * PLAYERS
        king, queen = CODE_BIT[KING_OF_HEARTS], CODE_BIT[QUEEN_OF_DIAMONDS]
        both = king | queen
        for taken, winner in zip(cards, winners, strict=True):
            red = taken & both
            if red:
                points[winner] += (
                    BOTH_POINTS if red == both else KING_POINTS if red == king else QUEEN_POINTS
                )
        return points
