"""Nine Virtues' computer players (RULES.md NV-1..NV-14), one module per level:

* ``normal.py`` — exact hypergeometric estimates of the other hands from the view;
* ``hard.py`` — the determinized search (``../search.py``) with ``sampler.py`` (worlds drawn
  from the view, weighted by what bids, kills and swaps say) and ``rollout.py`` (the quick
  policy that plays a sampled round out).

Nothing is imported here: ``engine.bots`` imports a level's module when it is first asked.
"""

GAME_ID = "nine-virtues"
LEVELS = {"normal": "normal", "hard": "hard"}
"""Level name -> module of this package that defines its ``LEVEL``."""
