"""Quodlibet's ``hard`` computer player: the generic determinized search
(``engine/bots/search.py``) with Quodlibet's sampler, rollout policy and reward.

* ``sample`` (``sample.py``): a full state consistent with the deciding
  seat's view — its own hand, the cards played, hands lying face up, voids shown in this
  deal, what Snack's takes and passes say — with every other card placed uniformly at
  random among the places the view allows.
* ``rollout_action`` (``rollout.py``): the ``normal`` player's trick modes
  on the sampled hands, random positions in Open Trousers, a cheap Snack policy.
* ``reward``: penalty points, so lower is better (QL-8). Early in the game what matters is
  the deal itself, as the seat's score against the others' average; by the last deal only
  the race for the lowest total counts (seat's total against the best other total, QL-8).
  The weight moves from one to the other deal by deal, and the margin is squashed with
  ``tanh`` so one disaster does not outweigh many small gains. When the game ends, a win
  (ties shared) counts most.

Budget: ``ITERATIONS`` playouts per decision. Measured on CPython 3.11 (CPU time, one core):
a searched move takes about 0.2 s at the median and 0.4 s at the 95th percentile (the
longest are the first moves of a deal, whose rollouts play all eight tricks); forced moves
and Open Trousers plays take next to nothing. Pyodide is about twice as slow, and the
browser also passes ``time_ms``.
"""

from __future__ import annotations

import math

from ...game import Game
from ..search import Budget, search_level
from .rollout import rollout_action
from .sample import sample_state
from .world import View

ITERATIONS = 800
SCALE = 60.0
"""Points of margin that count as a clear win of a deal (tanh scale)."""
WIN_WEIGHT = 0.8
"""At the end of the game: share of the reward that is winning, against the margin."""


class QuodlibetSearch:
    """The ``SearchModel`` of Quodlibet (``engine/bots/search.py``)."""

    # The functions themselves, not methods that call them: a rollout asks for thousands
    # of actions, and each wrapper call would be one more Python call per card.
    sample = staticmethod(sample_state)
    rollout_action = staticmethod(rollout_action)

    def reward(self, game: Game, seat: int, scored_before: int) -> float:
        return deal_reward(game, seat, scored_before)

    def candidates(self, view: View) -> list[str]:
        """The legal actions worth searching (``search`` asks, when it can): the seat
        cannot tell some of them apart, so one stands for all. In Open Trousers every
        position of its own hand is an unseen card (QL-17): one position, varied by the
        move number. In Snack the three-card piles are all unseen (QL-20): one of them,
        beside the one-card pile."""
        legal: list[str] = view["legal"]
        if view["phase"] == "play" and view["contract"] == "open-trousers":
            return [legal[len(view["log"]) % len(legal)]]
        if legal[0].startswith("take "):
            sizes: list[int] = view["piles"]
            big = [a for a in legal if sizes[int(a.split()[1]) - 1] > 1][:1]
            single = [a for a in legal if sizes[int(a.split()[1]) - 1] == 1]
            return big + single
        return legal


def deal_reward(game: Game, seat: int, scored_before: int) -> float:
    """The result of the deal being searched for ``seat``, in [0, 1] (see the module)."""
    if len(game.score_sheet) <= scored_before:
        return 0.5  # a rollout cut short: no news
    entry = game.score_sheet[scored_before]
    scores: list[int] = entry["scores"]
    totals = game.totals
    others = [s for s in range(game.players) if s != seat]
    deal_margin = sum(scores[s] for s in others) / len(others) - scores[seat]
    race_margin = min(totals[s] for s in others) - totals[seat]
    deals: int = getattr(game, "deal_count", 1)
    weight = 1.0 if deals <= 1 else (entry["round"] - 1) / (deals - 1)
    margin = (1 - weight) * deal_margin + weight * race_margin
    value = 0.5 + 0.5 * math.tanh(margin / SCALE)
    if game.is_over:
        winners = game.winners
        won = 1 / len(winners) if seat in winners else 0.0
        value = WIN_WEIGHT * won + (1 - WIN_WEIGHT) * value
    return value


MODEL = QuodlibetSearch()
LEVEL = search_level(MODEL, Budget(iterations=ITERATIONS))
