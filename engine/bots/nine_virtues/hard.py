"""The ``hard`` computer player for Nine Virtues: paired Monte Carlo search over worlds sampled
from the deciding seat's view, a screen of every action and then successive halving.

* **Actions**: every legal action (in the call phase every call, NV-9), less the Swaps
  when the ``normal`` player's rule against stalling forbids another (NV-8), ordered by
  the ``normal`` player's rating (its favourite first; that order breaks ties).
* **Worlds**: hidden cards drawn from the view alone (``sampler.py``: what bids, kills and
  swaps say about a hand), each made a playout world by the game (``worlds(view).world``).
* **Paired playouts**: every action still in the race is played in the *same* worlds and
  the rest of the round is played out by the quick policy of ``rollout.py`` (which uses no
  randomness). The luck of the hidden cards, which dwarfs the difference between two
  actions, is the same for all of them, so their mean results compare directly.
* **Screen**: with more than ``CANDIDATES`` actions, every action is first played in the
  same ``SCREEN_WORLDS`` worlds, as ``flat`` does (at most half the budget; with too small
  a budget for that, the ``normal`` player's ``CANDIDATES`` favourites go on instead), and
  the ``CANDIDATES`` best go on, keeping their screen results.
* **Successive halving**: the rest of the budget (``ITERATIONS`` playouts in all) is split
  evenly over ``ceil(log2(CANDIDATES))`` stages; in each stage the actions left play the
  stage's share of playouts in new worlds, then the worse half (by the mean over every
  world so far) drops out. Bad actions cost a few playouts, and the last two share the most.
* **Result** of a playout (``outcome``): the seat's lead in the *totals* over the best other
  seat once the round is scored (NV-14: the totals decide the game), squashed by
  ``squash`` on a scale of ``SCALE * sqrt(1 + rounds still to come)`` (``reward_scale``),
  so that one wild world cannot outweigh many and a lead counts for less while more rounds
  are to come.

The action with the best mean after the last stage is played (ties: the ``normal``
player's order). Budgets are counted in playouts, so a move depends only on the view and the
seed; ``time_ms`` (the browser's cap) stops the search after a world once time is up.

The same ``MODEL`` (sampler, rollout policy) serves the ``flat`` yardstick
(``engine/bots/flat.py``), which rates a playout with ``MODEL.reward``: the margin in the
round just scored (in the last round, the totals), on ``SCALE``.

Budget and strength: docs/BOTS.md.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable

from ...game import Game
from ...games.nine_virtues import PLAY, NineVirtues
from ...games.nine_virtues.worlds import worlds
from ...rng import Rng
from ...views import NineVirtuesView, seat_of
from .. import Level
from ..search import Budget
from .normal import MAX_SWAPS_IN_A_ROW, Estimate, rate, swaps_in_a_row
from .rollout import rollout_action
from .sampler import Inference, draw_hidden, infer

View = NineVirtuesView
Reading = tuple[Inference, list[str], Callable[[list[list[int]]], NineVirtues]]
"""What a search reads from a view once: ``(inference, candidates, make)``, ``make(hidden)``
the world of ``draw_hidden``'s cards (``worlds(view).world``)."""

ITERATIONS = 400
"""Playouts per decision (a playout: one candidate played out in one world)."""
CANDIDATES = 8
"""Actions left in the race after the screen (or, on a budget too small for one, the
``normal`` player's favourites) in play."""
SCREEN_WORLDS = 4
"""Worlds in which every action open is tried first, when there are more than
``CANDIDATES`` (never more than half the budget)."""
SCALE = 6.0
"""Points of margin that score 0.75 (and as many under 0, 0.25)."""
MAX_ROLLOUT_STEPS = 2_000


class NineVirtuesModel:
    """The ``SearchModel`` for Nine Virtues (used by ``flat``), with its own ``search``."""

    def __init__(self) -> None:
        # A search samples the same view object many times; reading it once is enough. The
        # view is held, so its identity cannot be reused by another object.
        self._last: tuple[View, Reading] | None = None

    def _read(self, view: View) -> Reading:
        """The view's inference, its candidate actions (best-rated first) and the maker of
        its worlds."""
        if self._last is None or self._last[0] is not view:
            self._last = (view, (infer(view), _ranked_candidates(view), worlds(view).world))
        return self._last[1]

    def candidates(self, view: View) -> list[str]:
        """The actions the search may play, in ``view["legal"]`` order (the ``normal``
        player's rule against stalling applies, NV-8)."""
        keep = set(self._read(view)[1])
        return [action for action in view["legal"] if action in keep]

    def sample(self, view: View, rng: Rng) -> Game:
        """A playout world drawn from ``view`` alone (any seat's view can be sampled)."""
        inference, _, make = self._read(view)
        return make(draw_hidden(inference, rng))

    def rollout_action(self, game: Game, rng: Rng) -> str:
        assert isinstance(game, NineVirtues)
        return rollout_action(game, rng)

    def rollout(self, game: Game, rng: Rng, max_steps: int) -> None:
        """The rollout in one call (``Game.play_out``): the actions ``rollout_action``
        plays step by step (it uses no randomness)."""
        assert isinstance(game, NineVirtues)
        game.play_out(rollout_action, max_steps)

    def reward(self, game: Game, seat: int, scored_before: int) -> float:
        assert isinstance(game, NineVirtues)
        return squash(margin(game, seat) / SCALE)

    def search(self, view: View, rng: Rng, budget: Budget) -> str:
        """The action the paired search prefers in ``view`` (module docstring)."""
        return paired_search(view, rng, budget, self._read(view))


