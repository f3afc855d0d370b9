"""The games. Importing this package registers each of them."""

from __future__ import annotations

import importlib

for _name in ("nine_virtues", "to_the_moon", "quodlibet"):
    try:
        importlib.import_module(f"{__name__}.{_name}")
    except ModuleNotFoundError as exc:  # pragma: no cover - only while a game is being written
        if exc.name != f"{__name__}.{_name}":
            raise
