"""Plus (QL-9, wheel 1): tricks are good. −10 per trick taken; a player who takes no trick
scores +100. Variant ``plus_austrian``: +10 per trick *not* taken, and a player who takes no
trick scores 100 in total (not 80)."""

from __future__ import annotations

from collections.abc import Sequence

from ....messages import message
from ....tricks import Trick
from .base import TRICKS, Contract, Entry, tricks_won


class Plus(Contract):
    name = "plus"
    title = "Plus"
    wheel = 1

    def __init__(self, austrian: bool = False) -> None:
        self.austrian = austrian

    def score(self, tricks: Sequence[Trick]) -> list[Entry]:
        entries: list[Entry] = []
        for seat, count in enumerate(tricks_won(tricks)):
            if count == 0:
                entries.append(Entry(seat, 100, message("ql-took-no-trick")))
            elif self.austrian:
                missed = TRICKS - count
                if missed:
                    reason = message("ql-tricks-not-taken", count=missed)
                    entries.append(Entry(seat, 10 * missed, reason))
            else:
                entries.append(Entry(seat, -10 * count, message("ql-took-tricks", count=count)))
        return entries
