"""Red Ruffians (QL-12, wheel 1): whoever takes the king of hearts scores +50, whoever takes
the queen of diamonds +30; if both fall in the same trick its winner scores +100 instead
of 80."""

from __future__ import annotations

from collections.abc import Sequence

from ....messages import message
from ....tricks import Trick
from .base import Contract, Entry, card_params

KING_OF_HEARTS = "KH"
QUEEN_OF_DIAMONDS = "QD"


class RedRuffians(Contract):
    name = "red-ruffians"
    title = "Red Ruffians"
    wheel = 1

    def score(self, tricks: Sequence[Trick]) -> list[Entry]:
        entries: list[Entry] = []
        for number, trick in enumerate(tricks, start=1):
            king = KING_OF_HEARTS in trick.cards
            queen = QUEEN_OF_DIAMONDS in trick.cards
            if king and queen:
                reason = message("ql-king-and-queen")
                entries.append(Entry(trick.winner, 100, reason, number))
            elif king:
                reason = message("ql-took-card", **card_params(KING_OF_HEARTS))
                entries.append(Entry(trick.winner, 50, reason, number))
            elif queen:
                reason = message("ql-took-card", **card_params(QUEEN_OF_DIAMONDS))
                entries.append(Entry(trick.winner, 30, reason, number))
        return entries
