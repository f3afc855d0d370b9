"""Bribe (QL-16, wheel 2): each trick taken +30; the player who played the lowest-ranked card
of the trick (suits ignored) scores +20, and when several are tied for lowest each of them
does; if the trick's winner played a lowest-ranked card, the winner scores an additional
+100.

(resolved) "Additional" is read literally: a winner who played a lowest card scores all
three, +30 for the trick, +20 for the low card and +100 more, i.e. 150 for that trick.
"""

from __future__ import annotations

from ..card_bits import BIT, CARD, VALUE_MASK
from .base import CARD_PARAMS, NO_PARAMS, PLAYERS, Contract, Masks, Seats, Sheet, cards_of

TRICK_POINTS, LOWEST_POINTS, WON_WITH_LOWEST_POINTS = 30, 20, 100


class Bribe(Contract):
    name = "bribe"
    title = "Bribe"
    wheel = 2
    reads_dealt = True

    def deal_points(
        self, cards: Masks, winners: Seats, dealt: Masks, sheet: Sheet | None = None
    ) -> list[int]:
        points = [0] * PLAYERS
        order = cards_of if sheet is None else sheet.order
        for number, (taken, winner) in enumerate(zip(cards, winners, strict=True), start=1):
            points[winner] += TRICK_POINTS
            if sheet is not None:
                sheet.lines.append((winner, TRICK_POINTS, "ql-took-the-trick", NO_PARAMS, number))
            # The cards of the trick's lowest rank (that of its lowest card int).
            low = taken & VALUE_MASK[((taken & -taken).bit_length() - 1) >> 2]
            took_lowest = False
            for card in order(number, low):
                bit = BIT[card]
                seat = 0
                while not dealt[seat] & bit:  # who played it (one card of a trick per seat)
                    seat += 1
                points[seat] += LOWEST_POINTS
                if sheet is not None:
                    params = CARD_PARAMS[CARD[card]]
                    sheet.lines.append((seat, LOWEST_POINTS, "ql-lowest-card", params, number))
                took_lowest = took_lowest or seat == winner
            if took_lowest:
                points[winner] += WON_WITH_LOWEST_POINTS
                if sheet is not None:
                    sheet.lines.append(
                        (winner, WON_WITH_LOWEST_POINTS, "ql-won-with-lowest", NO_PARAMS, number)
                    )
        return points
