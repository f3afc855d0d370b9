"""The views of API.md as types: what ``Game.view(seat)`` returns, field by field.

``CommonView`` holds the fields every game's view has; each game adds its zones
(``NineVirtuesZones``, ``ToTheMoonZones``, ``QuodlibetZones``), which its ``_zones`` returns,
so mypy checks every view against the one statement here. ``View`` is any game's view.

A view is plain JSON (``json.dumps`` writes it as it is) and never holds what its seat may
not know (API.md, "Views").
"""

# No ``from __future__ import annotations`` here: ``TypedDict`` reads its annotations at
# run time to tell required fields from ``NotRequired`` ones (CPython 3.11).
from typing import Any, NotRequired, TypedDict

JSON = Any
LogEntry = dict[str, JSON]
"""A public log entry: ``{"seat", "action", ...}`` plus what the table saw."""
SheetEntry = dict[str, JSON]
"""A score sheet entry: ``{"round", "scores", "detail"}``."""


class CommonView(TypedDict):
    """The fields of every view (API.md, "Views")."""

    game: str
    seat: int | None
    """The viewer; None for what every seat knows."""
    players: int
    round: int
    phase: str
    to_act: int | None
    legal: list[str]
    """The legal actions when the viewer is to act, else ``[]``."""
    totals: list[int]
    over: bool
    winners: list[int]
    options: dict[str, JSON]
    """The game's options but ``deal``."""
    log: list[LogEntry]
    """This round's public log."""
    score_sheet: list[SheetEntry]


class NineVirtuesZones(TypedDict):
    """Nine Virtues' zones (NV-1..NV-14): ranks (ints)."""

    hand: list[int]
    centre: list[int]
    bids: list[list[int]]
    killed: list[int]
    hand_sizes: list[int]
    known: list[list[int]]
    """Per seat, the ranks publicly known to be in that hand (Swap)."""
    aside_size: int
    dealer: int
    turn: int
    kills_allowed: bool
    swaps_allowed: bool
    swap_limit: int | None
    caller: int | None
    """The seat that calls (the holder of the 1) in the call phase, else None."""


ToTheMoonZones = TypedDict(
    "ToTheMoonZones",
    {
        "hand": list[int],
        "trick": list[int],
        "deck_size": int,
        "in": list[bool],
        "piles": list[int],
        "shown": list[int | None],
        "hand_sizes": list[int],
        "dealer": int,
        "leader": int,
        "tricks_won": list[int],
    },
)
"""To the Moon's zones (TM-1..TM-11): ranks (ints). (``in`` is a keyword: hence the call.)"""


class QuodlibetDealZones(TypedDict):
    """The zones a Quodlibet deal shows (``Deal.zones``; while the dealer chooses, the
    game's): card codes (``"QS"``)."""

    hand: list[str] | list[str | None] | None
    """The viewer's cards, a None for each card it may not see; None for ``view(None)``
    (Snack: ``[]``)."""
    hands: list[list[str] | None]
    """Per seat, its cards if the viewer may see them, else None (the viewer's own: None)."""
    trick: list[list[JSON]]
    """``[seat, code]`` per card played to the trick."""
    tricks_won: list[int]
    hand_sizes: list[int]
    led_suit: NotRequired[str | None]
    leader: NotRequired[int | None]
    """The suit led and the seat that led this trick (Snack: None; the game adds them)."""
    trick_number: NotRequired[int]
    """Choosing and trick contracts: the trick being played, from 1."""
    last_trick: NotRequired[dict[str, JSON] | None]
    """Choosing and trick contracts: the last trick completed."""
    rows: NotRequired[dict[str, list[str] | None]]
    """Snack: per suit, the row's end cards (low, high), None before its jack."""
    piles: NotRequired[list[int]]
    """Snack: the sizes of piles 1-6, 0 when taken."""
    out: NotRequired[list[int]]
    """Snack: the seats out, in order."""
    snack_scores: NotRequired[list[int]]


class QuodlibetZones(QuodlibetDealZones):
    """Quodlibet's zones (QL-1..QL-23): the deal's and the game's structure."""

    dealer: int
    contract: str | None
    remaining_contracts: list[str]
    wheel: int
    deals: int


class NineVirtuesView(CommonView, NineVirtuesZones):
    """``view(seat)`` of a Nine Virtues game."""


class ToTheMoonView(CommonView, ToTheMoonZones):
    """``view(seat)`` of a To the Moon game."""


class QuodlibetView(CommonView, QuodlibetZones):
    """``view(seat)`` of a Quodlibet game."""


View = NineVirtuesView | ToTheMoonView | QuodlibetView
"""Any game's view."""


def seat_of(view: CommonView) -> int:
    """The viewer of a seat's view (a computer player's: never ``view(None)``)."""
    seat = view["seat"]
    if seat is None:
        raise ValueError("a seat's view was expected, not view(None)")
    return seat
