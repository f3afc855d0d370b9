"""Quodlibet's ``hard`` computer player: a paired Monte Carlo search over worlds sampled from
the deciding seat's view, with successive halving of the candidate actions.

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
* **Paired playouts** (``paired_search``): every candidate still in the race (``candidates``:
  the legal actions the seat can tell apart) is played in the *same* worlds, each in its own
  copy of one draw of the unseen cards, and with the same rollout luck (one generator state
  per world), so the luck of the hidden cards, which dwarfs the difference between two
  actions, cancels out of the comparison — the way ``engine/bots/flat.py`` compares actions,
  but with many more worlds.
* **Successive halving**: the budget (``ITERATIONS`` playouts: one candidate played out in
  one world) is split evenly over ``ceil(log2(candidates))`` stages; in each stage the
  candidates left play the stage's share in new worlds, then the worse half (by the total
  over every world so far) drops out. With eight cards to choose from, all eight play 33
  worlds, the best four 66 more, the best two 133 more: 232 worlds for the last two, against
  the 12 of ``flat``. The candidate with the best total after the last stage is played (ties:
  the earlier legal action).

Budget: ``ITERATIONS`` playouts per decision, so a move depends only on the view and the
seed; ``time_ms`` (the browser's cap) stops the search after a world once time is up. A
playout costs what it did under the earlier UCB search (one world built and played out), so
the move times of docs/BOTS.md hold: the longest are the first moves of a deal, whose
rollouts play all eight tricks; forced moves and Open Trousers plays take next to nothing.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable

from ...game import Game
from ...games.quodlibet import Quodlibet
from ...rng import Rng
from ...views import seat_of
from .. import Level
from ..search import Budget
from .rollout import card_policy, playout_policies, rollout_action
from .sample import sample_playout, sample_state, sample_world
from .world import View, playing_contract

ITERATIONS = 800
MAX_STEPS = Budget().max_rollout_steps
"""Actions a rollout of a world plays at most (the playout hook's; a deal ends long before)."""
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

    def playout(self, view: View, action: str, rng: Rng) -> float:
        """A whole playout in one call (the search's optional hook, which ``flat`` takes):
        the value that ``sample``, ``apply(action)``, ``rollout_action`` to the
        deal's end and ``reward`` give in turn, with the same draws from ``rng``, played by
        the game (``worlds(view).playout``) with the rollout policy taking ``rng``'s
        values one at a time; Snack's worlds are played that way."""
        seat = seat_of(view)
        play = sample_playout(view, rng)
        if play is None:  # Snack: a world, played by ``rollout_action``
            return world_reward(sample_state(view, rng), view, action, rng, MAX_STEPS)
        points = play(action, card_policy(contract_of(view, action), rng, 1))
        return deal_rater(seat, view["totals"], view["round"], view["deals"])(points)

    def search(self, view: View, rng: Rng, budget: Budget) -> str:
        """The move of ``paired_search`` (``engine.bots.choose_action`` calls it when a
        caller overrides the budget)."""
        return paired_search(view, rng, budget)

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
    """The result of the deal being searched for ``seat``, in [0, 1] (see the module), in
    a world played to the deal's end."""
    if len(game.score_sheet) <= scored_before:
        return 0.5  # a rollout cut short: no news
    entry = game.score_sheet[scored_before]
    scores: list[int] = entry["scores"]
    before = [total - points for total, points in zip(game.totals, scores, strict=True)]
    deals: int = getattr(game, "deal_count", 1)
    return deal_rater(seat, before, entry["round"], deals)(scores)


def contract_of(view: View, action: str) -> str:
    """The contract whose deal ``action`` is played in: the one it chooses while the
    dealer chooses (QL-5), else the view's."""
    return action.removeprefix("choose ") if action[0] == "c" else playing_contract(view)


def world_reward(game: Game, view: View, action: str, rng: Rng, max_steps: int) -> float:
    """``deal_reward`` of the world ``game`` (sampled from ``view``) after ``action`` and
    ``rollout_action`` with ``rng`` to the deal's end (``max_steps`` actions at most)."""
    scored_before = len(view["score_sheet"])
    game.apply(action)
    play, sheet = game.apply, game.score_sheet  # it only grows in play
    for _ in range(max_steps):
        if len(sheet) != scored_before or game.is_over:
            break
        play(rollout_action(game, rng))
    return deal_reward(game, seat_of(view), scored_before)


def deal_rater(
    seat: int, totals: list[int], number: int, deals: int
) -> Callable[[list[int]], float]:
    """``rate(scores)``: the reward for ``seat`` (the module docstring) of deal ``number``
    of ``deals`` scoring ``scores`` (penalty points, QL-8) on top of ``totals``; after the
    last deal (QL-6) the game is won as ``Game.winners_of`` says. Worked out once per
    search: a playout of the game's own (``worlds(view).playout``) gives the deal's
    points, and the search rates hundreds."""
    first, second, third = [other for other in range(len(totals)) if other != seat]
    weight = 1.0 if deals <= 1 else (number - 1) / (deals - 1)
    keep = 1 - weight
    last = number >= deals
    tanh = math.tanh

    def rate(scores: list[int]) -> float:
        own = totals[seat] + scores[seat]
        deal_margin = (scores[first] + scores[second] + scores[third]) / 3 - scores[seat]
        best = min(
            totals[first] + scores[first],
            totals[second] + scores[second],
            totals[third] + scores[third],
        )
        margin = keep * deal_margin + weight * (best - own)
        value = 0.5 + 0.5 * tanh(margin / SCALE)
        if last:
            after = [total + points for total, points in zip(totals, scores, strict=True)]
            winners = Quodlibet.winners_of(after)
            won = 1 / len(winners) if seat in winners else 0.0
            value = WIN_WEIGHT * won + (1 - WIN_WEIGHT) * value
        return value

    return rate


def paired_search(view: View, rng: Rng, budget: Budget) -> str:
    """The candidate with the best mean reward over the worlds it was played in (module
    docstring: paired worlds, common rollout luck, successive halving)."""
    legal: list[str] = view["legal"]
    if len(legal) > 1:
        legal = MODEL.candidates(view)
    if len(legal) == 1:
        return legal[0]
    seat = seat_of(view)
    alive = list(range(len(legal)))
    total = [0.0] * len(legal)
    stages = max(1, math.ceil(math.log2(len(legal))))
    deadline = None if budget.time_ms is None else time.perf_counter() + budget.time_ms / 1000
    max_steps = budget.max_rollout_steps
    worlds = 0
    contracts = [contract_of(view, action) for action in legal]
    rate = deal_rater(seat, view["totals"], view["round"], view["deals"])
    # The rollout policy of each candidate's contract, restarted per playout (not Snack's:
    # its worlds are played by ``rollout_action``).
    policies = {c: playout_policies(c) for c in contracts if view["phase"] != "snack"}
    starts = [policies.get(contract) for contract in contracts]
    for stage in range(stages):
        share = max(1, budget.iterations // (stages * len(alive)))
        for _ in range(share):
            if deadline is not None and worlds and time.perf_counter() > deadline:
                break
            playout = sample_playout(view, rng)
            if playout is not None:  # a trick deal or the choice: the game's own playout
                luck = rng.next_u64()
                for index in alive:
                    # The same rollout luck for every candidate.
                    points = playout(legal[index], starts[index](luck))  # type: ignore[misc]
                    total[index] += rate(points)
                worlds += 1
                continue
            make = sample_world(view, rng)  # Snack: a world object per candidate
            luck = rng.next_u64()
            for index in alive:
                # The same rollout luck for every candidate.
                reward = world_reward(make(), view, legal[index], Rng(luck), max_steps)
                total[index] += reward
            worlds += 1
        # Every candidate alive has played every world so far: the totals compare directly.
        alive.sort(key=lambda index: (-total[index], index))
        if stage < stages - 1:
            alive = alive[: max(2, (len(alive) + 1) // 2)]
    return legal[alive[0]]


MODEL = QuodlibetSearch()
BUDGET = Budget(iterations=ITERATIONS)


def _choose(view: View, rng: Rng) -> str:
    return paired_search(view, rng, BUDGET)


LEVEL = Level(_choose, MODEL, BUDGET)
