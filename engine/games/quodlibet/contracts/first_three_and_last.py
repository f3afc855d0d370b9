"""First Three and Last (QL-13, wheel 2): the winners of tricks 1, 2, 3 score +10, +20,
+30; the winner of trick 8 scores +50. Tricks 4–7 score nothing."""

from __future__ import annotations

from typing import ClassVar

from .base import ByTrickNumber

POINTS_BY_TRICK = {1: 10, 2: 20, 3: 30, 8: 50}


class FirstThreeAndLast(ByTrickNumber):
    name = "first-three-and-last"
    title = "First Three and Last"
    wheel = 2
    POINTS_BY_TRICK: ClassVar[dict[int, int]] = POINTS_BY_TRICK
