"""Bribe (QL-16, wheel 2): each trick taken +30; the player who played the lowest-ranked card
of the trick (suits ignored) scores +20, and when several are tied for lowest each of them
does; if the trick's winner played a lowest-ranked card, the winner scores an additional
+100.

(resolved) "Additional" is read literally: a winner who played a lowest card scores all
three, +30 for the trick, +20 for the low card and +100 more, i.e. 150 for that trick.
"""

from __future__ import annotations

from collections.abc import Sequence

from ....cards import rank_value
from ....messages import message
from ....tricks import Trick
from .base import Contract, Entry, card_params


class Bribe(Contract):
    name = "bribe"
    title = "Bribe"
    wheel = 2

    def score(self, tricks: Sequence[Trick]) -> list[Entry]:
        entries: list[Entry] = []
        for number, trick in enumerate(tricks, start=1):
            winner = trick.winner
            entries.append(Entry(winner, 30, message("ql-took-the-trick"), number))
            lowest = min(rank_value(card) for card in trick.cards)
            low_seats = [seat for seat, card in trick.plays if rank_value(card) == lowest]
            for seat in low_seats:
                reason = message("ql-lowest-card", **card_params(trick.played_by(seat)))
                entries.append(Entry(seat, 20, reason, number))
            if winner in low_seats:
                reason = message("ql-won-with-lowest")
                entries.append(Entry(winner, 100, reason, number))
        return entries
