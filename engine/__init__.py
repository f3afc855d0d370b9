"""Parlour's rules engine: Nine Virtues, To the Moon and Quodlibet.

Everything a client (the page's worker, the command line, the benchmarks and tools) needs is
here; nothing outside ``engine/`` imports a submodule. API.md is the contract:

>>> import engine
>>> g = engine.new_game("to-the-moon", players=3, seed=42, options={"dealer": 0})
>>> g.to_act  # the dealer turned the countdown; their left acts first (TM-3, TM-6)
1

Besides games (``new_game``, ``load_game``, ``Game``, ``GAMES``) and their errors:

* ``history``: a game's decisions, take backs and the views along a round.
* ``Message``: why something was refused or scored, as a code and parameters.
* Limits on untrusted input: ``MAX_ACTION_CHARS``, ``MAX_SAVE_CHARS``, ``bounded_json``
  (``JsonLimitError``), ``ascii_int``; player names: ``clean_name``, ``name_problem``,
  ``MAX_NAME``, ``MAX_CLUSTER`` (loaded when first asked for).
* Computer players: ``bot_levels`` (what a person may pick), ``all_bot_levels`` (also the
  tournament-only ones), ``searched_actions`` (what a search weighs in a view).
* ``Rng``: the project's seeded generator; ``FRENCH_CARDS``, ``FRENCH_RANKS``, ``SUITS``.
* ``mean_ci``: the tournament's 95% interval of a mean (loaded when first asked for).
* The views' types (``engine/views.py``): ``CommonView`` (what every view has), one
  ``TypedDict`` per game (``NineVirtuesView``, ``ToTheMoonView``, ``QuodlibetView``) and
  ``View``, any of them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import bots as _bots
from . import games as _games  # noqa: F401  (registers every game)
from . import history
from .bots import all_levels as all_bot_levels
from .bots import levels as bot_levels
from .bots import searched_actions
from .cards import FRENCH_CARDS, FRENCH_RANKS, SUITS
from .errors import ERROR_CODES, IllegalActionError, SaveError, WorldError
from .game import Game, install_bot_players
from .messages import Message
from .registry import GAMES, new_game
from .rng import Rng
from .saves import SAVE_VERSION, load_game
from .untrusted import MAX_ACTION_CHARS, MAX_SAVE_CHARS, JsonLimitError, ascii_int, bounded_json
from .views import CommonView, NineVirtuesView, QuodlibetView, ToTheMoonView, View

if TYPE_CHECKING:
    from .cli.tournament import mean_ci
    from .names import MAX_CLUSTER, MAX_NAME, clean_name, name_problem

# The composition: the rules (``engine.games``) and the computer players (``engine.bots``)
# never import each other; here the bots' registry is handed to ``Game.bot_action``. It
# loads no bot code: a level's module is imported when that level first picks a move.
install_bot_players(_bots)

_LATER = {
    "MAX_CLUSTER": "names",
    "MAX_NAME": "names",
    "clean_name": "names",
    "name_problem": "names",
    "mean_ci": "cli.tournament",
}
"""Names loaded when first asked for: the page never needs them, and ``names`` brings
``unicodedata`` (not in the page's trimmed standard library) and ``cli`` ``argparse``."""


def __getattr__(name: str) -> Any:
    module = _LATER.get(name)
    if module is None:
        raise AttributeError(f"module 'engine' has no attribute {name!r}")
    from importlib import import_module

    return getattr(import_module(f".{module}", __name__), name)


__all__ = [
    "ERROR_CODES",
    "FRENCH_CARDS",
    "FRENCH_RANKS",
    "GAMES",
    "MAX_ACTION_CHARS",
    "MAX_CLUSTER",
    "MAX_NAME",
    "MAX_SAVE_CHARS",
    "SAVE_VERSION",
    "SUITS",
    "CommonView",
    "Game",
    "IllegalActionError",
    "JsonLimitError",
    "Message",
    "NineVirtuesView",
    "QuodlibetView",
    "Rng",
    "SaveError",
    "ToTheMoonView",
    "View",
    "WorldError",
    "all_bot_levels",
    "ascii_int",
    "bot_levels",
    "bounded_json",
    "clean_name",
    "history",
    "load_game",
    "mean_ci",
    "name_problem",
    "new_game",
    "searched_actions",
]
__version__ = "0.1.0"
