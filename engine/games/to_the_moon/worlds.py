"""To the Moon's worlds for search (OpenSpiel's ``resample_from_infostate``): the full state
of a round from one seat's view plus an assignment of the cards that seat cannot see,
checked against what the view shows, and a search's playouts of the rest of the round.

One entry point, ``worlds(view)``: it checks and reads the view once and returns its
``Worlds``, which every computer player uses:

* ``world(hands, deck)``: a ``ToTheMoon`` whose own ``view(viewer)`` equals ``view``;
* ``playout(hands, deck, first, policy)``: the rest of the round played from the same
  assignment by the round's own play (``round.Round.play``, which the game plays too)
  without a game object, its score piles (TM-11);
* ``dealt_playout(pool, first, policy)``: the same with the assignment given as one order
  of the cards the view does not place.

The world is built here, not by a bot, because which assignments fit a view is a rules
question (TM-8: a card seen taken stays known until it is built; PD-1: the 55 cards).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from functools import cached_property

from ...cards import PAIRS_COUNTS
from ...errors import WorldError
from ...game import JSON
from ...worlds import ViewWorlds
from .game import ToTheMoon
from .knowledge import perfects_this_round, seen_in_hands, won_this_round
from .notation import BIT, rank_counts, rank_mask
from .round import ALL_RANKS, Policy, Round, seat_mask

World = Callable[[Sequence[Sequence[int]], Sequence[int]], ToTheMoon]
"""``world(hands, deck)`` (``Worlds.world``)."""

_PAIRS_ITEMS = sorted(PAIRS_COUNTS.items())
_PAIRS_RANKS = frozenset(PAIRS_COUNTS)

RoundPlayout = Callable[[Sequence[Sequence[int]], Sequence[int], int, Policy], list[int]]
"""``playout(hands, deck, first, policy) -> piles`` (``Worlds.playout``)."""
DealtPlayout = Callable[[Sequence[int], int, Policy], list[int]]
"""``playout(pool, first, policy) -> piles`` (``Worlds.dealt_playout``)."""


class _ViewFacts:
    """What a view says that every world of it shares, read once (checked by
    ``Game.check_world_view`` first), and the check of an assignment against it
    (``check``: ``WorldError`` unless it fits the view)."""

    def __init__(self, view: Mapping[str, JSON]) -> None:
        seat: int = view["seat"]
        players: int = view["players"]
        own: list[int] = list(view["hand"])
        log = view["log"]
        won = won_this_round(log)
        trick: list[int] = list(view["trick"])
        # The cards the viewer cannot see, sorted: the Pairs cards less those the view
        # shows; none fit a view that shows a card too many or one that is no Pairs card.
        visible = Counter([*trick, *own, *won.elements()])
        hidden: list[int] | None = [] if _PAIRS_RANKS.issuperset(visible) else None
        if hidden is not None:
            for rank, count in _PAIRS_ITEMS:
                left = count - visible.get(rank, 0)
                if left < 0:
                    hidden = None
                    break
                hidden += [rank] * left
        self.seat = seat
        self.players = players
        self.own = own
        self.sizes: list[int] = list(view["hand_sizes"])
        self.deck_size: int = view["deck_size"]
        self.seen = [
            (other, sorted(cards.items()))
            for other, cards in enumerate(seen_in_hands(log, players))
            if other != seat and cards
        ]
        self.hidden = hidden
        self.trick = trick
        self.trick_ranks = rank_mask(trick)
        self.won = [won[rank] for rank in range(ALL_RANKS + 1)]
        self.others = [other for other in range(players) if other != seat]
        # (No world fits a view whose cards are not Pairs cards: ``check`` then refuses
        # every assignment before these are needed.)
        self.own_counts = rank_counts(own) if hidden is not None else []
        self.own_mask = rank_mask(own) if hidden is not None else 0
        self.round = Round(
            [self.own_counts] * players,
            [self.own_mask] * players,
            [*self.sizes],
            [0] * self.deck_size,
            self.trick_ranks,
            len(trick),
            seat_mask(view["in"]),
            view["to_act"],
            list(view["piles"]),
            [rank - won for rank, won in enumerate(self.won)],
        )
        """The round the view shows with the viewer's hand in every seat and a deck of
        blanks: a world's round is this one redealt (``Round.redealt``)."""

    def hands_of(self, hands: Sequence[Sequence[int]]) -> tuple[list[list[int]], list[int]]:
        """Every seat's count of each rank and rank mask, the viewer's its own, the others'
        from ``hands`` (an assignment that fits the view)."""
        own_counts = self.own_counts
        counts_of = [own_counts] * self.players
        masks = [self.own_mask] * self.players
        counts_of[self.seat] = [*own_counts]
        for other in self.others:
            counts = [0] * 11
            mask = 0
            for rank in hands[other]:
                counts[rank] += 1
                mask |= BIT[rank]
            counts_of[other] = counts
            masks[other] = mask
        return counts_of, masks

    def check(self, hands: Sequence[Sequence[int]], deck: Sequence[int]) -> None:
        """``WorldError`` unless ``hands`` and ``deck`` fit the view (``Worlds.world``)."""
        if [*map(len, hands)] != self.sizes:
            raise WorldError("world-hand-sizes")
        if sorted(hands[self.seat]) != self.own:
            raise WorldError("world-own-hand")
        if len(deck) != self.deck_size:
            raise WorldError("world-deck-size", size=self.deck_size)
        for other, cards in self.seen:
            hand = hands[other]
            for rank, count in cards:
                if hand.count(rank) < count:
                    raise WorldError("world-seen-taking", seat=other)
        placed = [*deck]
        for other in self.others:
            placed += hands[other]
        try:
            placed.sort()
        except TypeError:
            placed = []
        if placed != self.hidden:
            raise WorldError("world-not-the-deck", count=55)


