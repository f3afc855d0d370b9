"""Computer players. A bot sees only ``view(seat)`` and its seed: nothing else is passed in,
so it cannot peek at hidden cards.

This package is the bots' registry, and the only part of them that ``import engine`` loads.
Its tree mirrors the games': ``engine/bots/<game>/`` holds one game's players, one module per
level (``normal.py``, ``hard.py``) plus what they use; ``search.py`` (the determinized search)
and ``assign.py`` (constrained uniform deals) are shared by every game. Each game package here
says which level lives in which module (``LEVELS``) without importing it; a level's module is
imported the first time that level is asked for a move, so the search code costs nothing
until a computer player searches. ``easy`` (a random legal action) works for every game.

``flat`` (``flat.py``, plain flat Monte Carlo on the game's ``hard`` sampler, rollout policy
and reward) is a yardstick for tournaments: every game with a ``hard`` level has it, but
``levels`` (what the menu and the browser offer) does not list it; ``all_levels`` does.

A level module defines ``LEVEL``: a ``Level`` (``search.search_level`` makes one for a search
level). The rules never import this package: the package facade (``engine/__init__.py``)
hands it to ``engine.game`` so that ``Game.bot_action`` can ask it.
"""

from __future__ import annotations

import dataclasses
import importlib
from collections.abc import Callable
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from ..rng import Rng
from ..views import View, seat_of
from . import nine_virtues, quodlibet, to_the_moon

Chooser = Callable[[Any, Rng], str]
"""``choose(view, rng)``: ``view`` is the game's own view type (``engine.views``): the
registry hands a game's levels that game's views only."""

ORDER = ("easy", "normal", "hard")
"""Levels weakest first."""
TOURNAMENT_ONLY = ("flat",)
"""Levels a tournament may seat but no menu offers (each built on the game's ``hard``)."""


@dataclass(frozen=True)
class Level:
    """One level of one game: ``choose(view, rng)`` picks its action. A search level also
    has its ``SearchModel`` and default ``Budget`` (``engine/bots/search.py``), so that a
    caller may override the budget per move."""

    choose: Chooser
    model: Any = None
    budget: Any = None


def random_action(view: View, rng: Rng) -> str:
    """The ``easy`` level: any legal action, uniformly."""
    legal: list[str] = view["legal"]
    return rng.choice(legal)


EASY = Level(random_action)

_PACKAGES: dict[str, ModuleType] = {
    package.GAME_ID: package for package in (nine_virtues, quodlibet, to_the_moon)
}
"""game id -> the bots' package of that game (its ``LEVELS``: level -> module name)."""

_LOADED: dict[tuple[str, str], Level] = {}


_LEVEL_NAMES: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {}
"""game id -> (``levels``, ``all_levels``), worked out once (every bot move checks them)."""


def _level_names(game_id: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    names = _LEVEL_NAMES.get(game_id)
    if names is None:
        package = _PACKAGES.get(game_id)
        have = ["easy", *(package.LEVELS if package is not None else ())]
        public = [lv for lv in ORDER if lv in have] + sorted(lv for lv in have if lv not in ORDER)
        extra = [name for name in TOURNAMENT_ONLY if "hard" in public]
        names = _LEVEL_NAMES[game_id] = (tuple(public), tuple(public + extra))
    return names


def levels(game_id: str) -> list[str]:
    """Levels available for a game, weakest first (``easy`` for any game)."""
    return list(_level_names(game_id)[0])


def all_levels(game_id: str) -> list[str]:
    """Every level a game's bots accept: ``levels`` and then the tournament-only ones."""
    return list(_level_names(game_id)[1])


def level(game_id: str, name: str) -> Level:
    """The ``Level`` called ``name`` of a game, its module imported on first use."""
    if name == "easy":
        return EASY
    found = _LOADED.get((game_id, name))
    if found is None and name == "flat":
        found = _LOADED[(game_id, name)] = _flat_level(level(game_id, "hard"))
    if found is None:
        package = _PACKAGES[game_id]
        module = importlib.import_module(f"{package.__name__}.{package.LEVELS[name]}")
        found = module.LEVEL
        assert isinstance(found, Level)
        _LOADED[(game_id, name)] = found
    return found


def searched_actions(view: View, level_name: str = "hard") -> list[str]:
    """The legal actions in ``view`` (the deciding seat's own) that the ``level_name``
    search weighs: its model's shortlist (``SearchModel.candidates``), else every legal
    action; a level that does not search weighs them all."""
    model = level(view["game"], level_name).model
    shortlist = getattr(model, "candidates", None)
    legal: list[str] = view["legal"]
    return shortlist(view) if shortlist is not None and len(legal) > 1 else list(legal)


def _flat_level(hard: Level) -> Level:
    """``flat`` on the ``hard`` level's model (its sampler, rollout policy and reward)."""
    from .flat import flat_action

    model = hard.model

    def choose(view: View, rng: Rng) -> str:
        return flat_action(view, model, rng)

    return Level(choose)


def choose_action(
    view: View,
    level_name: str,
    seed: int,
    *,
    iterations: int | None = None,
    time_ms: float | None = None,
) -> str:
    """The action the ``level_name`` bot picks in ``view`` (the deciding seat's own view).
    ``iterations`` and ``time_ms`` override a search level's default budget."""
    game_id = view["game"]
    chosen = level(game_id, level_name)
    rng = Rng(seed, view["round"], len(view["log"]), seat_of(view))
    overrides = {"iterations": iterations, "time_ms": time_ms}
    if chosen.model is not None and any(v is not None for v in overrides.values()):
        from .search import search

        budget = dataclasses.replace(
            chosen.budget, **{k: v for k, v in overrides.items() if v is not None}
        )
        # A model with its own ``search(view, rng, budget)`` (Nine Virtues) runs that.
        own = getattr(chosen.model, "search", None)
        action = (
            own(view, rng, budget) if own is not None else search(view, chosen.model, rng, budget)
        )
    else:
        action = chosen.choose(view, rng)
    if action not in view["legal"]:  # a bot bug must never become an illegal move
        raise AssertionError(f"{game_id} {level_name} bot chose {action!r}, not legal here")
    return action
