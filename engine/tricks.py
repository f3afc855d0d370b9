"""A completed trick as the table shows it, for every trick game: its plays and its winner.

Cards are the French codes of ``engine.cards`` (``"TH"``). Who wins a trick, what may be
played to it and who leads next are the game's play (Quodlibet's, QL-7:
``engine/games/quodlibet/trick_play.py``); a ``Trick`` records what that play decided.

>>> trick = Trick(((1, "9H"), (2, "AH"), (3, "KS"), (0, "TH")), 2)
>>> trick.leader, trick.led_suit, trick.winner
(1, 'H', 2)
"""

from __future__ import annotations

from .cards import suit_of

Play = tuple[int, str]
"""One card in a trick: ``(seat, code)``."""


def next_seat(seat: int, players: int) -> int:
    """The seat to the left (clockwise), who plays after ``seat``."""
    return (seat + 1) % players


class Trick:
    """A completed trick: its plays in order, the leader first, and its ``winner`` (who
    took it and leads the next one). Never changed once made: equal plays make equal
    tricks (and the same hash)."""

    __slots__ = ("plays", "winner")

    plays: tuple[Play, ...]
    winner: int
    """Who takes the trick and leads the next one."""

    def __init__(self, plays: tuple[Play, ...], winner: int) -> None:
        self.plays = plays
        self.winner = winner

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not Trick:
            return NotImplemented
        assert isinstance(other, Trick)
        return self.plays == other.plays

    def __hash__(self) -> int:
        return hash((self.plays,))

    def __repr__(self) -> str:
        return f"Trick(plays={self.plays!r})"

    @property
    def leader(self) -> int:
        return self.plays[0][0]

    @property
    def led_suit(self) -> str:
        return suit_of(self.plays[0][1])

    @property
    def cards(self) -> list[str]:
        return [card for _, card in self.plays]

    def played_by(self, seat: int) -> str:
        for who, card in self.plays:
            if who == seat:
                return card
        raise KeyError(seat)

    def to_json(self) -> dict[str, object]:
        return {
            "leader": self.leader,
            "plays": [[seat, card] for seat, card in self.plays],
            "winner": self.winner,
        }
