"""Nine Virtues (RULES.md NV-1 to NV-14): importing this registers the game and its bot.

``game.py`` holds the structure of rounds and turns, ``deal.py`` the deal, ``notation.py``
the action notation and ``scoring.py`` the scoring; the ``normal`` computer player lives in
``engine/bots/nine_virtues.py``, the ``hard`` one in ``engine/bots/nine_virtues_search.py``.
"""

from __future__ import annotations

from ...bots import nine_virtues as _bot  # noqa: F401  (registers the bot)
from ...bots import nine_virtues_search as _hard  # noqa: F401  (registers the hard level)
from .game import NineVirtues

__all__ = ["NineVirtues"]
