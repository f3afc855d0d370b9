"""What every part of the ``hard`` Quodlibet player shares: the table size and the view's
type. The sampled worlds themselves are built by the game (``engine.games.quodlibet.worlds``)."""

from __future__ import annotations

from typing import Any

View = dict[str, Any]
PLAYERS = 4
