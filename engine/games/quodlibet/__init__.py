"""Quodlibet (RULES.md QL-1..QL-23): importing this package registers the game. The
computer players live apart, in ``engine/bots/quodlibet/``: the rules never import them.

* ``game.py`` — the structure: first dealer, wheels, choosing, totals (QL-1..QL-8).
* ``deal.py`` — what one deal is (the ``Deal`` protocol).
* ``tricks_deal.py`` — a deal of a trick contract (QL-7).
* ``contracts/`` — the eleven trick contracts, one module each (QL-9..QL-19).
* ``snack.py`` — Snack (QL-20..QL-23).
* ``worlds.py`` — worlds for search, from a seat's view (``worlds(view)``).

The names below are the game's public pieces: what its computer players use.
"""

from __future__ import annotations

from .card_bits import (
    CARD,
    CODE_BIT,
    HAND_SUITS,
    HIGHER_MASK,
    INDEX,
    LOWER_MASK,
    SUIT_MASK,
    VALUE_MASK,
    mask_of,
)
from .contracts import TRICK_CONTRACTS, TRICKS, contract_for
from .game import SNACK_HAND_SIZE, Quodlibet
from .snack import SnackDeal
from .snack_rows import JACK, Rows
from .trick_play import PositionPolicy, TrickPolicy
from .tricks_deal import PLAY_ACTION, TricksDeal, plays_in_log

__all__ = [
    "CARD",
    "CODE_BIT",
    "HAND_SUITS",
    "HIGHER_MASK",
    "INDEX",
    "JACK",
    "LOWER_MASK",
    "PLAY_ACTION",
    "SNACK_HAND_SIZE",
    "SUIT_MASK",
    "TRICKS",
    "TRICK_CONTRACTS",
    "VALUE_MASK",
    "PositionPolicy",
    "Quodlibet",
    "Rows",
    "SnackDeal",
    "TrickPolicy",
    "TricksDeal",
    "contract_for",
    "mask_of",
    "plays_in_log",
]
