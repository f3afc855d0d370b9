"""The ``flat`` computer player: plain flat Monte Carlo, a yardstick for ``hard``.

It is the player issue 12 measures ``hard`` against, and it is seated by tournaments only
(``python -m engine tournament GAME --levels hard,flat``): ``engine.bots.levels`` does not
list it, so neither the menu nor the browser offers it.

A decision, from the deciding seat's view and the bot seed only:

1. ``WORLDS`` worlds are sampled from the view with the game's own ``hard`` sampler
   (``SearchModel.sample`` of the game's ``hard`` level: the same knowledge of the view, the
   same weighting).
2. In each world every legal action is tried (no shortlist): the world is played on with the
   game's ``hard`` rollout policy (``SearchModel.rollout_action``, the ``normal``-like quick
   player) to the end of the round or deal being played.
3. Each result is rated with the ``hard`` model's own reward (``SearchModel.reward``); the
   action with the best mean over the worlds is played (ties: the earlier legal action).

Every action of a world is tried in the very same world with the same rollout randomness
(the world is sampled again from a copy of one generator state), so the comparison between
actions is paired. There is no tree, no UCB, no time cap: the work is ``WORLDS`` times the
number of legal actions rollouts, and the move depends only on the view and the seed.
"""

from __future__ import annotations

from collections.abc import Callable

from ..game import Game
from ..rng import Rng
from ..views import View, seat_of
from .search import SearchModel

WORLDS = 12
"""Worlds sampled per decision (issue 12's flat player)."""
MAX_ROLLOUT_STEPS = 2_000
"""A rollout longer than this stops unscored (the reward then rates what it has)."""


def flat_action(view: View, model: SearchModel, rng: Rng, worlds: int = WORLDS) -> str:
    """The legal action with the best mean reward over ``worlds`` sampled worlds."""
    legal: list[str] = view["legal"]
    if len(legal) == 1:
        return legal[0]
    seat = seat_of(view)
    scored_before = len(view["score_sheet"])
    totals = [0.0] * len(legal)
    rollout: Callable[[Game, Rng, int], None] | None = getattr(model, "rollout", None)
    playout: Callable[[View, str, Rng], float] | None = getattr(model, "playout", None)
    for _ in range(worlds):
        world_state = rng.next_u64()
        for index, action in enumerate(legal):
            world_rng = Rng(world_state)  # the same world, and the same rollout luck
            if playout is not None:  # the model's playout hook (``search.search``)
                totals[index] += playout(view, action, world_rng)
                continue
            game = model.sample(view, world_rng)
            game.apply(action)
            if rollout is not None:
                rollout(game, world_rng, MAX_ROLLOUT_STEPS)
            else:
                sheet = game.score_sheet  # it only grows in play
                for _ in range(MAX_ROLLOUT_STEPS):
                    if game.is_over or len(sheet) != scored_before:
                        break
                    game.apply(model.rollout_action(game, world_rng))
            totals[index] += model.reward(game, seat, scored_before)
    best = max(range(len(legal)), key=lambda i: (totals[i], -i))
    return legal[best]
