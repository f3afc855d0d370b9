"""To the Moon (RULES.md TM-1..TM-11): ``deal.py`` deals, ``notation.py`` reads actions,
``game.py`` plays; the ``normal`` bot lives in ``engine/bots/to_the_moon.py``."""

from __future__ import annotations

from ...bots import to_the_moon as _bot  # noqa: F401  (registers the bot)
from ...bots import to_the_moon_search as _hard  # noqa: F401  (registers the hard level)
from .game import ToTheMoon

__all__ = ["ToTheMoon"]
