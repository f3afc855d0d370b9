"""Quodlibet's normal computer player (stub)."""

from __future__ import annotations

from ..rng import Rng
from . import View, register_bot


def choose(view: View, rng: Rng) -> str:
    legal: list[str] = view["legal"]
    return legal[0]


register_bot("quodlibet", "normal", choose)
