"""A game's history: take back and replay (docs/ENGINE.md, "History").

Built on the public API of API.md only. A game is its setup (game id, players, seed,
options) and its decisions in order (``Game.log`` entries with ``seat`` and ``action``); every
chance outcome (the deals, the To the Moon deck, Quodlibet's draws and reshuffles) follows
from the seed and the decisions before it. So the game after any number of decisions is a
*replay*: a fresh game with the same setup and those decisions applied. Nothing here edits a
game: every function returns a new one (or data) and leaves its argument unchanged.

A replay deals exactly what the original dealt, so taking a move back reveals nothing new:
a To the Moon test taken back turns the same card when it is played again, and a computer
player (which decides from its view and a seed alone) makes the same reply to the same move.

Steps are counted in decisions: step ``n`` is the game after its first ``n`` decisions,
step 0 its start. A round (a Quodlibet deal) *starts* at the step where the previous one
has just been scored (round 1 at step 0) and *ends* at the step of the decision that scored
it; that same step is already the next round's start (its cards dealt) or the end of the
game.

>>> import engine
>>> from engine import history
>>> g = engine.new_game("to-the-moon", players=2, seed=7, options={"dealer": 0})
>>> first = g.legal_actions()[0]
>>> g.apply(first)
>>> history.decisions(g) == [{"seat": 1, "action": first}]
True
>>> history.take_back(g, 1).to_json() == engine.new_game(
...     "to-the-moon", players=2, seed=7, options={"dealer": 0}).to_json()
True
"""

from __future__ import annotations

import copy
from typing import Any

from .errors import IllegalActionError
from .game import Game
from .registry import new_game
from .views import View

JSON = Any
Decision = dict[str, JSON]
"""``{"seat": int, "action": str}``: one decision, as the log and a save record it."""


def _shown(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 60 else f"{text[:57]}..."


def decisions(game: Game) -> list[Decision]:
    """The seat and action of every decision of ``game``, in order (chance left out)."""
    return [
        {"seat": entry["seat"], "action": entry["action"]}
        for entry in game.log
        if "action" in entry
    ]


def _start(game: Game) -> Game:
    """A fresh game with the setup of ``game`` (no decision made yet)."""
    return new_game(game.GAME_ID, game.players, game.seed, copy.deepcopy(game.options))


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def replay(game: Game, n: int) -> Game:
    """A fresh game with the setup of ``game`` and its first ``n`` decisions applied
    (``0 <= n <= len(decisions(game))``; ``n`` equal to that length gives a game equal to
    ``game``: the same views, the same ``to_json()`` text). Another ``n`` raises
    ``IllegalActionError`` (code ``bad-option``, message ``history-no-such-step``)."""
    made = decisions(game)
    if not _whole(n) or not 0 <= n <= len(made):
        raise IllegalActionError(
            "bad-option", "history-no-such-step", value=_shown(n), count=len(made)
        )
    fresh = _start(game)
    for decision in made[:n]:
        fresh.apply(decision["action"])
    return fresh


def round_starts(game: Game) -> list[int]:
    """The step at which each round (Quodlibet: each deal) started, in order: element
    ``r - 1`` is round ``r``'s start, ``[0]`` for a game in its first round. A game that is
    over lists the rounds it played; one in play lists the current round last."""
    made = decisions(game)
    fresh = _start(game)
    starts = [0]
    scored = 0
    for step, decision in enumerate(made, start=1):
        fresh.apply(decision["action"])
        if len(fresh.score_sheet) > scored:
            scored = len(fresh.score_sheet)
            if not fresh.is_over:
                starts.append(step)
    return starts


def _check_seat(game: Game, seat: object) -> int:
    if not _whole(seat) or not 0 <= seat < game.players:  # type: ignore[operator]
        raise IllegalActionError("bad-seat", "bad-seat", last=game.players - 1, value=_shown(seat))
    return seat  # type: ignore[return-value]


def take_back_step(game: Game, seat: int) -> int:
    """The step ``take_back(game, seat)`` returns to: just before ``seat``'s last decision,
    if that decision was made in the round (Quodlibet: the deal) still being played. Raises
    ``IllegalActionError`` (game unchanged) with code ``illegal`` and message

    * ``history-nothing-to-take-back``: ``seat`` has made no decision in this game;
    * ``history-round-ended``: its last decision was in a round that has been scored since
      (a take back never crosses a round's end, nor the end of the game);

    or code ``bad-seat`` for a seat that is not one of the game's."""
    seat = _check_seat(game, seat)
    made = decisions(game)
    mine = [step for step, decision in enumerate(made) if decision["seat"] == seat]
    if not mine:
        raise IllegalActionError("illegal", "history-nothing-to-take-back", seat=seat)
    current = round_starts(game)[-1]
    if game.is_over or mine[-1] < current:
        raise IllegalActionError("illegal", "history-round-ended", seat=seat)
    return mine[-1]


def take_back(game: Game, seat: int) -> Game:
    """The game as it was just before ``seat``'s last decision in the current round,
    undoing every decision made after it (other seats' replies too): ``seat`` is to act
    again, with the same cards and the same legal actions as then. Applying the same action
    again gives a game equal to ``game`` (same views, same ``to_json()``), since the replies
    of computer players follow from their views and seeds. Raises as ``take_back_step``."""
    return replay(game, take_back_step(game, seat))


def views_along(game: Game, seat: int | None, round_number: int) -> list[View]:
    """``seat``'s view (``None``: what every seat knows) at each step of the finished round
    ``round_number`` of ``game`` (Quodlibet: deal number): element 0 is the round's start,
    element ``k`` the view after its ``k``-th decision; the last is the view after the
    decision that scored it, which already belongs to the next round (its new cards) or to
    the finished game; ``score_sheet[round_number - 1]`` of any view from then on holds the
    round's result. Each view is exactly ``Game.view(seat)`` of the game at that step, so it
    shows nothing that seat could not see then. A round not yet scored raises
    ``IllegalActionError`` (code ``bad-option``, message ``history-no-such-round``)."""
    if seat is not None:
        seat = _check_seat(game, seat)
    scored = len(game.score_sheet)
    if not _whole(round_number) or not 1 <= round_number <= scored:
        raise IllegalActionError(
            "bad-option", "history-no-such-round", value=_shown(round_number), count=scored
        )
    starts = round_starts(game)
    made = decisions(game)
    first = starts[round_number - 1]
    last = starts[round_number] if round_number < len(starts) else len(made)
    walker = replay(game, first)
    views = [walker.view(seat)]
    for decision in made[first:last]:
        walker.apply(decision["action"])
        views.append(walker.view(seat))
    return views