class Worlds(ViewWorlds):
    """The worlds of one seat's view of a round in play (``worlds(view)``)."""

    GAME = ToTheMoon

    def __init__(self, view: Mapping[str, JSON], *, playout: bool = True) -> None:
        super().__init__(view, playout=playout)
        self._facts = _ViewFacts(view)

    @cached_property
    def world(self) -> World:
        """``world(hands, deck)``: the full state the view shows, with the cards the viewer
        cannot see placed: ``hands`` every seat's hand (the viewer's must be its own) and
        ``deck`` the face-down deck, top card first. Everything public, the turn, the
        totals, the score sheet and this round's log are the view's, so the world's
        ``view(viewer)`` equals the view.

        ``WorldError`` unless the assignment fits the view: hand and deck sizes are the
        view's, every hand holds the cards its seat was seen taking this round and has not
        built since (``knowledge.seen_in_hands``), and hands, deck, countdown and this
        round's score piles are exactly the 55 Pairs cards (PD-1)."""
        return _world_maker(self.view, self._facts, self.playout_worlds)

    @cached_property
    def playout(self) -> RoundPlayout:
        """``playout(hands, deck, first, policy)``: a search's playout of the rest of this
        round: it checks the assignment as ``world`` does (the same ``WorldError``), plays
        the move code ``first`` for the seat to act (``view["to_act"]``), then lets
        ``policy`` choose every move to the end of the round (TM-7..TM-10), and returns the
        round's score piles per seat (TM-11: the round's scores). The same round as
        ``world(hands, deck)`` played with ``apply`` to its end, by the same code (the
        world's ``round.Round``, whose ``play`` the game calls once per action) without a
        game object around it: one call of ``Round.play`` with the policy, nothing
        logged.

        Moves are ``notation.MOVE_CODE`` ints (``build R`` is ``R``, ``test`` 0,
        ``withdraw R`` ``-R``, bare ``withdraw`` ``WITHDRAW_NONE``), and every one must be
        legal (``MOVE_CODE[a]`` for an ``a`` in ``legal_actions()``): nothing is checked
        again. ``policy`` is asked ``policy(hand_ranks, hand_counts, hand_size, trick_ranks,
        trick_size, deck_size, live, live_size, trick_live)`` for the seat to act
        (``round.Policy``): its hand's rank mask (``notation.BIT[r]`` for rank ``r``), its
        count of each rank (a list by rank, index 0 unused), its number of cards; the
        countdown's rank mask and number of cards (TM-4: one of each rank at most); the
        cards left in the deck; the cards of each rank not yet in this round's score piles
        (in hands, deck and countdown: a list by rank, index 0 unused), their number, and
        their number of the countdown's ranks. The lists are the playout's own: a policy
        reads them and never edits them. A round always ends: each seat goes out of a
        trick at most once and a seat builds only from its hand, so every trick ends, and
        every lead takes a card from the deck."""
        return self._playouts[0]

    @cached_property
    def dealt_playout(self) -> DealtPlayout:
        """``dealt_playout(pool, first, policy)``: ``playout`` with the assignment given as
        one order of the cards the view does not place: ``pool`` holds the cards that are
        neither the viewer's, nor in the countdown or this round's score piles, nor seen
        taken into a hand (TM-8), in the order they are dealt: each other seat's other
        cards in seat order (as many as its hand holds beyond those seen taken), then the
        deck from its top. The only check is that ``pool`` is such an order
        (``WorldError("world-not-the-deck")``), which makes every hand and the deck fit the
        view; the round is the one ``playout(hands, deck, first, policy)`` plays with those
        hands and that deck. A search draws the order and needs no hands or deck built."""
        return self._playouts[1]

    @cached_property
    def _playouts(self) -> tuple[RoundPlayout, DealtPlayout]:
        return _round_playouts(self.view, self._facts)


