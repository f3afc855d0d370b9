"""What one Quodlibet deal is, whatever its contract: the interface between the game's
structure (dealers, wheels, choosing, totals; ``game.py``) and the play of one deal (trick
contracts in ``tricks_deal.py``, Snack in ``snack.py``).

The structure deals the cards (and records the chance outcome), builds a ``Deal`` for the
chosen contract, and then forwards every action to it until ``done``; it then adds
``scores()`` to the totals and ``detail()`` to the score sheet.
"""

from __future__ import annotations

from typing import Any, Protocol

from ...messages import Message
from ...views import QuodlibetDealZones


class Deal(Protocol):
    contract: str
    """The contract's name as in the notation (``"bribe"``, ``"snack"``)."""

    @property
    def to_act(self) -> int | None:
        """The seat to act, None once the deal is done."""

    @property
    def done(self) -> bool:
        """True once the deal is over and ``scores()`` is final."""

    def legal(self) -> list[str]:
        """Legal actions of ``to_act``: canonical notation, sorted, no duplicates."""

    def parse(self, text: str) -> str:
        """Canonical form of an action of this deal's kind (``play TH``, ``play @3``,
        ``take 2``, ``pass``) or ``IllegalActionError('malformed', ...)``."""

    def why_illegal(self, action: str) -> Message:
        """Why a well-formed action is not legal now (``str()`` of it: in English)."""

    def legal_now(self) -> list[str]:
        """``legal()``, perhaps as the deal's own list, good until its next action: for the
        game's cache, which hands out copies only. Never edit it."""

    def apply(self, action: str) -> dict[str, Any]:
        """Carry out a legal action; return its entry for the public log: ``seat``,
        ``action`` and what the table saw beyond the action text (e.g. ``"card": "QS"`` for
        ``play @2``, ``"jacks": ["JH"]`` for ``take 3``, ``"trick_winner": 2`` when a trick
        completes)."""

    def scores(self) -> list[int]:
        """Penalty points per seat for this deal (meaningful once ``done``)."""

    def detail(self) -> dict[str, Any]:
        """The public breakdown of ``scores()`` for the score sheet (tricks per seat, cards
        that scored, exits in Snack...)."""

    def zones(self, viewer: int | None) -> QuodlibetDealZones:
        """View fields of API.md for this deal as ``viewer`` may see them: ``hand``,
        ``hands``, ``trick``, ``tricks_won``, ``hand_sizes`` (and ``rows``, ``piles`` in
        Snack). Never another seat's hidden card."""
