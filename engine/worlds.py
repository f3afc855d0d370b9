"""What every game's worlds for search share (``engine/games/<game>/worlds.py``): a seat's
view, checked by its game, and the one-view memory behind each game's ``worlds(view)``.

A search asks for the worlds of one view many times (every sampled world, every playout),
so a game's ``worlds(view)`` is ``Worlds.of(view)``: the worlds of the last view asked for,
if this is that view object unchanged, else new ones. A view handed out is never edited (a
changed view is a new dict), so its identity, log length and seat to act name it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar, Self

from .game import JSON, Game


class ViewWorlds:
    """The worlds of one seat's view of a round (or deal) in play: the base of each game's
    ``Worlds``. ``WorldError`` unless ``view`` is such a view of ``GAME``."""

    GAME: ClassVar[type[Game]]
    _last: ClassVar[Any] = None
    """The worlds of the last view asked for (``of``), per game."""

    def __init__(self, view: Mapping[str, JSON], *, playout: bool = True) -> None:
        self.GAME.check_world_view(view)
        self.view = view
        self.playout_worlds = playout
        """Worlds for a search's playouts (``Game.in_playout``): they halt once the round
        or deal in play is scored and keep no log."""
        self.log_length: int = len(view["log"])
        self.to_act: int | None = view["to_act"]
        """The view's log length and seat to act when read: with its identity, what tells
        the same view unchanged (``of``)."""

    @classmethod
    def of(cls, view: Mapping[str, JSON], *, playout: bool = True) -> Self:
        """The worlds of ``view``, read once per view object (module docstring)."""
        last = cls._last
        if (
            last is not None
            and last.view is view
            and last.playout_worlds == playout
            and last.log_length == len(view["log"])
            and last.to_act == view["to_act"]
        ):
            return last  # type: ignore[no-any-return]
        found = cls._last = cls(view, playout=playout)
        return found
