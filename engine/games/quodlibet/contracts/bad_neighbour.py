"""Bad Neighbour (QL-11, wheel 1): each player's Minus score (QL-10) is written on the
player to their left instead of themselves, so everyone wants tricks."""

from __future__ import annotations

from ....tricks import next_seat
from .base import PLAYERS, Contract, Masks, Seats, Sheet
from .minus import Minus

_MINUS = Minus()


class BadNeighbour(Contract):
    name = "bad-neighbour"
    title = "Bad Neighbour"
    wheel = 1

    def deal_points(
        self, cards: Masks, winners: Seats, dealt: Masks, sheet: Sheet | None = None
    ) -> list[int]:
        own = None if sheet is None else Sheet([], sheet.order)
        minus = _MINUS.deal_points(cards, winners, dealt, own)
        points = [0] * PLAYERS
        for seat, scored in enumerate(minus):
            points[next_seat(seat, PLAYERS)] = scored
        if sheet is not None and own is not None:
            sheet.lines.extend(
                (
                    next_seat(seat, PLAYERS),
                    scored,
                    "ql-neighbour",
                    {"neighbour": seat, "reason": {"code": code, "params": params}},
                    trick,
                )
                for seat, scored, code, params, trick in own.lines
            )
        return points
