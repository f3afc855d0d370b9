"""Nine Virtues (RULES.md NV-1 to NV-14): importing this registers the game.

``game.py`` holds the structure of rounds and turns, ``deal.py`` the deal, ``notation.py``
the action notation and ``scoring.py`` the scoring. The computer players live apart, in
``engine/bots/nine_virtues/``: the rules never import them.

``worlds.py`` builds worlds for search from a seat's view (``worlds(view)``). The names
below are the game's public pieces: what its computer players use.
"""

from __future__ import annotations

from .deal import HAND_SIZE
from .game import CALL, PLAY, NineVirtues
from .notation import BIDS, CALLS, CANONICAL, KILLS, SWAPS, parse_action

__all__ = [
    "BIDS",
    "CALL",
    "CALLS",
    "CANONICAL",
    "HAND_SIZE",
    "KILLS",
    "PLAY",
    "SWAPS",
    "NineVirtues",
    "parse_action",
]
