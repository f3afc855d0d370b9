"""Trick-taking mechanics, written once for every trick game (QL-7).

Cards are the French codes of ``engine.cards`` (``"TH"``). There are no trumps: the highest
card of the suit led wins the trick and its winner leads the next one. Whether a player must
follow suit is the caller's choice (Open Trousers, QL-17, has no follow rule).

>>> trick = Trick(((1, "9H"), (2, "AH"), (3, "KS"), (0, "TH")))
>>> trick.led_suit, trick.winner
('H', 2)
>>> legal_cards(["7S", "QH", "AC"], "H", must_follow=True)
['QH']
"""

from __future__ import annotations

from collections.abc import Sequence

from .cards import french_deck, rank_value, suit_of

_RANK_VALUE = {card[0]: rank_value(card) for card in french_deck()}
"""``rank_value`` by rank letter, looked up (every trick of every search rollout asks)."""

Play = tuple[int, str]
"""One card in a trick: ``(seat, code)``."""

_new = object.__new__


def next_seat(seat: int, players: int) -> int:
    """The seat to the left (clockwise), who plays after ``seat``."""
    return (seat + 1) % players


def led_suit(plays: Sequence[Play]) -> str | None:
    """The suit of the first card of the trick, None while the trick is empty."""
    return suit_of(plays[0][1]) if plays else None


def can_follow(hand: Sequence[str], suit: str) -> bool:
    return any(suit_of(card) == suit for card in hand)


def legal_cards(hand: Sequence[str], led: str | None, must_follow: bool) -> list[str]:
    """The cards of ``hand`` that may be played to a trick whose led suit is ``led``: with a
    follow rule, the cards of the led suit when the hand has any; otherwise every card."""
    if must_follow and led is not None and can_follow(hand, led):
        return [card for card in hand if suit_of(card) == led]
    return list(hand)


def winning_play(plays: Sequence[Play]) -> Play:
    """The play that currently wins (or has won) the trick: the highest card of the suit
    led. Off-suit cards never win, whatever their rank (no trumps, QL-1)."""
    if not plays:
        raise ValueError("an empty trick has no winner")
    best = plays[0]
    suit = best[1][1]
    top = _RANK_VALUE[best[1][0]]
    for play in plays[1:]:
        card = play[1]
        if card[1] == suit and _RANK_VALUE[card[0]] > top:
            best, top = play, _RANK_VALUE[card[0]]
    return best


class Trick:
    """A completed trick: its plays in order, the leader first, and its ``winner`` (who
    takes it and leads the next one), worked out once. Never changed once made: equal
    plays make equal tricks (and the same hash).

    A plain class with slots rather than a dataclass: every deal of every search rollout
    makes eight, and reading a slot is cheaper than a property call (in Pyodide most)."""

    __slots__ = ("plays", "winner")

    plays: tuple[Play, ...]
    winner: int
    """Who takes the trick and leads the next one."""

    def __init__(self, plays: tuple[Play, ...]) -> None:
        self.plays = plays
        self.winner = winning_play(plays)[0]

    @classmethod
    def won_by(cls, plays: tuple[Play, ...], winner: int) -> Trick:
        """``Trick(plays)`` when the caller already knows its winner (``winning_play``):
        a deal keeps the winning play as the cards fall, so it need not look again."""
        trick = _new(cls)
        trick.plays = plays
        trick.winner = winner
        return trick

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
