"""To the Moon (RULES.md TM-1..TM-11, on the Pairs deck PD-1, PD-2): the game's structure
(rounds, dealers, scoring) and the play of a trick.

Each round the deck is shuffled and dealt (TM-1; ``deal.py``), the dealer turns the top deck
card as the countdown and leads (TM-3). On a turn a player who is in builds, tests or
withdraws (TM-7); when one player is left in, they win the trick (TM-9) and lead the next one
by turning the top deck card, or end the round if the deck is empty (TM-10). Score piles add
to the totals (TM-11); after six rounds the highest total wins, ties share (TM-2).

Where the rules are silent, this module plays it as a careful player would expect:

* Turning a countdown (the first lead and every later lead) is not a decision, so it is not
  an action: it happens at once and is announced as ``lead`` in the public log. The first
  decision of a trick belongs to the leader's left (TM-6).
* Withdraw from a trick of two or more cards must take a card (the rule says "take one card
  of the player's choice"), so bare ``withdraw`` is legal only on a one-card trick, and
  ``withdraw R`` only on a bigger one.
* A player who is in with no hand cards and an empty deck can neither build nor test: their
  only moves are withdraws. Some withdraw is always legal (a trick never holds zero cards
  while it is being played), so the seat to act always has a legal action.
* A Test that completes all ten ranks wins the trick at once, like a Build (TM-7, resolved).
* If the countdown itself is the last deck card, the trick is played out with Build and
  Withdraw only (Test is illegal on an empty deck) and the round ends at the next lead
  (TM-10, resolved). The same holds whenever the deck runs out mid-trick.
* A perfect countdown wins at once even while other players are still in; they come back in
  for the next trick like everyone else.
* The card a player took when going out (by a failed Test or by Withdraw) is ``shown`` until
  the next lead, or until the round ends if no lead follows (TM-8). A bare ``withdraw``
  shows nothing. Cards taken this way are announced in the public log too.
* Hands left at round end score nothing (TM-11) and are never revealed: nothing about them
  is needed for scoring.
* The public log holds the current round only; earlier rounds live on in the score sheet,
  whose detail lists piles, tricks won and perfect countdowns per seat.
* The first dealer, when not given, is drawn from the seeded generator and recorded as a
  chance outcome.
"""

from __future__ import annotations

from bisect import insort
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import ClassVar

from ...cards import PAIRS_COUNTS
from ...errors import WorldError
from ...game import JSON, MOVE_ENTRIES, Game, LogEntry
from ...messages import Message, message
from ...registry import register
from .deal import ROUNDS, check_deal, shuffled_deal
from .knowledge import perfects_this_round, seen_in_hands, won_this_round
from .notation import (
    ACTIONS,
    BIT,
    BUILD,
    BUILD_VERB,
    RANKS_OF,
    TEST_VERB,
    WITHDRAW,
    WITHDRAW_NONE,
    build_actions,
    other_actions,
    parse_action,
    rank_counts,
    rank_mask,
    split_action,
)

ALL_RANKS = 10
"""TM-4: a trick holds at most one card of each of the ten ranks."""

_SEATS = range(len(MOVE_ENTRIES))
_RANKS = range(1, ALL_RANKS + 1)
BUILT: tuple[dict[str, LogEntry], ...] = tuple(
    {BUILD[r]: {"seat": s, "action": BUILD[r], "card": r, "perfect": False} for r in _RANKS}
    for s in _SEATS
)
WITHDRAWN: tuple[dict[str, LogEntry], ...] = tuple(
    {
        "withdraw": {"seat": s, "action": "withdraw", "took": None},
        **{WITHDRAW[r]: {"seat": s, "action": WITHDRAW[r], "took": r} for r in _RANKS},
    }
    for s in _SEATS
)
"""The public log's entries of a build that does not complete the countdown and of a
withdrawal, by seat and action, made once and shared by every game (log entries are never
edited: views copy them; ``game.MOVE_ENTRIES`` does the same for the game log)."""

