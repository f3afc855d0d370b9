"""Quodlibet (RULES.md QL-1..QL-23): importing this package registers the game. The
computer players live apart, in ``engine/bots/quodlibet/``: the rules never import them.

* ``game.py`` — the structure: first dealer, wheels, choosing, totals (QL-1..QL-8).
* ``deal.py`` — what one deal is (the ``Deal`` protocol).
* ``tricks_deal.py`` — a deal of a trick contract (QL-7).
* ``contracts/`` — the eleven trick contracts, one module each (QL-9..QL-19).
* ``snack.py`` — Snack (QL-20..QL-23).
"""

from __future__ import annotations

from .game import Quodlibet

__all__ = ["Quodlibet"]
