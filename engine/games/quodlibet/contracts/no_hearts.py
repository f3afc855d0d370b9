"""No Hearts (QL-14, wheel 2): each heart taken scores, 7 8 9 10 +20 each and J Q K A +10
each; a trick made only of hearts scores +100 flat instead of its card values."""

from __future__ import annotations

from collections.abc import Sequence

from ....cards import rank_of, suit_of
from ....messages import message
from ....tricks import Trick
from .base import Contract, Entry, card_params

LOW_HEARTS = "789T"


def heart_points(card: str) -> int:
    """The low hearts cost more than the high ones (QL-14)."""
    return 20 if rank_of(card) in LOW_HEARTS else 10


class NoHearts(Contract):
    name = "no-hearts"
    title = "No Hearts"
    wheel = 2

    def score(self, tricks: Sequence[Trick]) -> list[Entry]:
        entries: list[Entry] = []
        for number, trick in enumerate(tricks, start=1):
            hearts = [card for card in trick.cards if suit_of(card) == "H"]
            if len(hearts) == len(trick.cards):
                reason = message("ql-hearts-only")
                entries.append(Entry(trick.winner, 100, reason, number))
                continue
            for card in hearts:
                reason = message("ql-took-card", **card_params(card))
                entries.append(Entry(trick.winner, heart_points(card), reason, number))
        return entries
