"""The ``hard`` To the Moon player: the generic determinized search (``engine/bots/search.py``)
with a To the Moon model (RULES.md TM-7..TM-11).

* ``sample``: a guessed world from the deciding seat's view only
  (``sample.py`` says what it infers from the view).
* ``rollout_action``: every seat in the guessed world plays like the ``normal`` bot
  (``engine/bots/to_the_moon/normal.py``), cheaply: a perfect countdown when a build completes one;
  otherwise test when the cards it cannot see make a new rank at least as likely as not;
  otherwise build its commonest buildable rank (most likely to be buildable again, and it
  makes the others' tests riskier); otherwise withdraw taking the trick's rarest rank. A
  player in a guessed world counts cards like a careful player: the cards it cannot see are
  the deck and the other hands, which it cannot tell apart, so it uses their mix, never the
  order of the deck.
* ``reward``: the round decides the game's points (hands score nothing, TM-11), so the search
  plays the round out and rates the seat's score against the best other seat's.
* ``candidates``: the actions searched (from the view alone): a build that completes a
  perfect countdown alone, since it wins ten cards at once; otherwise every build, Test and
  at most ``WITHDRAWS`` of the ``withdraw R`` (fewest unseen cards first), so a long
  countdown's many withdraws do not thin out the budget.

Budget: 300 playouts a decision. A playout (``playout``, the search's optional hook) is an
assignment of the unseen cards drawn by ``sample.py`` and the rest of the round played by
the game itself (``worlds(view).dealt_playout``: the view is read once per decision,
each order of the unseen cards checked to be one, the round played by the game's own
``Round.play`` in one call) with ``rollout_move`` choosing every move; the same round, move
for move, as the world ``sample`` builds played with ``apply`` and ``rollout_policy``. Move
times and strength against ``normal`` and ``flat``: docs/BOTS.md.
"""

from __future__ import annotations

from collections import Counter

from ...cards import PAIRS_COUNTS
from ...game import Game
from ...games.to_the_moon import MOVE_CODE, MOVE_TEXT, RANKS_OF, TEST_MOVE, WITHDRAW_NONE, ToTheMoon
from ...rng import Rng
from ...views import ToTheMoonView, seat_of
from ..search import Budget, margin_reward, search_level
from .sample import Knowledge, guess, knowledge, order

View = ToTheMoonView


WITHDRAWS = 3
"""``withdraw R`` actions searched at most (``MoonModel.candidates``)."""
ROUND_MARGIN_SCALE = 4.0
"""A round margin of this many cards counts as clearly better (tanh squashing)."""


class MoonModel:
    """``SearchModel`` for To the Moon. It remembers what it worked out for the last view it
    was asked about, since the search samples many worlds from one view."""

    def __init__(self) -> None:
        self._known: Knowledge | None = None

    def _knowledge(self, view: View) -> Knowledge:
        known = self._known
        if known is None or known.view is not view:
            known = knowledge(view)
            self._known = known
        return known

    def sample(self, view: View, rng: Rng) -> Game:
        return guess(self._knowledge(view), rng)

    def candidates(self, view: View) -> list[str]:
        """The actions worth searching, from the view alone. A build that completes a
        perfect countdown wins ten cards at once (TM-7), better than anything else, so it
        is the only one. Otherwise every build and Test, and of the ``withdraw R`` that
        merely differ in the card taken, the ``WITHDRAWS`` whose rank has the fewest unseen
        cards (``normal``'s choice first: the likeliest to be buildable later)."""
        legal: list[str] = view["legal"]
        trick: list[int] = view["trick"]
        builds = [action for action in legal if action.startswith("build ")]
        if builds and len(trick) == 9:
            return builds[:1]
        withdraws = [action for action in legal if action.startswith("withdraw ")]
        if len(withdraws) <= WITHDRAWS:
            return legal
        # The unseen cards by rank (``normal.unseen_cards``), as the sampler counts them.
        unseen = Counter(self._knowledge(view).unseen)
        withdraws.sort(key=lambda action: (unseen[int(action[9:])], int(action[9:])))
        kept = set(withdraws[:WITHDRAWS])
        return [action for action in legal if not action.startswith("withdraw ") or action in kept]

    def rollout_action(self, game: Game, rng: Rng) -> str:
        assert isinstance(game, ToTheMoon)
        return rollout_policy(game)

    def rollout(self, game: Game, rng: Rng, max_steps: int) -> None:
        """The rollout in one call (``Game.play_out``): ``rollout_policy`` for every seat,
        the actions ``rollout_action`` would choose one by one."""
        assert isinstance(game, ToTheMoon)
        game.play_out(rollout_policy, max_steps)

    def playout(self, view: View, action: str, rng: Rng) -> float:
        """A whole playout in one call (the search's optional hook): a world's cards drawn
        as ``sample`` draws them (their order, ``order``), ``action`` and the rest of the
        round played by the game's own playout (``Worlds.dealt_playout``) with
        ``rollout_move`` for every seat, the result rated as ``reward`` rates it. The same
        value as ``sample``, ``apply``, ``rollout`` and ``reward`` in turn, without
        a game object."""
        known = self._knowledge(view)
        piles = known.playout(order(known, rng), MOVE_CODE[action], rollout_move)
        return margin_reward(piles, seat_of(view), ROUND_MARGIN_SCALE)

    def reward(self, game: Game, seat: int, scored_before: int) -> float:
        scores: list[int] = game.score_sheet[scored_before]["scores"]
        return margin_reward(scores, seat, ROUND_MARGIN_SCALE)


