"""Bad Neighbour (QL-11, wheel 1): each player's Minus score (QL-10) is written on the
player to their left instead of themselves, so everyone wants tricks."""

from __future__ import annotations

from collections.abc import Sequence

from ....messages import message
from ....tricks import Trick, next_seat
from .base import PLAYERS, Contract, Entry
from .minus import Minus


class BadNeighbour(Contract):
    name = "bad-neighbour"
    title = "Bad Neighbour"
    wheel = 1

    def score(self, tricks: Sequence[Trick]) -> list[Entry]:
        return [
            Entry(
                next_seat(entry.seat, PLAYERS),
                entry.points,
                message("ql-neighbour", neighbour=entry.seat, reason=entry.why.to_json()),
                entry.trick,
            )
            for entry in Minus().score(tricks)
        ]
