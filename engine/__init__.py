"""Parlour's rules engine: Nine Virtues, To the Moon and Quodlibet.

>>> import engine
>>> g = engine.new_game("to-the-moon", players=3, seed=42, options={"dealer": 0})
>>> g.to_act  # the dealer turned the countdown; their left acts first (TM-3, TM-6)
1
"""

from __future__ import annotations

from . import games as _games  # noqa: F401  (registers every game)
from .errors import ERROR_CODES, IllegalActionError, SaveError
from .game import Game
from .registry import GAMES, new_game
from .saves import SAVE_VERSION, load_game

__all__ = [
    "ERROR_CODES",
    "GAMES",
    "SAVE_VERSION",
    "Game",
    "IllegalActionError",
    "SaveError",
    "load_game",
    "new_game",
]
__version__ = "0.1.0"
