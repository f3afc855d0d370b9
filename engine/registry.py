"""The game registry: every game class registers itself here by its id."""

from __future__ import annotations

from typing import Any, TypeVar

from .errors import IllegalActionError
from .game import Game

G = TypeVar("G", bound=type[Game])

_CLASSES: dict[str, type[Game]] = {}

GAMES: dict[str, dict[str, Any]] = {}
"""``{game_id: info}``; info is JSON-serialisable: ``name``, ``min_players``,
``max_players``, ``default_players``, ``options`` (name -> default), ``low_score_wins``."""


def register(cls: G) -> G:
    """Class decorator: make a game available to ``new_game`` and ``load_game``."""
    _CLASSES[cls.GAME_ID] = cls
    GAMES[cls.GAME_ID] = {
        "id": cls.GAME_ID,
        "name": cls.NAME,
        "min_players": cls.MIN_PLAYERS,
        "max_players": cls.MAX_PLAYERS,
        "default_players": cls.DEFAULT_PLAYERS,
        "options": cls.all_options(),
        "low_score_wins": cls.LOW_SCORE_WINS,
    }
    return cls


def game_class(game_id: object) -> type[Game]:
    if not isinstance(game_id, str) or game_id not in _CLASSES:
        raise IllegalActionError(
            "unknown-game", "unknown-game", value=repr(game_id), games=sorted(_CLASSES)
        )
    return _CLASSES[game_id]


def new_game(
    game: str,
    players: int | None = None,
    seed: int | None = None,
    options: dict[str, Any] | None = None,
) -> Game:
    """Start a game. ``seed`` None draws a fresh seed (recorded in the save)."""
    return game_class(game).create(players, seed, options)
