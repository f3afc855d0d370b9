"""Quodlibet's computer players (RULES.md QL-1..QL-23), one module per level:

* ``normal.py`` — choosing by hand strength, trick play by per-contract modes, Snack by
  ``snack.py``;
* ``hard.py`` — the determinized search (``../search.py``) with ``sample.py`` (trick
  contracts and choosing) and ``snack_sample.py`` (Snack: what takes and passes say), both
  dealing through ``../assign.py``, ``infer.py`` (``hard``'s worlds: what the plays say a
  seat does not hold), and ``rollout.py`` (the policies that play a deal out: ``hard``'s,
  and the plainer one ``flat`` plays on).

Nothing is imported here: ``engine.bots`` imports a level's module when it is first asked.
"""

GAME_ID = "quodlibet"
LEVELS = {"normal": "normal", "hard": "hard"}
"""Level name -> module of this package that defines its ``LEVEL``."""
