"""To the Moon (RULES.md TM-1..TM-11): ``deal.py`` deals, ``notation.py`` reads actions,
``game.py`` plays. The computer players live apart, in ``engine/bots/to_the_moon/``: the rules
never import them.

``worlds.py`` builds worlds for search from a seat's view (``worlds(view)``). The names
below are the game's public pieces: what its computer players use.
"""

from __future__ import annotations

from .game import ToTheMoon
from .knowledge import seen_in_hands, won_this_round
from .notation import MOVE_CODE, MOVE_TEXT, RANKS_OF, TEST_MOVE, WITHDRAW_NONE

__all__ = [
    "MOVE_CODE",
    "MOVE_TEXT",
    "RANKS_OF",
    "TEST_MOVE",
    "WITHDRAW_NONE",
    "ToTheMoon",
    "seen_in_hands",
    "won_this_round",
]
