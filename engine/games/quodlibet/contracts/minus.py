"""Minus (QL-10, wheel 1): +10 per trick taken; a player who takes all 8 tricks scores 100 in
total (not 80)."""

from __future__ import annotations

from collections.abc import Sequence

from ....messages import message
from ....tricks import Trick
from .base import TRICKS, Contract, Entry, tricks_won


class Minus(Contract):
    name = "minus"
    title = "Minus"
    wheel = 1

    def score(self, tricks: Sequence[Trick]) -> list[Entry]:
        entries: list[Entry] = []
        for seat, count in enumerate(tricks_won(tricks)):
            if count == TRICKS:
                reason = message("ql-took-all-tricks", count=TRICKS, points=100)
                entries.append(Entry(seat, 100, reason))
            elif count:
                entries.append(Entry(seat, 10 * count, message("ql-took-tricks", count=count)))
        return entries
