"""Quodlibet's computer players (RULES.md QL-1..QL-23), one module per level:

* ``normal.py`` — choosing by hand strength, trick play by per-contract modes, Snack by
  ``snack.py``;
* ``hard.py`` — the determinized search (``../search.py``) with ``sample.py`` (trick
  contracts and choosing) and ``snack_sample.py`` (Snack: what takes and passes say), both
  dealing through ``../assign.py``, and ``rollout.py`` (the policy that plays a deal out).

Nothing is imported here: ``engine.bots`` imports a level's module when it is first asked.
"""

GAME_ID = "quodlibet"
LEVELS = {"normal": "normal", "hard": "hard"}
"""Level name -> module of this package that defines its ``LEVEL``."""
