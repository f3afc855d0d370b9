"""Bad Neighbour (QL-11, wheel 1): each player's Minus score (QL-10) is written on the
player to their left instead of themselves, so everyone wants tricks."""

from __future__ import annotations

from collections.abc import Sequence

from ....tricks import next_seat
from .base import PLAYERS, CardOrder, Contract, Line, cards_of
from .minus import Minus

_MINUS = Minus()


class BadNeighbour(Contract):
    name = "bad-neighbour"
    title = "Bad Neighbour"
    wheel = 1

    def deal_points(
        self,
        cards: Sequence[int],
        winners: Sequence[int],
        dealt: Sequence[int],
        lines: list[Line] | None = None,
        order: CardOrder = cards_of,
    ) -> list[int]:
        own: list[Line] | None = None if lines is None else []
        minus = _MINUS.deal_points(cards, winners, dealt, own, order)
        points = [0] * PLAYERS
        for seat, scored in enumerate(minus):
            points[next_seat(seat, PLAYERS)] = scored
        if lines is not None and own is not None:
            lines.extend(
                (
                    next_seat(seat, PLAYERS),
                    scored,
                    "ql-neighbour",
                    {"neighbour": seat, "reason": {"code": code, "params": params}},
                    trick,
                )
                for seat, scored, code, params, trick in own
            )
        return points
