"""Computer players. A bot sees only ``view(seat)`` and its seed: nothing else is passed in,
so it cannot peek at hidden cards.

Each game registers a chooser per level with ``register_bot``; ``easy`` (a random legal
action) works for every game.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

from ..rng import Rng

View = dict[str, Any]
Chooser = Callable[[View, Rng], str]

_BOTS: dict[str, dict[str, Chooser]] = {}
_SEARCH: dict[tuple[str, str], tuple[Any, Any]] = {}
"""(game_id, level) -> (SearchModel, default Budget) for search levels."""


def random_action(view: View, rng: Rng) -> str:
    """The ``easy`` level: any legal action, uniformly."""
    legal: list[str] = view["legal"]
    return rng.choice(legal)


def register_bot(game_id: str, level: str, chooser: Chooser) -> None:
    _BOTS.setdefault(game_id, {"easy": random_action})[level] = chooser


def register_search(game_id: str, level: str, model: Any, budget: Any) -> None:
    """Register a search level (``engine.bots.search``): a game's ``SearchModel`` and its
    default ``Budget``; ``choose_action`` may override the budget per call."""
    _SEARCH[(game_id, level)] = (model, budget)

    def chooser(view: View, rng: Rng) -> str:
        from .search import search

        return search(view, model, rng, budget)

    register_bot(game_id, level, chooser)


def levels(game_id: str) -> list[str]:
    """Levels available for a game, weakest first."""
    order = ["easy", "normal", "hard"]
    have = _BOTS.get(game_id, {"easy": random_action})
    return [lv for lv in order if lv in have] + sorted(lv for lv in have if lv not in order)


def choose_action(
    view: View,
    level: str,
    seed: int,
    *,
    iterations: int | None = None,
    time_ms: float | None = None,
) -> str:
    """The action the ``level`` bot picks in ``view`` (the deciding seat's own view).
    ``iterations`` and ``time_ms`` override a search level's default budget."""
    game_id = view["game"]
    chooser = _BOTS.get(game_id, {"easy": random_action})[level]
    rng = Rng(seed, view["round"], len(view["log"]), view["seat"])
    overrides = {"iterations": iterations, "time_ms": time_ms}
    if (game_id, level) in _SEARCH and any(v is not None for v in overrides.values()):
        from .search import search

        model, budget = _SEARCH[(game_id, level)]
        budget = dataclasses.replace(
            budget, **{k: v for k, v in overrides.items() if v is not None}
        )
        action = search(view, model, rng, budget)
    else:
        action = chooser(view, rng)
    if action not in view["legal"]:  # a bot bug must never become an illegal move
        raise AssertionError(f"{game_id} {level} bot chose {action!r}, not legal here")
    return action