_BUILDS: list[list[str] | None] = [None] * 1024
"""``build_actions(mask)`` by buildable-rank mask (ranks are bits 0-9), filled in as masks
come up: a list indexed by the mask, since a list look-up is cheaper than a dict's ``get``
(above all in Pyodide). The lists are shared: never edited."""
_OTHERS_DECK: list[list[str] | None] = [None] * 1024
_OTHERS_NO_DECK: list[list[str] | None] = [None] * 1024
"""``other_actions(trick_ranks, deck)`` by countdown mask, with and without a deck, filled in
as they come up (shared lists: never edited). A state's legal list is the builds and these
joined (TM-7)."""


_PAIRS_ITEMS = sorted(PAIRS_COUNTS.items())
_PAIRS_RANKS = frozenset(PAIRS_COUNTS)

Policy = Callable[[int, list[int], int, int, int, int, list[int], int, int], int]
"""A playout's policy (``ToTheMoon.playout_maker``): ``policy(hand_ranks, hand_counts,
hand_size, trick_ranks, trick_size, deck_size, live, live_size, trick_live) -> move
code``."""
RoundPlayout = Callable[[Sequence[Sequence[int]], Sequence[int], int, Policy], list[int]]
"""``playout(hands, deck, first, policy) -> piles`` (``ToTheMoon.playout_maker``)."""
DealtPlayout = Callable[[Sequence[int], int, Policy], list[int]]
"""``playout(pool, first, policy) -> piles`` (``ToTheMoon.dealt_playout_maker``)."""


