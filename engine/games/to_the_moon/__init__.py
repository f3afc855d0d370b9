"""To the Moon (RULES.md TM-1..TM-11): ``deal.py`` deals, ``notation.py`` reads actions,
``game.py`` plays. The computer players live apart, in ``engine/bots/to_the_moon/``: the rules
never import them."""

from __future__ import annotations

from .game import ToTheMoon

__all__ = ["ToTheMoon"]