COUNTS = tuple(PAIRS_COUNTS[rank] for rank in range(11))
"""Cards of each rank in the deck (index 0 unused)."""
DECK_CARDS = sum(COUNTS)
RANK_COUNT = tuple(len(ranks) for ranks in RANKS_OF)
"""``RANK_COUNT[mask]``: how many ranks a rank mask holds."""
ONLY_RANK = tuple(ranks[0] if len(ranks) == 1 else 0 for ranks in RANKS_OF)
"""``ONLY_RANK[mask]``: a rank mask's one rank, 0 for any other number of ranks."""
assert all(COUNTS[rank] == rank for rank in range(1, 11))  # PD-1: rank r has r cards


def rollout_move(
    hand_ranks: int,
    held: list[int],
    hand_size: int,
    trick_ranks: int,
    length: int,
    deck_size: int,
    live: list[int],
    live_size: int,
    trick_live: int,
) -> int:
    """The ``normal`` bot's choice as a move code, asked by the game's playout
    (``Worlds.playout``, whose policy protocol these arguments are: the seat's hand
    as a rank mask, counts by rank and size; the countdown's rank mask and size; the deck's
    size; this round's cards not yet won, by rank, in all and of the countdown's ranks): a
    build that completes a perfect countdown; else Test when a new rank is at least as
    likely as an old one; else a build of the buildable rank with the most unseen cards
    (ties: the higher rank); else withdraw, taking the trick's rank with the fewest unseen
    cards (ties: the lower rank). Each count is worked out only when its branch is reached.

    What the seat cannot see of a rank (the deck and the other hands, whose mix it knows but
    not where each card is): the rank's cards not yet won this round, less those in its hand
    (``live[rank] - held[rank]``) and the one in the countdown. A rollout asks this at every
    step, so the rank scans loop over the ``RANKS_OF`` table (C calls such as
    ``sum(map(...))`` cost more on CPython 3.11: docs/BOTS.md)."""
    common = hand_ranks & trick_ranks
    buildable = hand_ranks ^ common
    if length != 9 or not buildable:  # no perfect countdown to complete
        if deck_size:
            # Test when the unseen cards of the countdown's ranks, each less the one in
            # the countdown (``unseen - length``), are at most half the unseen cards
            # (``live_size - hand_size - length``): ``2 * unseen <= bar``. ``unseen`` is
            # ``trick_live`` less the seat's own cards of the countdown's ranks.
            bar = live_size - hand_size + length
            if 2 * trick_live <= bar:
                return TEST_MOVE
            if common:
                # The seat holds one card or more of each rank of ``common``, and at most
                # its hand less one card of each buildable rank: two bounds before a scan.
                if 2 * (trick_live - RANK_COUNT[common]) <= bar:
                    return TEST_MOVE
                if 2 * (trick_live - hand_size + RANK_COUNT[buildable]) <= bar:
                    for rank in RANKS_OF[common]:
                        trick_live -= held[rank]
                    if 2 * trick_live <= bar:
                        return TEST_MOVE
        if not buildable:
            if length == 1:
                return WITHDRAW_NONE
            take = 0
            take_unseen = DECK_CARDS
            for rank in RANKS_OF[trick_ranks]:  # lowest first: ties keep the lower rank
                unseen = live[rank] - held[rank]
                if unseen < take_unseen:
                    if unseen == 1:  # the fewest there can be: the countdown's own card
                        return -rank
                    take = rank
                    take_unseen = unseen
            return -take
    only = ONLY_RANK[buildable]
    if only:
        return only
    best = 0
    best_unseen = -1
    for rank in RANKS_OF[buildable]:  # lowest first: ties move on to the higher rank
        unseen = live[rank] - held[rank]
        if unseen >= best_unseen:
            best = rank
            best_unseen = unseen
    return best


def rollout_policy(game: ToTheMoon) -> str:
    """``rollout_move`` in a world (a game object), as an action: the same choice, from the
    same state (``game.state``, the round the playouts play)."""
    state = game.state
    seat = state.turn
    live_cards, trick_live = state.live_counts()
    return MOVE_TEXT[
        rollout_move(
            state.masks[seat],
            state.counts[seat],
            state.sizes[seat],
            state.trick,
            state.length,
            state.left,
            state.live,
            live_cards,
            trick_live,
        )
    ]


MODEL = MoonModel()
BUDGET = Budget(iterations=300)
LEVEL = search_level(MODEL, BUDGET)
