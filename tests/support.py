"""Helpers shared by the engine tests (tests/test_*.py), each written once and through the
public API only: the command line in-process, playing actions and whole games, a refusal that
changes nothing, a save signed again after an edit, and the world of a seat's view with the
real hidden cards. (tests/fuzz_support.py and tests/hostile_support.py hold the hostile
inputs that the benchmarks share.)"""

from __future__ import annotations

import hashlib
import io
import json
from collections import Counter
from collections.abc import Mapping
from typing import Any

import pytest

import engine
from engine.cli import main
from engine.game import Game
from engine.games.nine_virtues.game import NineVirtues
from engine.games.nine_virtues.worlds import worlds as nv_worlds
from engine.games.quodlibet.game import Quodlibet
from engine.games.quodlibet.snack import SnackDeal
from engine.games.quodlibet.tricks_deal import TricksDeal
from engine.games.quodlibet.worlds import worlds as ql_worlds
from engine.games.to_the_moon.game import ToTheMoon
from engine.games.to_the_moon.worlds import worlds as tm_worlds


def run_cli(argv: list[str], stdin: str = "") -> tuple[int, str, str]:
    """The command line's ``main`` in-process: (exit status, stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    code = main(argv, stdin=io.StringIO(stdin), stdout=out, stderr=err)
    return code, out.getvalue(), err.getvalue()


def new_quodlibet(**options: Any) -> Game:
    """A Quodlibet game with these options (``seed``, default 1, is taken out of them)."""
    return engine.new_game("quodlibet", seed=options.pop("seed", 1), options=options)


def play(game: Game, *actions: str) -> None:
    """Apply ``actions`` in order."""
    for action in actions:
        game.apply(action)


def play_out(game: Game, level: str = "normal", limit: int = 5000) -> int:
    """Finish ``game`` with ``level`` computer players (seeded by move number); the moves."""
    moves = 0
    while not game.is_over:
        assert moves < limit, "the game did not end"
        game.apply(game.bot_action(level, seed=moves))
        moves += 1
    return moves


def refused(game: Game, action: str, code: str, words: str = "") -> str:
    """Apply ``action``, expect ``IllegalActionError`` with ``code`` (and ``words`` in its
    English), check that nothing changed; return the English."""
    before = game.to_json()
    with pytest.raises(engine.IllegalActionError) as err:
        game.apply(action)
    assert err.value.code == code, err.value
    assert words.lower() in str(err.value).lower()
    assert game.to_json() == before
    return str(err.value)


def signed_save(body: Mapping[str, Any]) -> str:
    """The text of save ``body`` with its ``check`` worked out anew (the SHA-256 of the
    canonical JSON of the rest, as engine/saves.py writes it): an edited save that only
    replay can catch."""
    rest = {key: value for key, value in body.items() if key != "check"}
    canonical = json.dumps(rest, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    check = hashlib.sha256(canonical.encode("ascii")).hexdigest()
    return json.dumps({**rest, "check": check}, sort_keys=True, separators=(",", ":"))


def true_world(
    game: Game, seat: int, *, view: Mapping[str, Any] | None = None, playout: bool = True
) -> Game:
    """The world of ``view`` (default: ``game.view(seat)``) with ``game``'s real hidden cards
    (``worlds(view).world``, docs/ENGINE.md "Worlds built from a view")."""
    if view is None:
        view = game.view(seat)
    if isinstance(game, NineVirtues):
        hidden = [
            []
            if other == seat
            else sorted((Counter(hand) - Counter(view["known"][other])).elements())
            for other, hand in enumerate(game.hands)
        ]
        return nv_worlds(view, playout=playout).world(hidden)
    if isinstance(game, ToTheMoon):
        return tm_worlds(view, playout=playout).world(game.hands, game.deck)
    assert isinstance(game, Quodlibet)
    deal = game.deal
    if deal is None:  # the dealer chooses
        return ql_worlds(view, playout=playout).world(game.dealt)
    if isinstance(deal, SnackDeal):
        hands = [list(deal.hand(s)) for s in range(4)]
        return ql_worlds(view, playout=playout).world(hands, deal.piles())
    assert isinstance(deal, TricksDeal)
    return ql_worlds(view, playout=playout).world([list(hand) for hand in deal.hands])
