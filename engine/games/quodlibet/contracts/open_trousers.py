"""Open Trousers (QL-17, wheel 3): every hand is shuffled into an order its owner does not
know and held facing the others; players play by position (``play @i``) and need not follow
suit. −10 per trick taken; a player who takes all 8 tricks scores +100 instead.

The reshuffle itself is done by the structure (``game.py``), which records it as a chance
outcome; this module says only what differs in play and scoring.
"""

from __future__ import annotations

from collections.abc import Sequence

from ....messages import message
from ....tricks import Trick
from .base import TRICKS, Contract, Entry, tricks_won


class OpenTrousers(Contract):
    name = "open-trousers"
    title = "Open Trousers"
    wheel = 3
    must_follow = False
    visibility = "blind"

    def score(self, tricks: Sequence[Trick]) -> list[Entry]:
        entries: list[Entry] = []
        for seat, count in enumerate(tricks_won(tricks)):
            if count == TRICKS:
                reason = message("ql-took-all-tricks-instead", count=TRICKS, points=100)
                entries.append(Entry(seat, 100, reason))
            elif count:
                entries.append(Entry(seat, -10 * count, message("ql-took-tricks", count=count)))
        return entries
