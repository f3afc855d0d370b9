"""The Snack layout: one row per suit, grown outward from its jack (RULES.md QL-21).

A row is stored as the rank indexes (into ``FRENCH_RANKS``, 7 = 0 … A = 7) of its two end
cards; every rank between them is on the table, because a row only ever grows by the card
right next to one of its ends. The view form (API.md ``rows``) is the end cards' codes,
``{"S": ["9S", "QS"], "H": None, ...}``.

The same class serves the deal (``snack.py``) and the bot (``engine/bots/quodlibet/snack.py``, which
rebuilds it from a view with ``Rows.from_view``), so the rule of what fits is written once.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ...cards import FRENCH_RANKS, SUITS, rank_of, suit_of
from ...messages import Message, message

JACK = FRENCH_RANKS.index("J")
LOWEST = 0
HIGHEST = len(FRENCH_RANKS) - 1

_RANK: dict[str, int] = {rank: index for index, rank in enumerate(FRENCH_RANKS)}
"""A rank letter's index into ``FRENCH_RANKS`` (looked up: every Snack play asks)."""

RowEnds = tuple[int, int]
"""Rank indexes of a row's low and high end card."""

RowsView = dict[str, list[str] | None]


def _code(rank: int, suit: str) -> str:
    return FRENCH_RANKS[rank] + suit


def _fitting_by_ends(suit: str) -> dict[RowEnds | None, tuple[str, ...]]:
    """The cards of ``suit`` that fit next to its row, for every row it can have: its jack
    before the row is started, else the card below the low end and the one above the high
    end (QL-21)."""
    table: dict[RowEnds | None, tuple[str, ...]] = {None: (_code(JACK, suit),)}
    for low in range(HIGHEST + 1):  # a row holds its jack, but a world's view is any
        for high in range(low, HIGHEST + 1):
            fitting = [_code(low - 1, suit)] if low > LOWEST else []
            if high < HIGHEST:
                fitting.append(_code(high + 1, suit))
            table[(low, high)] = tuple(fitting)
    return table


_FITTING = tuple((suit, _fitting_by_ends(suit)) for suit in SUITS)
"""Per suit, in suit order: what fits next to each possible row (looked up, not worked
out: every Snack action asks)."""


class Rows:
    """The four suit rows of QL-21."""

    __slots__ = ("_ends", "_fits", "_next")

    def __init__(self) -> None:
        self._ends: dict[str, RowEnds | None] = {suit: None for suit in SUITS}
        self._next: list[str] | None = None
        """``next_cards()``, worked out once per layout (``place`` forgets it)."""
        self._fits: frozenset[str] = frozenset()
        """The same cards as a set, made with ``_next`` (for ``fits`` and ``playable``:
        a card is found by its hash, with no compare of texts)."""

    @classmethod
    def from_view(cls, view_rows: Mapping[str, Sequence[str] | None]) -> Rows:
        """Rebuild the rows from the view form (``{"S": [low, high] or None, ...}``)."""
        rows = cls()
        for suit in SUITS:
            ends = view_rows.get(suit)
            if ends is not None:
                low, high = ends
                rows._ends[suit] = (
                    FRENCH_RANKS.index(rank_of(low)),
                    FRENCH_RANKS.index(rank_of(high)),
                )
        return rows

    def copy(self) -> Rows:
        rows = Rows()
        rows._ends = dict(self._ends)
        return rows

    def ends(self, suit: str) -> RowEnds | None:
        return self._ends[suit]

    def fits(self, card: str) -> bool:
        """True if ``card`` may be played now: a jack (it starts its row), or the card right
        next to one end of its suit's row."""
        return card in self._fitting_set()

    def next_cards(self) -> list[str]:
        """Every card that would fit now, in suit order then low end before high end."""
        return list(self._fitting())

    def playable(self, cards: Sequence[str]) -> list[str]:
        """The ``cards`` that fit now, in their order."""
        fitting = self._fitting_set()
        return [card for card in cards if card in fitting]

    def _fitting(self) -> list[str]:
        """``next_cards()`` without the copy: the layout's own list, never handed out."""
        cached = self._next
        if cached is None:
            cached = self._next = self._work_out_fitting()
            self._fits = frozenset(cached)
        return cached

    def _fitting_set(self) -> frozenset[str]:
        """``_fitting()`` as a set."""
        if self._next is None:
            self._fitting()
        return self._fits

    def _work_out_fitting(self) -> list[str]:
        ends = self._ends
        out: list[str] = []
        for suit, fitting in _FITTING:
            out += fitting[ends[suit]]
        return out

    def place(self, card: str) -> None:
        """Put a fitting card on its row (the caller has checked ``fits``)."""
        if card not in self._fitting_set():
            raise ValueError(f"{card} does not fit the rows")  # a caller bug, not a player's
        suit = card[1]
        rank = _RANK[card[0]]
        ends = self._ends[suit]
        self._next = None
        if ends is None:
            self._ends[suit] = (rank, rank)
        else:
            low, high = ends
            self._ends[suit] = (min(low, rank), max(high, rank))

    def on_table(self) -> list[str]:
        """Every card in the rows, suit by suit, low to high."""
        out: list[str] = []
        for suit in SUITS:
            ends = self._ends[suit]
            if ends is not None:
                out.extend(_code(rank, suit) for rank in range(ends[0], ends[1] + 1))
        return out

    def view(self) -> RowsView:
        """The API.md ``rows`` field: end cards' codes per suit, or None before the jack."""
        out: RowsView = {}
        for suit in SUITS:
            ends = self._ends[suit]
            out[suit] = None if ends is None else [_code(ends[0], suit), _code(ends[1], suit)]
        return out

    def why_not(self, card: str) -> Message:
        """Why ``card`` does not fit (call only when it does not)."""
        suit = suit_of(card)
        ends = self._ends[suit]
        if ends is None:
            return message("snack-row-not-started", card=card, suit=suit)
        rank = FRENCH_RANKS.index(rank_of(card))
        low, high = ends
        if rank < low:
            return message(
                "snack-below-end",
                card=card,
                suit=suit,
                end=FRENCH_RANKS[low],
                next=FRENCH_RANKS[low - 1],
            )
        if rank > high:
            return message(
                "snack-above-end",
                card=card,
                suit=suit,
                end=FRENCH_RANKS[high],
                next=FRENCH_RANKS[high + 1],
            )
        return message("snack-in-row", card=card, suit=suit)
