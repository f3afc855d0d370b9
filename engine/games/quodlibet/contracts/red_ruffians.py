"""Red Ruffians (QL-12, wheel 1): whoever takes the king of hearts scores +50, whoever takes
the queen of diamonds +30; if both fall in the same trick its winner scores +100 instead
of 80."""

from __future__ import annotations

from collections.abc import Sequence

from ....tricks import Trick
from .base import NO_PARAMS, Contract, Line, card_params

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