def worlds(view: Mapping[str, JSON], *, playout: bool = True) -> Worlds:
    """The worlds of ``view`` (a seat's view of a round in play): ``WorldError`` unless it
    is one. Read once per view object: a search asks for the worlds of one view many times,
    and a view handed out is never edited (a changed view is a new dict)."""
    return Worlds.of(view, playout=playout)


def _world_maker(view: Mapping[str, JSON], facts: _ViewFacts, playout: bool) -> World:
    """``Worlds.world`` of ``view`` (read into ``facts``)."""
    check = facts.check
    hands_of = facts.hands_of
    viewed = facts.round
    trick = facts.trick
    perfects = perfects_this_round(view["log"], facts.players)
    shown: list[int | None] = list(view["shown"])
    tricks_won: list[int] = list(view["tricks_won"])
    dealer: int = view["dealer"]
    leader: int = view["leader"]
    new_world = ToTheMoon.world_factory(view, playout=playout)

    def world(hands: Sequence[Sequence[int]], deck: Sequence[int]) -> ToTheMoon:
        check(hands, deck)
        game = new_world()
        game.dealer = dealer
        game.leader = leader
        counts_of, masks = hands_of(hands)
        game.state = viewed.redealt(counts_of, masks, [*deck][::-1])
        game.trick = [*trick]
        game.shown = [*shown]
        game.tricks_won = [*tricks_won]
        game.perfects = [*perfects]
        return game

    return world


def _round_playouts(
    view: Mapping[str, JSON], facts: _ViewFacts
) -> tuple[RoundPlayout, DealtPlayout]:
    """``Worlds.playout`` and ``Worlds.dealt_playout`` of ``view``: the view's round
    (``_ViewFacts.round``) redealt with the assignment, then played out by
    ``Round.play``."""
    check = facts.check
    hands_of = facts.hands_of
    seat = facts.seat
    players = facts.players
    others = facts.others
    own_counts = facts.own_counts
    own_mask = facts.own_mask
    sizes = facts.sizes
    viewed = facts.round
    live_cards, trick_live = viewed.live_counts()

    def playout(
        hands: Sequence[Sequence[int]], deck: Sequence[int], first: int, policy: Policy
    ) -> list[int]:
        check(hands, deck)
        counts_of, masks = hands_of(hands)
        state = viewed.redealt(counts_of, masks, deck[::-1])
        state.play(first, policy, live_cards, trick_live)
        return state.piles

    # The cards the view does not place, and where each other seat's share of them
    # is dealt (after the cards it was seen taking, TM-8), the deck after them.
    unseen = Counter(facts.hidden or [])
    cuts: list[tuple[int, list[int], int, int, int]] = []
    start = 0
    seen_taking = dict(facts.seen)
    for other in others:
        known = [0] * 11
        known_mask = 0
        for taken, count in seen_taking.get(other, []):
            known[taken] = count
            known_mask |= BIT[taken]
            unseen[taken] -= count
        share = sizes[other] - sum(known)
        cuts.append((other, known, known_mask, start, start + share))
        start += max(0, share)
    pool_cards = sorted(unseen.elements())
    placed = (
        pool_cards
        if facts.hidden is not None
        and all(cut[4] >= cut[3] for cut in cuts)
        and len(pool_cards) - start == facts.deck_size  # the deck: the pool's last cards
        else None  # no world fits the view (``check`` refuses every assignment)
    )

    def play_dealt(pool: Sequence[int], first: int, policy: Policy) -> list[int]:
        if placed is None or sorted(pool) != placed:
            raise WorldError("world-not-the-deck", count=55)
        counts_of = [own_counts] * players
        masks = [own_mask] * players
        counts_of[seat] = [*own_counts]
        for other, known, known_mask, start, end in cuts:
            counts = [*known]
            mask = known_mask
            for rank in pool[start:end]:
                counts[rank] += 1
                mask |= BIT[rank]
            counts_of[other] = counts
            masks[other] = mask
        state = viewed.redealt(counts_of, masks, pool[::-1])  # the deck: the pool's last cards
        state.play(first, policy, live_cards, trick_live)
        return state.piles

    return playout, play_dealt