class _ViewFacts:
    """What ``world_maker`` and ``playout_maker`` read from a view once (checked by
    ``Game._check_world_view`` first), and the check of an assignment against it
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

    def check(self, hands: Sequence[Sequence[int]], deck: Sequence[int]) -> None:
        """``WorldError`` unless ``hands`` and ``deck`` fit the view (``from_view``)."""
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


@register
class ToTheMoon(Game):
    """To the Moon for 2 to 6 players (TM-1)."""

    GAME_ID = "to-the-moon"
    NAME = "To the Moon"
    MIN_PLAYERS = 2
    MAX_PLAYERS = 6
    DEFAULT_PLAYERS = 4
    GAME_OPTIONS: ClassVar[dict[str, JSON]] = {}

    dealer: int
    leader: int
    hands: list[list[int]]
    """Each seat's ranks, kept sorted (PD-2: same-rank cards are interchangeable)."""
    deck: list[int]
    """The face-down deck, top card first."""
    trick: list[int]
    """The countdown: ranks in play order (TM-4)."""
    is_in: list[bool]
    piles: list[int]
    """Cards won this round, per seat (TM-9)."""
    shown: list[int | None]
    """Per seat, the card taken when going out, until the next lead (TM-8)."""
    tricks_won: list[int]
    perfects: list[int]
    won: list[int]
    """Per rank (index 0 unused), the cards in this round's score piles (public: every
    ``win`` in the log lists its cards)."""
    turn: int | None
    hand_counts: list[list[int]]
    """Per seat, how many cards of each rank (index 0 unused) it holds, in step with
    ``hands``."""
    hand_ranks: list[int]
    """Per seat, the ranks in its hand as a bit mask (bit ``r`` for rank ``r``), kept in step
    with ``hands``: legal builds without a scan."""
    trick_ranks: int
    """The ranks in ``trick`` as a bit mask."""
    # 29 instance attributes with the base class's: at 30 or more, CPython 3.11 keeps an
    # instance's attributes in a dict of its own and every attribute access is slower
    # (a ``dict`` look-up rather than a slot of the class's shared layout): count before
    # adding one (tests/test_to_the_moon.py checks it).

    # --- worlds built from a view, for search -------------------------------------------------

    @classmethod
    def from_view(
        cls,
        view: Mapping[str, JSON],
        hands: Sequence[Sequence[int]],
        deck: Sequence[int],
        *,
        playout: bool = True,
    ) -> ToTheMoon:
        """The full state that ``view`` (a seat's view of a round in play) shows, with the
        cards the viewer cannot see placed: ``hands`` every seat's hand (the viewer's must be
        its own) and ``deck`` the face-down deck, top card first. Everything public, the
        turn, the totals, the score sheet and this round's log are the view's, so the
        world's ``view(viewer)`` equals ``view``.

        ``WorldError`` unless the assignment fits the view: hand and deck sizes are the
        view's, every hand holds the cards its seat was seen taking this round and has not
        built since (``knowledge.seen_in_hands``), and hands, deck, countdown and this
        round's score piles are exactly the 55 Pairs cards (PD-1). With ``playout`` (the
        default) the world is for a search's playouts (``Game.in_playout``): it halts once
        this round is scored and keeps no log.

        ``world_maker(view)`` does the same for many assignments to one view, reading the
        view once."""
        return cls.world_maker(view, playout=playout)(hands, deck)

    @classmethod
    def world_maker(
        cls, view: Mapping[str, JSON], *, playout: bool = True
    ) -> Callable[[Sequence[Sequence[int]], Sequence[int]], ToTheMoon]:
        """``from_view`` for one view and many assignments: the view is checked and read
        once (its log above all), then ``world(hands, deck)`` checks and builds each world
        (``WorldError`` as ``from_view``). A search samples hundreds of worlds per view."""
        cls._check_world_view(view)
        facts = _ViewFacts(view)
        check = facts.check
        seat = facts.seat
        players = facts.players
        own = facts.own
        trick = facts.trick
        trick_ranks = facts.trick_ranks
        won_by_rank = facts.won
        perfects = perfects_this_round(view["log"], players)
        is_in: list[bool] = list(view["in"])
        piles: list[int] = list(view["piles"])
        shown: list[int | None] = list(view["shown"])
        tricks_won: list[int] = list(view["tricks_won"])
        dealer: int = view["dealer"]
        leader: int = view["leader"]
        to_act: int | None = view["to_act"]

        new_world = cls._world_factory(view, playout=playout)
        others = facts.others
        own_counts = facts.own_counts
        own_mask = facts.own_mask

        def world(hands: Sequence[Sequence[int]], deck: Sequence[int]) -> ToTheMoon:
            check(hands, deck)
            game = new_world()
            game.dealer = dealer
            game.leader = leader
            # The viewer's hand is the view's (checked above): its counts are worked out
            # once per view, the other hands' here.
            game.hands = sorted_hands = [own] * players
            game.hand_counts = all_counts = [own_counts] * players
            game.hand_ranks = masks = [own_mask] * players
            sorted_hands[seat] = [*own]
            all_counts[seat] = [*own_counts]
            for other in others:
                sorted_hands[other] = hand = sorted(hands[other])
                counts = [0] * 11
                mask = 0
                for rank in hand:
                    counts[rank] += 1
                    mask |= BIT[rank]
                all_counts[other] = counts
                masks[other] = mask
            game.deck = [*deck]
            game.trick = [*trick]
            game.trick_ranks = trick_ranks
            game.is_in = [*is_in]
            game.piles = [*piles]
            game.shown = [*shown]
            game.tricks_won = [*tricks_won]
            game.perfects = [*perfects]
            game.won = [*won_by_rank]
            game.turn = to_act
            return game

        return world

    @classmethod
    def playout_maker(cls, view: Mapping[str, JSON]) -> RoundPlayout:
        """A search's playout of the rest of this round, for one view and many assignments:
        ``playout(hands, deck, first, policy)`` checks the assignment as ``world_maker``
        does (the same ``WorldError``), plays the move code ``first`` for the seat to act
        (``view["to_act"]``), then lets ``policy`` choose every move to the end of the round
        (TM-7..TM-10), and returns the round's score piles per seat (TM-11: the round's
        scores). The same round as ``world_maker(view)(hands, deck)`` played with
        ``apply`` to its end, without a game object: the state lives in local
        variables of one loop, the hands as counts per rank, and nothing is logged.

        Moves are ``notation.MOVE_CODE`` ints (``build R`` is ``R``, ``test`` 0,
        ``withdraw R`` ``-R``, bare ``withdraw`` ``WITHDRAW_NONE``), and every one must be
        legal (``MOVE_CODE[a]`` for an ``a`` in ``legal_actions()``): nothing is checked
        again. ``policy`` is asked ``policy(hand_ranks, hand_counts, hand_size, trick_ranks,
        trick_size, deck_size, live, live_size, trick_live)`` for the seat to act: its
        hand's rank mask (``notation.BIT[r]`` for rank ``r``), its count of each rank (a
        list by rank, index 0 unused), its number of cards; the countdown's rank mask and
        number of cards (TM-4: one of each rank at most); the cards left in the deck; the
        cards of each rank not yet in this round's score piles (in hands, deck and
        countdown: a list by rank, index 0 unused), their number, and their number of the
        countdown's ranks. The lists are the playout's own: a policy reads them and never
        edits them. A round always ends: each seat goes out of a trick at most once and a
        seat builds only from its hand, so every trick ends, and every lead takes a card
        from the deck."""
        return cls._round_playouts(view)[0]

    @classmethod
    def dealt_playout_maker(cls, view: Mapping[str, JSON]) -> DealtPlayout:
        """``playout_maker``'s playout with the assignment given as one order of the cards the
        view does not place: ``playout(pool, first, policy)``, where ``pool`` holds the
        cards that are neither the viewer's, nor in the countdown or this round's score
        piles, nor seen taken into a hand (TM-8), in the order they are dealt: each other
        seat's other cards in seat order (as many as its hand holds beyond those seen
        taken), then the deck from its top. The only check is that ``pool`` is such an
        order (``WorldError("world-not-the-deck")``), which makes every hand and the deck
        fit the view; the round is the one ``playout_maker(view)(hands, deck, first,
        policy)`` plays with those hands and that deck. A search draws the order and
        needs no hands or deck built."""
        return cls._round_playouts(view)[1]

    @classmethod
    def _round_playouts(cls, view: Mapping[str, JSON]) -> tuple[RoundPlayout, DealtPlayout]:
        """The playouts of ``playout_maker`` and ``dealt_playout_maker``: one loop over
        local state (``play_round``) behind both."""
        cls._check_world_view(view)
        facts = _ViewFacts(view)
        check = facts.check
        seat = facts.seat
        players = facts.players
        others = facts.others
        own_counts = facts.own_counts
        own_mask = facts.own_mask
        sizes = facts.sizes
        trick_ranks = facts.trick_ranks
        trick_size = len(facts.trick)
        live_by_rank = [rank - won for rank, won in enumerate(facts.won)]
        live_size = sum(live_by_rank)
        trick_live_size = sum(live_by_rank[rank] for rank in RANKS_OF[trick_ranks])
        is_in: list[bool] = list(view["in"])
        players_in = is_in.count(True)
        piles: list[int] = list(view["piles"])
        to_act: int = view["to_act"]
        all_in = [True] * players
        after = [*range(1, players), 0]
        """TM-6: the seat to each seat's left."""
        all_ranks = ALL_RANKS

        def playout(
            hands: Sequence[Sequence[int]], deck: Sequence[int], first: int, policy: Policy
        ) -> list[int]:
            check(hands, deck)
            counts_of = [own_counts] * players
            masks = [own_mask] * players
            counts_of[seat] = [*own_counts]
            for other in others:
                counts = [0] * 11
                mask = 0
                for rank in hands[other]:
                    counts[rank] += 1
                    mask |= BIT[rank]
                counts_of[other] = counts
                masks[other] = mask
            return play_round(counts_of, masks, deck, 0, first, policy)

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
        dealt = start
        placed = (
            sorted(unseen.elements())
            if facts.hidden is not None and all(cut[4] >= cut[3] for cut in cuts)
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
            return play_round(counts_of, masks, pool, dealt, first, policy)

        def play_round(
            counts_of: list[list[int]],
            masks: list[int],
            deck: Sequence[int],
            top: int,
            first: int,
            policy: Policy,
        ) -> list[int]:
            hand_sizes = [*sizes]
            round_piles = [*piles]
            live = [*live_by_rank]
            live_cards = live_size
            trick_live = trick_live_size
            inside = [*is_in]
            left_in = players_in
            trick = trick_ranks
            length = trick_size
            left = len(deck) - top
            turn = to_act
            move = first
            while True:  # a trick
                while True:  # a move (TM-7) of the seat ``turn``
                    if move > 0:  # build R: a card of rank R from hand to the countdown
                        counts = counts_of[turn]
                        bit = BIT[move]
                        held = counts[move] - 1
                        counts[move] = held
                        if not held:
                            masks[turn] ^= bit
                        hand_sizes[turn] -= 1
                        trick |= bit
                        trick_live += live[move]
                        length += 1
                        if length == all_ranks:
                            winner = turn
                            break
                    elif not move and not trick & BIT[deck[top]]:  # test: a new rank joins
                        card = deck[top]
                        trick |= BIT[card]
                        trick_live += live[card]
                        top += 1
                        left -= 1
                        length += 1
                        if length == all_ranks:
                            winner = turn
                            break
                    else:  # the seat goes out (TM-7, TM-8), with the card it takes (0: none)
                        if not move:  # a failed test: the card goes to hand
                            card = deck[top]
                            top += 1
                            left -= 1
                        elif move != WITHDRAW_NONE:  # withdraw R: the R goes to hand
                            card = -move
                            trick ^= BIT[card]
                            trick_live -= live[card]
                            length -= 1
                        else:  # bare withdraw
                            card = 0
                        inside[turn] = False
                        if card:
                            counts_of[turn][card] += 1
                            masks[turn] |= BIT[card]
                            hand_sizes[turn] += 1
                        left_in -= 1
                        if left_in == 1:
                            winner = inside.index(True)
                            break
                    turn = after[turn]  # TM-6: the next seat clockwise that is in
                    while not inside[turn]:
                        turn = after[turn]
                    move = policy(
                        masks[turn],
                        counts_of[turn],
                        hand_sizes[turn],
                        trick,
                        length,
                        left,
                        live,
                        live_cards,
                        trick_live,
                    )
                # TM-9, TM-10: the trick is won; the winner leads the next one
                round_piles[winner] += length
                live_cards -= length
                for rank in RANKS_OF[trick]:
                    live[rank] -= 1
                if not left:
                    return round_piles
                card = deck[top]
                top += 1
                left -= 1
                trick = BIT[card]
                trick_live = live[card]
                length = 1
                inside = [*all_in]
                left_in = players
                turn = after[winner]
                move = policy(
                    masks[turn],
                    counts_of[turn],
                    hand_sizes[turn],
                    trick,
                    length,
                    left,
                    live,
                    live_cards,
                    trick_live,
                )

        return playout, play_dealt

    # --- set-up ---------------------------------------------------------------------------

    @classmethod
    def _check_options(cls, options: dict[str, JSON], players: int) -> None:
        if options["deal"] is not None:
            check_deal(options["deal"], players)

    def _setup(self) -> None:
        """TM-2: the first dealer is chosen (option ``dealer``) or drawn."""
        dealer = self.options["dealer"]
        if dealer is None:
            dealer = self.rng.below(self.players)
            self._chance("dealer", {"dealer": dealer})
        self.dealer = dealer
        self._start_round()

    def _start_round(self) -> None:
        """TM-1, TM-3: shuffle and deal (or use the given first deal), then the dealer leads."""
        self.public_log = []
        given = self.options["deal"] if self._round == 1 else None
        if given is not None:
            hands, deck = check_deal(given, self.players)
        else:
            hands, deck = shuffled_deal(self.rng, self.players, self.dealer)
        self._chance(
            "deal", {"round": self._round, "dealer": self.dealer, "hands": hands, "deck": deck}
        )
        self.hands = hands
        self.hand_counts = [rank_counts(hand) for hand in hands]
        self.hand_ranks = [rank_mask(hand) for hand in hands]
        self.deck = deck
        self.piles = [0] * self.players
        self.tricks_won = [0] * self.players
        self.perfects = [0] * self.players
        self.won = [0] * (ALL_RANKS + 1)
        self._lead(self.dealer)

    # --- play -----------------------------------------------------------------------------

    def _lead(self, seat: int) -> None:
        """TM-3, TM-5, TM-10: everyone is in and ``seat`` turns the top card of the deck;
        with an empty deck the round ends instead."""
        players = self.players
        self.leader = seat
        self.is_in = [True] * players
        self.shown = [None] * players
        deck = self.deck
        if not deck:
            self.trick = []
            self.trick_ranks = 0
            self._end_round()
            return
        card = deck.pop(0)
        self.trick = [card]
        self.trick_ranks = BIT[card]
        if not self._playout:
            self.public_log.append(
                {"seat": seat, "action": "lead", "card": card, "deck_size": len(deck)}
            )
        self.turn = (seat + 1) % players  # everyone is in (TM-5)

    def _next_in(self, seat: int) -> int:
        """TM-6: the next player clockwise from ``seat`` who is still in (someone other than
        ``seat`` always is while a trick is played)."""
        is_in = self.is_in
        players = self.players
        nxt = seat + 1
        while True:
            if nxt == players:
                nxt = 0
            if is_in[nxt]:
                return nxt
            nxt += 1

    def _apply(self, action: str) -> None:
        """TM-7: build, test or withdraw; then TM-9 if only one player is left in. A build or
        a Test that turns a new rank keeps everyone in, so only going out can end a trick
        short of a perfect countdown. Going out (TM-7, TM-8): the seat is out, with the card
        it takes (if any) into hand, face up."""
        seat = self.turn
        assert seat is not None
        verb, rank, bit = ACTIONS[action]
        trick = self.trick
        if verb == BUILD_VERB:
            self.hands[seat].remove(rank)
            counts = self.hand_counts[seat]
            left = counts[rank] - 1
            counts[rank] = left
            if not left:
                self.hand_ranks[seat] ^= bit
            trick.append(rank)
            self.trick_ranks |= bit
            perfect = len(trick) == ALL_RANKS
            if not self._playout:
                self.public_log.append(
                    {"seat": seat, "action": action, "card": rank, "perfect": True}
                    if perfect
                    else BUILT[seat][action]
                )
            if perfect:
                self._win_trick(seat, True)
                return
            nxt = seat + 1
            if nxt == self.players:
                nxt = 0
            self.turn = nxt if self.is_in[nxt] else self._next_in(nxt)
            return
        taken: int | None
        if verb == TEST_VERB:
            deck = self.deck
            card = deck.pop(0)
            bit = BIT[card]
            if not self.trick_ranks & bit:
                trick.append(card)
                self.trick_ranks |= bit
                perfect = len(trick) == ALL_RANKS
                if not self._playout:
                    self.public_log.append(
                        {
                            "seat": seat,
                            "action": action,
                            "card": card,
                            "joined": True,
                            "perfect": perfect,
                            "deck_size": len(deck),
                        }
                    )
                if perfect:
                    self._win_trick(seat, True)
                    return
                nxt = seat + 1
                if nxt == self.players:
                    nxt = 0
                self.turn = nxt if self.is_in[nxt] else self._next_in(nxt)
                return
            if not self._playout:
                self.public_log.append(
                    {
                        "seat": seat,
                        "action": action,
                        "card": card,
                        "joined": False,
                        "perfect": False,
                        "deck_size": len(deck),
                    }
                )
            taken = card
        elif rank:
            trick.remove(rank)
            self.trick_ranks ^= bit
            if not self._playout:
                self.public_log.append(WITHDRAWN[seat][action])
            taken = rank
        else:
            if not self._playout:
                self.public_log.append(WITHDRAWN[seat][action])
            taken = None
        is_in = self.is_in
        is_in[seat] = False
        self.shown[seat] = taken
        if taken is not None:
            insort(self.hands[seat], taken)
            self.hand_counts[seat][taken] += 1
            self.hand_ranks[seat] |= BIT[taken]
        if is_in.count(True) == 1:
            self._win_trick(is_in.index(True), False)
            return
        nxt = seat + 1
        if nxt == self.players:
            nxt = 0
        self.turn = nxt if is_in[nxt] else self._next_in(nxt)

    def _win_trick(self, seat: int, perfect: bool) -> None:
        """TM-9, TM-10: the trick goes to ``seat``'s score pile; they lead the next one."""
        cards = self.trick
        won = self.won
        for rank in cards:
            won[rank] += 1
        self.piles[seat] += len(cards)
        self.tricks_won[seat] += 1
        if perfect:
            self.perfects[seat] += 1
        if not self._playout:
            self.public_log.append(
                {
                    "seat": seat,
                    "action": "win",
                    "cards": cards,
                    "points": len(cards),
                    "perfect": perfect,
                }
            )
        self._lead(seat)

    def _end_round(self) -> None:
        """TM-11, TM-2: piles add to the totals; the deal passes left; six rounds."""
        self.turn = None
        scores = list(self.piles)
        detail: dict[str, JSON] = {
            "dealer": self.dealer,
            "piles": scores,
            "tricks_won": list(self.tricks_won),
            "perfect_countdowns": list(self.perfects),
        }
        self._score_round(scores, detail)
        self._announce(None, "round-end", scores=scores)
        if self._round >= ROUNDS:
            self._finish()
            return
        if self._halted:  # a playout world stops at the end of its round
            return
        self._round += 1
        self.dealer = (self.dealer + 1) % self.players
        self._start_round()

    # --- questions the base class asks ----------------------------------------------------

    def _current_seat(self) -> int | None:
        return self.turn

    def _legal(self) -> list[str]:
        """TM-7: the builds of the hand's ranks not in the countdown, then Test (while the
        deck lasts) and the withdraws, each part a shared list cached by rank mask."""
        seat: int = self.turn  # type: ignore[assignment]  # asked only while in play
        trick_ranks = self.trick_ranks
        hand_ranks = self.hand_ranks[seat]
        buildable = hand_ranks ^ (hand_ranks & trick_ranks)
        builds = _BUILDS[buildable]
        if builds is None:
            builds = _BUILDS[buildable] = build_actions(buildable)
        if self.deck:
            others = _OTHERS_DECK[trick_ranks]
            if others is None:
                others = _OTHERS_DECK[trick_ranks] = other_actions(trick_ranks, True)
        else:
            others = _OTHERS_NO_DECK[trick_ranks]
            if others is None:
                others = _OTHERS_NO_DECK[trick_ranks] = other_actions(trick_ranks, False)
        return builds + others

    def _parse(self, text: str) -> str:
        return parse_action(text)

    def _why_illegal(self, action: str) -> Message:
        seat = self.turn
        verb, rank = split_action(action)
        if seat is None:  # pragma: no cover - the base class refuses every action then
            return message("not-allowed-now", action=action)
        if verb == "build":
            if rank in self.trick:
                return message("tm-in-countdown", rank=rank)
            if rank not in self.hands[seat]:
                return message("tm-not-in-hand", rank=rank)
        elif verb == "test":
            if not self.deck:
                return message("tm-deck-empty")
        elif rank is None:
            if len(self.trick) > 1:
                return message("tm-withdraw-which", rank=self.trick[-1])
        else:
            if len(self.trick) == 1:
                return message("tm-withdraw-bare")
            if rank not in self.trick:
                return message("tm-not-in-countdown", rank=rank)
        return message("not-allowed-now", action=action)  # pragma: no cover - it is legal

    def _phase(self) -> str:
        return "play"

    def _zones(self, seat: int | None) -> dict[str, JSON]:
        """API.md views; TM-8: hands are private, everything else here is public."""
        return {
            "hand": list(self.hands[seat]) if seat is not None else [],
            "trick": list(self.trick),
            "deck_size": len(self.deck),
            "in": list(self.is_in),
            "piles": list(self.piles),
            "shown": list(self.shown),
            "hand_sizes": [len(hand) for hand in self.hands],
            "dealer": self.dealer,
            "leader": self.leader,
            "tricks_won": list(self.tricks_won),
        }
