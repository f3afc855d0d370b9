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
                lines.append((trick.winner, 100, "ql-king-and-queen", NO_PARAMS, number))
            elif king:
                lines.append(
                    (trick.winner, 50, "ql-took-card", card_params(KING_OF_HEARTS), number)
                )
            elif queen:
                params = card_params(QUEEN_OF_DIAMONDS)
                lines.append((trick.winner, 30, "ql-took-card", params, number))
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
                points[winner] += 100 if red == both else 50 if red == king else 30
        return points
