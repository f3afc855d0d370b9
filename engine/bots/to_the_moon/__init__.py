"""To the Moon's computer players (RULES.md TM-1..TM-11), one module per level:

* ``normal.py`` — card counting from the view: test, build or withdraw by the odds;
* ``hard.py`` — the determinized search (``../search.py``) with ``sample.py`` (worlds drawn
  from what the view and this round's log reveal).

Nothing is imported here: ``engine.bots`` imports a level's module when it is first asked.
"""

GAME_ID = "to-the-moon"
LEVELS = {"normal": "normal", "hard": "hard"}
"""Level name -> module of this package that defines its ``LEVEL``."""
