"""Search over hidden information for the ``hard`` level: determinized Monte Carlo with UCB1
at the decision (single-observer information-set search of depth one).

Each iteration samples a full game state consistent with what the deciding seat knows
(``SearchModel.sample``: only the seat's view goes in, so the search cannot peek), plays one
of the seat's legal actions in it, then plays the rest of the round with a cheap heuristic
policy and scores the result for the seat. UCB1 spreads iterations over the actions; the
most-visited action is played. Because every determinization comes from the view alone,
two games that look the same to the seat get the same decision (tests/test_bot_fairness.py).

Budgets are iteration counts, so results are deterministic; ``time_ms`` optionally stops a
search early for the browser, where a move should take about a second at most.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from ..game import Game
from ..rng import Rng
from ..views import View, seat_of
from . import Level


@dataclass(frozen=True)
class Budget:
    iterations: int = 300
    """Determinized playouts per decision (deterministic)."""
    time_ms: float | None = None
    """Optional wall-clock cap; every action is still tried at least once."""
    exploration: float = 0.7
    """UCB1 exploration constant for rewards in [0, 1]."""
    max_rollout_steps: int = 2_000


class SearchModel(Protocol):
    """What a game supplies so the generic search can play it."""

    def sample(self, view: Any, rng: Rng) -> Game:
        """A complete game state consistent with everything ``view`` (the game's own view
        type, ``engine.views``) shows (hidden cards
        drawn at random from what the viewer cannot see, respecting what play has revealed,
        such as a void in a suit), with ``to_act == view["seat"]`` and the same legal actions
        as ``view["legal"]``."""

    def rollout_action(self, game: Game, rng: Rng) -> str:
        """A quick, sensible action for ``game.to_act`` in a sampled state (it may look at
        the whole sampled state: it is a guess of the world, not the real one)."""

    def reward(self, game: Game, seat: int, scored_before: int) -> float:
        """How good the result is for ``seat``, in [0, 1], once the round that was being
        played when the search started has been scored (``len(game.score_sheet) >
        scored_before``) or the game is over."""


def search(view: View, model: SearchModel, rng: Rng, budget: Budget) -> str:
    """The action the search prefers in ``view`` (the deciding seat's own view).

    A model may also have ``candidates(view) -> list[str]``: the legal actions worth
    searching (a non-empty subset of ``view["legal"]``, from the view alone), so that a
    fixed budget is spent on a few plausible actions rather than spread over dozens; and
    ``rollout(game, rng, max_steps)``: the rollout played in one call, the same actions as
    ``rollout_action`` step by step (e.g. with ``Game.play_out``); and ``playout(view,
    action, rng) -> float``: a whole playout in one call, the value that ``sample``,
    ``apply(action)``, the rollout and ``reward`` give in turn (with the same draws
    from ``rng``), so that a game may play it without building a game object."""
    legal: list[str] = view["legal"]
    shortlist: Callable[[View], list[str]] | None = getattr(model, "candidates", None)
    if shortlist is not None and len(legal) > 1:
        legal = shortlist(view)
    if len(legal) == 1:
        return legal[0]
    seat = seat_of(view)
    scored_before = len(view["score_sheet"])
    visits = [0] * len(legal)
    value = [0.0] * len(legal)
    mean = [0.0] * len(legal)
    """``value[i] / visits[i]``, worked out when they change (the same float)."""
    deadline = None if budget.time_ms is None else time.perf_counter() + budget.time_ms / 1000
    sample, rollout_action, reward = model.sample, model.rollout_action, model.reward
    rollout: Callable[[Game, Rng, int], None] | None = getattr(model, "rollout", None)
    max_steps = budget.max_rollout_steps
    steps = range(budget.max_rollout_steps)
    playout: Callable[[View, str, Rng], float] | None = getattr(model, "playout", None)
    c = budget.exploration
    for iteration in range(budget.iterations):
        if deadline is not None and iteration >= len(legal) and time.perf_counter() > deadline:
            break
        # Every action once, in order; then UCB1 (``_ucb_pick``).
        pick = iteration if iteration < len(legal) else _ucb_pick(visits, mean, iteration, c)
        if playout is not None:
            visits[pick] += 1
            value[pick] += playout(view, legal[pick], rng)
            mean[pick] = value[pick] / visits[pick]
            continue
        game = sample(view, rng)
        game.apply(legal[pick])
        if rollout is not None:
            rollout(game, rng, max_steps)
        else:
            play, sheet = game.apply, game.score_sheet  # the sheet only grows
            for _ in steps:
                if len(sheet) != scored_before or game.is_over:
                    break
                play(rollout_action(game, rng))
        visits[pick] += 1
        value[pick] += reward(game, seat, scored_before)
        mean[pick] = value[pick] / visits[pick]
    best = max(
        range(len(legal)),
        key=lambda i: (visits[i], value[i] / visits[i] if visits[i] else 0.0, -i),
    )
    return legal[best]


def search_level(model: SearchModel, budget: Budget) -> Level:
    """The ``Level`` of a search: ``model`` searched with ``budget`` unless a caller of
    ``engine.bots.choose_action`` overrides the budget."""

    def choose(view: View, rng: Rng) -> str:
        return search(view, model, rng, budget)

    return Level(choose, model, budget)


def _ucb_pick(visits: list[int], mean: list[float], total: int, c: float) -> int:
    """The first action with the highest UCB1 score, ``mean + c * sqrt(log(total) /
    visits)``, once every action has been visited (``mean[i]`` is its total reward over
    ``visits[i]``)."""
    log_total = math.log(total)
    sqrt = math.sqrt
    best, best_score = 0, -math.inf
    for index, count in enumerate(visits):
        score = mean[index] + c * sqrt(log_total / count)
        if score > best_score:
            best, best_score = index, score
    return best


def margin_reward(scores: list[int], seat: int, scale: float, low_wins: bool = False) -> float:
    """A round result as a reward in [0, 1]: the seat's score against the best other seat's,
    squashed by ``scale`` (about the size of a typical margin)."""
    mine = scores[seat]
    others = scores[:seat] + scores[seat + 1 :]
    best_other = min(others) if low_wins else max(others)
    margin = (best_other - mine) if low_wins else (mine - best_other)
    return 0.5 + 0.5 * math.tanh(margin / scale)
