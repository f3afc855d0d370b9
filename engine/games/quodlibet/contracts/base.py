"""What every Quodlibet trick contract says, and the little they share.

A contract says only what differs between contracts (QL-9..QL-19): which wheel it belongs
to, who sees which hand, whether players must follow suit, and how the eight tricks of a
deal are scored. Scoring returns lines, one per reason a seat scored, so the score sheet can
show *why*: a ``Message`` (``engine/messages.py``) such as ``ql-took-card`` with
``{"rank": "K", "suit": "H"}``, in English "took the king of hearts"; a seat's deal score is
the sum of its lines. Points are penalty points: positive is bad (QL-8).

A contract writes its rule once, as ``deal_points``: each seat's points for a finished deal
read from masks of card ints (``card_bits``), as a search's playout keeps a deal; given a
list for them, it also writes the score sheet's lines (plain tuples, ``Line``) where it
adds their points, so a line is never worked out apart from its points. The rest is
derived: ``lines`` and ``points`` of a deal's tricks, ``score`` (``Entry`` objects) and
``line_json`` (the score sheet's JSON, worded once per distinct line).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import ClassVar, Literal, NamedTuple

from ....cards import french_deck
from ....game import json_copy
from ....messages import Message
from ....tricks import Trick
from ..card_bits import CARD, CODE_BIT, INDEX

PLAYERS = 4
TRICKS = 8

Line = tuple[int, int, str, dict[str, object], int | None]
"""One score-sheet line before it is worded: ``(seat, points, code, params, trick)``, where
``code`` and ``params`` make the ``Message`` saying why (``params`` plain JSON, a nested
message as its ``{"code", "params"}``) and ``trick`` is the 1-based trick it came from (None
for a whole-deal reason)."""

CardOrder = Callable[[int, int], Sequence[int]]
"""``order(number, mask)``: the card ints of ``mask`` in trick ``number`` (1-based), in the
order they were played (``in_play_order``: the score sheet's lines follow it) or in any order
(``cards_of``: a search's playout, which keeps no play order, sums points only)."""


def cards_of(number: int, mask: int) -> list[int]:
    """The card ints of ``mask``, lowest first (a ``CardOrder`` for points alone)."""
    found = []
    while mask:
        low = mask & -mask
        found.append(low.bit_length() - 1)
        mask ^= low
    return found


def deal_masks(
    tricks: Sequence[Trick], dealt_too: bool
) -> tuple[list[int], list[int], list[int], CardOrder]:
    """``deal_points``' reading of a finished deal's tricks: each trick's cards (a mask), its
    winner, each seat's cards this deal (the cards it played: a mask; all 0 unless
    ``dealt_too``), and the tricks' play order (``CardOrder``). Every deal of every game is
    read here."""
    bit = CODE_BIT
    plays = [trick.plays for trick in tricks]
    cards = [bit[a] | bit[b] | bit[c] | bit[d] for (_, a), (_, b), (_, c), (_, d) in plays]
    dealt = [0] * PLAYERS
    if dealt_too:
        for trick in plays:
            for seat, code in trick:
                dealt[seat] |= bit[code]

    def in_play_order(number: int, mask: int) -> list[int]:
        return [INDEX[code] for _, code in plays[number - 1] if bit[code] & mask]

    return cards, [trick.winner for trick in tricks], dealt, in_play_order


Masks = Sequence[int]
"""Masks of card ints (``card_bits``): a deal's tricks, or each seat's cards."""
Seats = Sequence[int]


class Sheet(NamedTuple):
    """Where ``deal_points`` writes the score sheet's lines: ``lines`` (appended to, in
    the sheet's order) and the tricks' play order (``order``), which card lines follow."""

    lines: list[Line]
    order: CardOrder


Visibility = Literal["own", "open", "blind"]
"""``own``: each player sees their own hand only; ``open``: every hand lies face up (Good
Hunting, QL-18); ``blind``: each player sees the other three hands but not their own (Open
Trousers, QL-17)."""


_WORDED: dict[tuple[str, tuple[tuple[str, object], ...]], tuple[str, dict[str, object]]] = {}
"""Score-sheet reasons in English and as JSON, by message code and parameters (a few
hundred at most)."""


@dataclass(frozen=True)
class Entry:
    """One line of the score sheet: ``seat`` scores ``points`` because of ``why``
    (``trick`` is the 1-based trick it came from, None for a whole-deal reason).

    In a view: ``{"seat", "points", "reason", "message", "trick"}``, where ``message`` is
    ``why`` as ``{"code", "params"}`` (for the page to word) and ``reason`` its English text
    (kept for the command line and older readers). A card in ``params`` is its ``rank`` and
    ``suit``, never its code: the score sheet stays in later views, where codes name hidden
    cards."""

    seat: int
    points: int
    why: Message
    trick: int | None = None

    @property
    def reason(self) -> str:
        return self._worded()[0]

    def _worded(self) -> tuple[str, dict[str, object]]:
        """``why`` in English and as JSON, worked out once per distinct message: every
        deal's score sheet words its lines, and the same few lines ("took 3 tricks") recur
        all game. The JSON is shared: the score sheet stores a copy (``Game._score_round``)."""
        why = self.why
        try:
            key = (why.code, tuple(why.params.items()))
            return _WORDED[key]
        except TypeError:  # a parameter that is not hashable: word it each time
            return str(why), why.to_json()
        except KeyError:
            worded = _WORDED[key] = (str(why), why.to_json())
            return worded

    def to_json(self) -> dict[str, object]:
        reason, why = self._worded()
        return {
            "seat": self.seat,
            "points": self.points,
            "reason": reason,
            "message": why,
            "trick": self.trick,
        }


Params = dict[str, object]

NO_PARAMS: Params = {}
CARD_PARAMS: dict[str, Params] = {
    card: {"rank": card[0], "suit": card[1]} for card in french_deck()
}
COUNT_PARAMS: tuple[Params, ...] = tuple({"count": count} for count in range(TRICKS + 1))
TRICK_PARAMS: tuple[Params, ...] = tuple({"trick": number} for number in range(TRICKS + 1))
"""A line's message parameters made once and shared by every line that has them: none, a
card (``card_params``), a count of tricks, a trick's number. Parameters are never edited
(``line_json`` copies what it keeps), and a search scores thousands of deals a move."""


def card_params(card: str) -> Params:
    """A card as score-sheet message parameters: ``"KH"`` -> ``{"rank": "K", "suit": "H"}``
    (shared: ``CARD_PARAMS``)."""
    return CARD_PARAMS[card]


class Contract(ABC):
    """A trick contract. Subclasses set the class attributes and implement ``score``."""

    name: ClassVar[str]
    """The name in the notation (``choose bribe``)."""
    title: ClassVar[str]
    wheel: ClassVar[int]
    must_follow: ClassVar[bool] = True
    visibility: ClassVar[Visibility] = "own"
    reads_dealt: ClassVar[bool] = False
    """``deal_points`` reads ``dealt`` (Bribe: who played a trick's lowest card); the
    others are scored without it."""

    @abstractmethod
    def deal_points(
        self, cards: Masks, winners: Seats, dealt: Masks, sheet: Sheet | None = None
    ) -> list[int]:
        """Each seat's points for a finished deal (all eight tricks, QL-7), the contract's
        rule stated once: ``cards[n]`` the four cards of trick ``n + 1`` (a mask of card
        ints, ``card_bits``), ``winners[n]`` who took it, ``dealt[seat]`` the seat's cards
        this deal (a mask). Given a ``sheet``, its lines are added to it, each where its
        points are added, in the order of the sheet (by trick; within a trick, its cards by
        ``sheet.order``, their play order). A search scores thousands of deals a move, with
        no sheet."""

    def lines(self, tricks: Sequence[Trick]) -> list[Line]:
        """The score sheet lines of a finished deal's tricks (``deal_points``)."""
        cards, winners, dealt, order = deal_masks(tricks, self.reads_dealt)
        sheet = Sheet([], order)
        self.deal_points(cards, winners, dealt, sheet)
        return sheet.lines

    def score(self, tricks: Sequence[Trick]) -> list[Entry]:
        """``lines`` as ``Entry`` objects."""
        return [
            Entry(seat, points, Message(code, params), trick)
            for seat, points, code, params, trick in self.lines(tricks)
        ]

    def points(self, tricks: Sequence[Trick]) -> list[int]:
        """Each seat's deal score (``deal_points`` of the tricks)."""
        cards, winners, dealt, _ = deal_masks(tricks, self.reads_dealt)
        return self.deal_points(cards, winners, dealt)


class ByTrickNumber(Contract):
    """A contract that scores the winners of some tricks by their number only
    (``POINTS_BY_TRICK``: trick number -> points, in trick order), the rest nothing."""

    POINTS_BY_TRICK: ClassVar[dict[int, int]]

    def deal_points(
        self, cards: Masks, winners: Seats, dealt: Masks, sheet: Sheet | None = None
    ) -> list[int]:
        points = [0] * PLAYERS
        for number, value in self.POINTS_BY_TRICK.items():
            winner = winners[number - 1]
            points[winner] += value
            if sheet is not None:
                sheet.lines.append((winner, value, "ql-took-trick", TRICK_PARAMS[number], number))
        return points


def took_cards(
    points: list[int],
    winner: int,
    number: int,
    cards: Sequence[int],
    values: Sequence[int],
    sheet: Sheet | None,
) -> None:
    """``winner`` took ``cards`` (card ints, in the sheet's order) in trick ``number``: each
    scores its ``values[card]``, with a line saying which card (No Hearts, Queens and
    Jacks)."""
    for card in cards:
        value = values[card]
        points[winner] += value
        if sheet is not None:
            sheet.lines.append((winner, value, "ql-took-card", CARD_PARAMS[CARD[card]], number))


def count_lines(
    sheet: Sheet, counts: Sequence[int], points: Sequence[int], all_tricks: str
) -> None:
    """The lines of a deal scored by tricks taken (Minus, Good Hunting, Open Trousers): a
    seat that took all eight says so (message ``all_tricks``), one that took some says how
    many, one that took none has no line."""
    for seat, (count, scored) in enumerate(zip(counts, points, strict=True)):
        if count == TRICKS:
            params: dict[str, object] = {"count": TRICKS, "points": scored}
            sheet.lines.append((seat, scored, all_tricks, params, None))
        elif count:
            sheet.lines.append((seat, scored, "ql-took-tricks", COUNT_PARAMS[count], None))


def counts_won(winners: Sequence[int]) -> list[int]:
    """``tricks_won`` from the winners of the tricks, trick by trick."""
    return [winners.count(seat) for seat in range(PLAYERS)]


def tricks_won(tricks: Sequence[Trick]) -> list[int]:
    counts = [0] * PLAYERS
    for trick in tricks:
        counts[trick.winner] += 1
    return counts


def totals(entries: Sequence[Entry]) -> list[int]:
    """Each seat's deal score: the sum of its entries."""
    scores = [0] * PLAYERS
    for entry in entries:
        scores[entry.seat] += entry.points
    return scores


LINE_CACHE_MAX = 4096
"""``line_json`` keeps at most this many distinct lines (a game meets a few hundred)."""

_LINE_JSON: dict[object, dict[str, object]] = {}
"""``line_json``'s score-sheet lines by seat, points, code, trick and parameters."""


def line_json(line: Line) -> dict[str, object]:
    """A line as the score sheet holds it: ``Entry(...).to_json()`` of the same line, made
    once per distinct line and shared (by every game): score-sheet entries are never
    edited, as views copy them and worlds share them (``Game.world_factory``)."""
    seat, points, code, params, trick = line
    try:
        key: object = (seat, points, code, trick, *params.items())
        shown = _LINE_JSON.get(key)
    except TypeError:  # a parameter that is not hashable: its repr names it exactly (JSON)
        key = (seat, points, code, trick, repr(params))
        shown = _LINE_JSON.get(key)
    if shown is None:
        shown = json_copy(Entry(seat, points, Message(code, params), trick).to_json())
        if len(_LINE_JSON) < LINE_CACHE_MAX:
            _LINE_JSON[key] = shown
    return shown
