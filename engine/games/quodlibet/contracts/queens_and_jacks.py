"""Queens and Jacks (QL-15, wheel 2): each queen taken +30, each jack +20; a trick holding at
least one queen and at least one jack costs its winner an additional +100 (once per
trick)."""

from __future__ import annotations

from collections.abc import Sequence

from ....cards import rank_of
from ....messages import message
from ....tricks import Trick
from .base import Contract, Entry, card_params

POINTS_BY_RANK = {"Q": 30, "J": 20}


class QueensAndJacks(Contract):
    name = "queens-and-jacks"
    title = "Queens and Jacks"
    wheel = 2

    def score(self, tricks: Sequence[Trick]) -> list[Entry]:
        entries: list[Entry] = []
        for number, trick in enumerate(tricks, start=1):
            ranks = [rank_of(card) for card in trick.cards]
            for card in trick.cards:
                points = POINTS_BY_RANK.get(rank_of(card))
                if points:
                    reason = message("ql-took-card", **card_params(card))
                    entries.append(Entry(trick.winner, points, reason, number))
            if "Q" in ranks and "J" in ranks:
                reason = message("ql-queen-and-jack")
                entries.append(Entry(trick.winner, 100, reason, number))
        return entries
