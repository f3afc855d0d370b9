"""Computer players. A bot sees only ``view(seat)`` and its seed: nothing else is passed in,
so it cannot peek at hidden cards.

Each game registers a chooser per level with ``register_bot``; ``easy`` (a random legal
action) works for every game.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..rng import Rng

View = dict[str, Any]
Chooser = Callable[[View, Rng], str]

_BOTS: dict[str, dict[str, Chooser]] = {}


def random_action(view: View, rng: Rng) -> str:
    """The ``easy`` level: any legal action, uniformly."""
    legal: list[str] = view["legal"]
    return rng.choice(legal)


def register_bot(game_id: str, level: str, chooser: Chooser) -> None:
    _BOTS.setdefault(game_id, {"easy": random_action})[level] = chooser


def levels(game_id: str) -> list[str]:
    """Levels available for a game, weakest first."""
    order = ["easy", "normal", "hard"]
    have = _BOTS.get(game_id, {"easy": random_action})
    return [lv for lv in order if lv in have] + sorted(lv for lv in have if lv not in order)


def choose_action(view: View, level: str, seed: int) -> str:
    """The action the ``level`` bot picks in ``view`` (the deciding seat's own view)."""
    game_id = view["game"]
    chooser = _BOTS.get(game_id, {"easy": random_action})[level]
    rng = Rng(seed, view["round"], len(view["log"]), view["seat"])
    action = chooser(view, rng)
    if action not in view["legal"]:  # a bot bug must never become an illegal move
        raise AssertionError(f"{game_id} {level} bot chose {action!r}, not legal here")
    return action
