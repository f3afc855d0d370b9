"""Bribe (QL-16, wheel 2): each trick taken +30; the player who played the lowest-ranked card
of the trick (suits ignored) scores +20, and when several are tied for lowest each of them
does; if the trick's winner played a lowest-ranked card, the winner scores an additional
+100.

(resolved) "Additional" is read literally: a winner who played a lowest card scores all
three, +30 for the trick, +20 for the low card and +100 more, i.e. 150 for that trick.
"""

from __future__ import annotations

from collections.abc import Sequence

from ....cards import RANK_VALUES as RANK
from ....tricks import Trick
from ..card_bits import VALUE_MASK
from .base import CARD_PARAMS, NO_PARAMS, PLAYERS, Contract, Line

TRICK_POINTS, LOWEST_POINTS, WON_WITH_LOWEST_POINTS = 30, 20, 100


class Bribe(Contract):
    name = "bribe"
    title = "Bribe"
    wheel = 2

    def lines(self, tricks: Sequence[Trick]) -> list[Line]:
        lines: list[Line] = []
        for number, trick in enumerate(tricks, start=1):
            winner = trick.winner
            lines.append((winner, TRICK_POINTS, "ql-took-the-trick", NO_PARAMS, number))
            # The plays of the lowest rank, in play order (one pass: a search scores
            # thousands of deals).
            lowest = 8
            low: list[tuple[int, str]] = []
            for play in trick.plays:
                rank = RANK[play[1][0]]
                if rank < lowest:
                    lowest, low = rank, [play]
                elif rank == lowest:
                    low.append(play)
            took_lowest = False
            for seat, card in low:
                params = CARD_PARAMS[card]
                lines.append((seat, LOWEST_POINTS, "ql-lowest-card", params, number))
                took_lowest = took_lowest or seat == winner
            if took_lowest:
                lines.append(
                    (winner, WON_WITH_LOWEST_POINTS, "ql-won-with-lowest", NO_PARAMS, number)
                )
        return lines

    def playout_points(
        self, cards: Sequence[int], winners: Sequence[int], dealt: Sequence[int]
    ) -> list[int]:
        points = [0] * PLAYERS
        for taken, winner in zip(cards, winners, strict=True):
            points[winner] += TRICK_POINTS
            # The cards of the trick's lowest rank (that of its lowest card int).
            low = taken & VALUE_MASK[((taken & -taken).bit_length() - 1) >> 2]
            for seat, held in enumerate(dealt):
                if held & low:  # one card of a trick per seat
                    points[seat] += LOWEST_POINTS
                    if seat == winner:
                        points[seat] += WON_WITH_LOWEST_POINTS
        return points
