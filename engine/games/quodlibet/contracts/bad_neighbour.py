"""Bad Neighbour (QL-11, wheel 1): each player's Minus score (QL-10) is written on the
player to their left instead of themselves, so everyone wants tricks."""

from __future__ import annotations

from collections.abc import Sequence

from ....tricks import Trick, next_seat
from .base import PLAYERS, Contract, Line
from .minus import Minus

_MINUS = Minus()


class BadNeighbour(Contract):
    name = "bad-neighbour"
    title = "Bad Neighbour"
    wheel = 1

    def lines(self, tricks: Sequence[Trick]) -> list[Line]:
        return [
            (
                next_seat(seat, PLAYERS),
                points,
                "ql-neighbour",
                {"neighbour": seat, "reason": {"code": code, "params": params}},
                trick,
            )
            for seat, points, code, params, trick in _MINUS.lines(tricks)
        ]

    def playout_points(
        self, cards: Sequence[int], winners: Sequence[int], dealt: Sequence[int]
    ) -> list[int]:
        minus = _MINUS.playout_points(cards, winners, dealt)
        points = [0] * PLAYERS
        for seat, own in enumerate(minus):
            points[next_seat(seat, PLAYERS)] = own
        return points
