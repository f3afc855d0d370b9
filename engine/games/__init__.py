"""The games. Importing this package registers each of them."""

from __future__ import annotations

from . import nine_virtues, quodlibet, to_the_moon

__all__ = ["nine_virtues", "quodlibet", "to_the_moon"]
