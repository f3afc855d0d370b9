"""The ``hard`` computer player for Nine Virtues: the generic determinized search
(``engine/bots/search.py``) with a Nine Virtues model, registered as level ``hard``.

* ``candidates``: the ``CANDIDATES`` actions the ``normal`` player rates best (a fixed
  budget spread over thirty-odd legal actions would learn nothing about any of them), with
  the ``normal`` player's rule against stalling (NV-8); in the call phase every call (NV-9).
* ``sample``: a full state drawn from the deciding seat's view alone; what it infers from
  the view and this round's log is listed in ``sampler.py``.
* ``rollout_action``: the quick policy of ``rollout.py``.
* ``reward``: the seat's margin over the best other seat once the round is scored (in the
  last round, NV-2, on the totals, which decide the game, NV-14), *compared with the margin
  the same sampled world gives after the baseline action* (the candidate the ``normal``
  player rates best). Every playout is paired with a playout of the baseline in the same
  world (common random numbers): the luck of the hidden cards, which dwarfs the difference
  between two actions, cancels out, so a few hundred playouts tell the actions apart. The
  baseline itself always scores 0.5; an action scores above 0.5 where it does better.

Budgets are counted in playouts, so a move depends only on the view and the seed.

Budget: 150 paired playouts a decision, about 0.27-0.34 s median (0.5 s p95) on CPython on
a busy two-core machine and 0.65 s median (0.85 s p95) in Pyodide under Node
(``benchmarks/bot_timing.py``; Pyodide chose the same actions). Measured against ``normal``
(``python -m engine tournament nine-virtues --games 80 --players 4``: one ``hard`` seat,
rotated through every seat over 20 shared deals): won 36.3% (95% CI 28.0-44.5%, fair 25%,
1.45x), mean final score 130.7 against 124.6 for ``normal``. In duplicate single rounds
(120 deals, each played once with ``hard`` and once with ``normal`` in the same seat, 4
players) it scored +0.9 ± 1.0 points a round more than ``normal``; before the bid and kill
hints, +0.3 ± 1.1 (neither interval alone excludes zero).
"""

from __future__ import annotations

from typing import Any

from ...game import Game
from ...games.nine_virtues.game import PLAY, NineVirtues
from ...rng import Rng
from ..search import Budget, search_level
from .normal import MAX_SWAPS_IN_A_ROW, Estimate, rate, swaps_in_a_row
from .rollout import rollout_action
from .sampler import Inference, build_state, draw_hidden, infer

View = dict[str, Any]

ITERATIONS = 150
"""Paired playouts per decision (timing in the module docstring)."""
CANDIDATES = 6
"""Actions searched per decision in play."""
ADVANTAGE_SCALE = 4.0
"""Points of margin over the baseline that score 0.75 (and as many under it, 0.25)."""
EXPLORATION = 0.2
"""UCB1 constant: rewards of close actions differ by a few hundredths, and the generic
0.7 would spread the playouts almost evenly over them."""
MAX_ROLLOUT_STEPS = 2_000


class NineVirtuesModel:
    """The ``SearchModel`` for Nine Virtues (with the optional ``candidates``)."""

    def __init__(self) -> None:
        # The search samples the same view object hundreds of times; reading it once is
        # enough. The view is held, so its identity cannot be reused by another object.
        self._last: tuple[View, Inference, list[str]] | None = None
        self._baseline: tuple[Game, int] | None = None
        """The last sampled world and the baseline's margin in it: the search plays out
        each sample before it asks for the next one (``search.search``)."""

    def _read(self, view: View) -> tuple[Inference, list[str]]:
        """The view's inference and its candidate actions, best-rated first."""
        if self._last is None or self._last[0] is not view:
            self._last = (view, infer(view), _ranked_candidates(view))
        return self._last[1], self._last[2]

    def candidates(self, view: View) -> list[str]:
        """The actions worth searching, in ``view["legal"]`` order."""
        keep = set(self._read(view)[1])
        return [action for action in view["legal"] if action in keep]

    def sample(self, view: View, rng: Rng) -> Game:
        """A sampled state, with the baseline's margin in the same world already played
        (when the seat has actions: any seat's view can be sampled, for tests)."""
        inference, ranked = self._read(view)
        hidden = draw_hidden(inference, rng)
        game = build_state(view, hidden)
        self._baseline = None
        if ranked:
            twin = build_state(view, hidden)
            twin.play_unchecked(ranked[0])
            for _ in range(MAX_ROLLOUT_STEPS):
                if twin.to_act is None:
                    break
                twin.play_unchecked(rollout_action(twin, rng))
            self._baseline = (game, margin(twin, view["seat"]))
        return game

    def baseline(self, game: Game) -> int | None:
        """The baseline's margin in the world ``game`` (the last one sampled), if any."""
        if self._baseline is None or self._baseline[0] is not game:
            return None
        return self._baseline[1]

    def rollout_action(self, game: Game, rng: Rng) -> str:
        assert isinstance(game, NineVirtues)
        return rollout_action(game, rng)

    def reward(self, game: Game, seat: int, scored_before: int) -> float:
        assert isinstance(game, NineVirtues)
        baseline = self.baseline(game)
        return squash((margin(game, seat) - (baseline or 0)) / ADVANTAGE_SCALE)


def margin(game: NineVirtues, seat: int) -> int:
    """The seat's lead over the best other seat in the round just scored, or in the totals
    after the last round (NV-2, NV-14: the last round decides the game)."""
    scores: list[int] = (
        game.totals if game.round == game.players else game.score_sheet[-1]["scores"]
    )
    return scores[seat] - max(points for other, points in enumerate(scores) if other != seat)


def squash(x: float) -> float:
    """``x`` mapped into (0, 1), increasing, 0.5 at 0. Plain arithmetic (no ``tanh``), so it
    rounds the same on every platform."""
    return 0.5 + 0.5 * x / (1.0 + abs(x))


def _ranked_candidates(view: View) -> list[str]:
    """The actions to search, the ``normal`` player's favourite first (the baseline)."""
    legal: list[str] = view["legal"]
    if view["phase"] != PLAY:
        return list(legal)
    options = legal
    if swaps_in_a_row(view) >= MAX_SWAPS_IN_A_ROW:
        options = [action for action in legal if not action.startswith("swap")] or legal
    estimate = Estimate(view)
    base = estimate.value(estimate.hand, estimate.my_bids)
    # ``sorted`` is stable: equally rated actions keep the legal order.
    return sorted(options, key=lambda action: -rate(action, estimate, base))[:CANDIDATES]


MODEL = NineVirtuesModel()
LEVEL = search_level(MODEL, Budget(iterations=ITERATIONS, exploration=EXPLORATION))
