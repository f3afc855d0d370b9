"""Quadrature (QL-19, wheel 3): the winner of trick 4 scores −40, the winner of trick 8
scores −80; other tricks score nothing."""

from __future__ import annotations

from typing import ClassVar

from .base import ByTrickNumber

POINTS_BY_TRICK = {4: -40, 8: -80}


class Quadrature(ByTrickNumber):
    name = "quadrature"
    title = "Quadrature"
    wheel = 3
    POINTS_BY_TRICK: ClassVar[dict[int, int]] = POINTS_BY_TRICK
