"""Nine Virtues (RULES.md NV-1 to NV-14): importing this registers the game.

``game.py`` holds the structure of rounds and turns, ``deal.py`` the deal, ``notation.py``
the action notation and ``scoring.py`` the scoring. The computer players live apart, in
``engine/bots/nine_virtues/``: the rules never import them.
"""

from __future__ import annotations

from .game import NineVirtues

__all__ = ["NineVirtues"]