def paired_search(view: View, rng: Rng, budget: Budget, read: Reading) -> str:
    """The action (``read``: the view's inference, the actions open to the search, the
    ``normal`` player's favourite first, and the maker of its worlds) with the best mean
    result over the worlds it was played in (module docstring)."""
    inference, ranked, make = read
    if len(ranked) == 1:
        return ranked[0]
    seat = seat_of(view)
    total = [0.0] * len(ranked)
    deadline = None if budget.time_ms is None else time.perf_counter() + budget.time_ms / 1000
    scale = reward_scale(view)
    worlds = 0

    def play(alive: list[int], count: int) -> None:
        """Every action of ``alive`` played out in each of ``count`` new worlds."""
        nonlocal worlds
        for _ in range(count):
            if deadline is not None and worlds and time.perf_counter() > deadline:
                return
            world = make(draw_hidden(inference, rng))
            for index in alive:
                game = world.playout_copy()  # every action from the same world
                game.apply(ranked[index])
                game.play_out(rollout_action, MAX_ROLLOUT_STEPS)
                total[index] += outcome(game, seat, scale)
            worlds += 1

    def best_first(alive: list[int]) -> list[int]:
        # Every action alive has played every world so far: the totals compare directly.
        return sorted(alive, key=lambda index: (-total[index], index))

    alive = list(range(len(ranked)))
    budget_left = budget.iterations
    screen = min(SCREEN_WORLDS, budget.iterations // (2 * len(ranked)))
    if len(ranked) > CANDIDATES:
        if screen:  # every action in a few shared worlds, as ``flat`` does, then the best
            play(alive, screen)
            budget_left -= screen * len(ranked)
            alive = best_first(alive)
        alive = alive[:CANDIDATES]  # without a screen: the ``normal`` player's favourites
    stages = max(1, math.ceil(math.log2(len(alive))))
    for stage in range(stages):
        play(alive, max(1, budget_left // (stages * len(alive))))
        alive = best_first(alive)
        if stage < stages - 1:
            alive = alive[: max(2, (len(alive) + 1) // 2)]
    return ranked[alive[0]]


def margin(game: NineVirtues, seat: int) -> int:
    """The seat's lead over the best other seat in the round just scored, or in the totals
    after the last round (NV-2, NV-14: the last round decides the game)."""
    scores: list[int] = (
        game.totals if game.round == game.players else game.score_sheet[-1]["scores"]
    )
    return scores[seat] - max(points for other, points in enumerate(scores) if other != seat)


def reward_scale(view: View) -> float:
    """``SCALE`` widened by the rounds still to come after this one: ``SCALE * sqrt(1 +
    rounds left)``, a rough spread of the final margin (each round adds its own)."""
    return SCALE * math.sqrt(1 + view["players"] - view["round"])


def outcome(game: NineVirtues, seat: int, scale: float) -> float:
    """The ``hard`` search's result of a playout: the seat's lead in the *totals* over the
    best other seat once the round is scored (NV-14: the totals decide the game), squashed
    by ``scale`` (``reward_scale``)."""
    totals = game.totals
    mine = totals[seat]
    totals[seat] = -1_000_000
    return squash((mine - max(totals)) / scale)


def squash(x: float) -> float:
    """``x`` mapped into (0, 1), increasing, 0.5 at 0. Plain arithmetic (no ``tanh``), so it
    rounds the same on every platform."""
    return 0.5 + 0.5 * x / (1.0 + abs(x))


def _ranked_candidates(view: View) -> list[str]:
    """The actions open to the search, the ``normal`` player's favourite first (the
    ``normal`` player's rule against stalling applies, NV-8)."""
    legal: list[str] = view["legal"]
    if view["phase"] != PLAY:
        return list(legal)
    options = legal
    if swaps_in_a_row(view) >= MAX_SWAPS_IN_A_ROW:
        options = [action for action in legal if not action.startswith("swap")] or legal
    estimate = Estimate(view)
    base = estimate.value(estimate.hand, estimate.my_bids)
    # ``sorted`` is stable: equally rated actions keep the legal order.
    return sorted(options, key=lambda action: -rate(action, estimate, base))


MODEL = NineVirtuesModel()
BUDGET = Budget(iterations=ITERATIONS)


def _choose(view: View, rng: Rng) -> str:
    return MODEL.search(view, rng, BUDGET)


LEVEL = Level(_choose, MODEL, BUDGET)
