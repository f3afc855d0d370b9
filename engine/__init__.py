"""Parlour's rules engine: Nine Virtues, To the Moon and Quodlibet.

>>> import engine
>>> g = engine.new_game("to-the-moon", players=3, seed=42, options={"dealer": 0})
>>> g.to_act  # the dealer turned the countdown; their left acts first (TM-3, TM-6)
1
"""

from __future__ import annotations

from . import bots as _bots
from . import games as _games  # noqa: F401  (registers every game)
from .errors import ERROR_CODES, IllegalActionError, SaveError
from .game import Game, install_bot_players
from .registry import GAMES, new_game
from .saves import SAVE_VERSION, load_game

# The composition: the rules (``engine.games``) and the computer players (``engine.bots``)
# never import each other; here the bots' registry is handed to ``Game.bot_action``. It
# loads no bot code: a level's module is imported when that level first picks a move.
install_bot_players(_bots)

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
