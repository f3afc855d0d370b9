"""The play of a To the Moon round (RULES.md TM-3..TM-10), stated once.

``Round`` is the state that a round's play changes (hands as counts and masks of ranks,
the deck, the countdown, who is in, the turn, score piles, the cards not yet won), and
``Round.play`` is what a move does: TM-7 and TM-8 (build, test or withdraw; going out), TM-6
(the next seat in), TM-9 (the trick won) and TM-3, TM-5, TM-10 (the next lead, or the round
over). Two drivers play it, and nothing else changes it:

* the game (``game.ToTheMoon``), one decision at a time: it parses and checks the action
  against its legal list, calls ``play(move)`` and, around it, keeps what the table shows
  (the public log, the countdown in play order, the card shown by a seat that went out,
  tricks won);
* a search's playout (``worlds.Worlds.playout`` and ``dealt_playout``): a world's round
  (``redealt``) and ``play(first, policy)``, the policy's moves to the end of the round in
  the same loop, nothing logged.

``play`` keeps the state in local variables while it plays and writes it back once, so a
whole playout is one call; the game pays that once per action.

Moves are ints (``notation.MOVE_CODE``): ``build R`` is ``R``, ``test`` ``TEST_MOVE`` (0),
``withdraw R`` ``-R``, bare ``withdraw`` ``WITHDRAW_NONE``. Ranks held and in the countdown
are rank masks (``notation.BIT``); cards of one rank are interchangeable (PD-2), so a hand is
its count of each rank.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from .notation import BIT, RANKS_OF, WITHDRAW_NONE

LEAD = -12
"""Not a decision: the move code (``Round.play``) of the dealer's first lead of a round, on
an empty countdown: as if the seat to act had won an empty trick (TM-3)."""

ALL_RANKS = 10
"""TM-4: a trick holds at most one card of each of the ten ranks."""
CARDS_OF_RANK = tuple(range(ALL_RANKS + 1))
"""PD-1: rank ``r`` has ``r`` cards (index 0 unused): every card is live at a round's start."""
_SEATS = 6
"""TM-1: six players at most; a seat mask (``Round.inside``) holds seats 0 to 5."""
NEXT_IN = tuple(
    tuple(
        next(
            (seat + step) % _SEATS
            for step in range(1, _SEATS + 1)
            if inside >> (seat + step) % _SEATS & 1
        )
        if inside
        else -1
        for inside in range(1 << _SEATS)
    )
    for seat in range(_SEATS)
)
"""TM-6: ``NEXT_IN[seat][inside]``, the next seat clockwise from ``seat`` in the seat mask
``inside`` (``seat`` itself if it is the only one in): a table of tables, since one index
made of both would be a number above 256, which CPython makes anew each time, and the turn
passes every move."""
ONLY_IN = tuple(
    inside.bit_length() - 1 if inside and not inside & (inside - 1) else -1
    for inside in range(1 << _SEATS)
)
"""``ONLY_IN[inside]``: the seat of a seat mask that holds one seat (-1 otherwise)."""
SEAT_BIT = tuple(1 << seat for seat in range(_SEATS))
"""``SEAT_BIT[s]``: seat ``s``'s bit in a seat mask."""
EVERYONE = tuple((1 << players) - 1 for players in range(_SEATS + 1))
"""``EVERYONE[players]``: the seat mask of every seat (TM-5: everyone is in at a lead)."""

Policy = Callable[[int, list[int], int, int, int, int, list[int], int, int], int]
"""A playout's policy (``Round.play``): ``policy(hand_ranks, hand_counts, hand_size,
trick_ranks, trick_size, deck_size, live, live_size, trick_live) -> move``, asked for the
seat to act: its hand's rank mask, its count of each rank (a list by rank, index 0 unused)
and its number of cards; the countdown's rank mask and number of cards; the cards left in
the deck; the cards of each rank not yet in this round's score piles (a list by rank), their
number, and their number of the countdown's ranks. The lists are the round's own: a policy
reads them and never edits them. It must answer a legal move."""


def seat_mask(seats: Sequence[bool]) -> int:
    """The seat mask (``Round.inside``) of a list of flags by seat."""
    mask = 0
    for seat, flag in enumerate(seats):
        if flag:
            mask |= 1 << seat
    return mask


class Round:
    """One round's state of play (TM-3..TM-10). The attributes are public to read; only the
    methods change them."""

    __slots__ = (
        "counts",
        "deck",
        "inside",
        "left",
        "length",
        "live",
        "masks",
        "piles",
        "players",
        "sizes",
        "trick",
        "turn",
    )

    players: int
    counts: list[list[int]]
    """Per seat, its cards of each rank (index 0 unused)."""
    masks: list[int]
    """Per seat, the ranks it holds as a rank mask."""
    sizes: list[int]
    """Per seat, its number of cards."""
    deck: Sequence[int]
    """The deck, bottom card first: the cards left are ``deck[:left]``, the top one
    ``deck[left - 1]`` (the cards after them have been turned, or were never this
    round's)."""
    left: int
    """Cards left in the deck."""
    trick: int
    """The countdown's ranks as a rank mask (TM-4: one card of each rank at most)."""
    length: int
    """The countdown's number of cards."""
    inside: int
    """The seats in the trick (TM-5) as a seat mask: bit ``s`` for seat ``s``."""
    turn: int
    """The seat to act."""
    piles: list[int]
    """Per seat, the cards in its score pile this round (TM-9)."""
    live: list[int]
    """Per rank, its cards not yet in a score pile this round (index 0 unused)."""

    def __init__(
        self,
        counts: list[list[int]],
        masks: list[int],
        sizes: list[int],
        deck: Sequence[int],
        trick: int,
        length: int,
        inside: int,
        turn: int,
        piles: list[int],
        live: list[int],
    ) -> None:
        """A round in play with these, the whole of ``deck`` (bottom card first) left to
        turn (the lists become the round's own: not copied)."""
        self.players = len(counts)
        self.counts = counts
        self.masks = masks
        self.sizes = sizes
        self.deck = deck
        self.left = len(deck)
        self.trick = trick
        self.length = length
        self.inside = inside
        self.turn = turn
        self.piles = piles
        self.live = live

    def redealt(self, counts: list[list[int]], masks: list[int], deck: Sequence[int]) -> Round:
        """A new round in this one's state of play with other cards: every seat's ``counts``
        and ``masks``, and the deck ``deck[:left]`` (bottom card first, as ``deck``: a
        search's world of the view this round was made from: what the view shows is this
        round's, copied). The hands must be of this round's sizes."""
        new = _new_round(Round)
        new.players = self.players
        new.counts = counts
        new.masks = masks
        new.sizes = [*self.sizes]
        new.deck = deck
        new.left = self.left
        new.trick = self.trick
        new.length = self.length
        new.inside = self.inside
        new.turn = self.turn
        new.piles = [*self.piles]
        new.live = [*self.live]
        return new

    def live_counts(self) -> tuple[int, int]:
        """What a policy is told of the cards not yet won (``Policy``): their number, and
        their number of the countdown's ranks."""
        live = self.live
        trick_live = 0
        for rank in RANKS_OF[self.trick]:
            trick_live += live[rank]
        return sum(live), trick_live

    def play(
        self, move: int, policy: Policy | None = None, live_cards: int = 0, trick_live: int = 0
    ) -> int:
        """Play ``move`` for the seat to act (a legal one: not checked again) and what
        follows from it; with a ``policy``, then its move for each seat to act in turn, to
        the end of the round. Returns the seat that won the trick of the last move played,
        -1 if it did not end a trick. After a round's last trick the countdown is empty
        (``length`` 0) and ``turn`` is -1.

        TM-7: a build puts a card from hand into the countdown; a Test turns the top deck
        card, which joins the countdown if its rank is new. Otherwise the seat goes out (TM-7,
        TM-8) with the card it takes into hand: a failed Test's card, the ``R`` of
        ``withdraw R``, none for a bare ``withdraw``. A build or a new rank keeps everyone
        in, so only going out can end a trick short of a perfect countdown. TM-6: the turn
        passes to the next seat clockwise that is in. TM-9: the trick is won by the seat
        whose card completes all ten ranks, or by the last seat in; its cards go to that
        seat's score pile. TM-3, TM-5, TM-10: the winner leads the next trick: everyone is
        in, the top deck card is turned as the countdown and the seat to the leader's left
        acts; with an empty deck the round is over. ``LEAD`` as ``move`` is the dealer's
        first lead of a round (TM-3): the seat to act leads, as if it had won an empty
        trick.

        ``live_cards`` and ``trick_live`` are what a policy is told first of the cards not
        yet won (``live_counts()``), kept up to date as they change; without a policy they
        are not read. What every move reads is kept in local variables while the moves are
        played and written back once at the end, so the whole of a search's playout is one
        call, and a single move (the game's) pays for little more than it reads: the deck,
        the score piles and the number of players are read where a card is turned or a
        trick won."""
        counts_of = self.counts
        masks = self.masks
        sizes = self.sizes
        live = self.live
        trick = self.trick
        length = self.length
        left = self.left
        inside = self.inside
        turn = self.turn
        winner = -1
        while True:  # a trick
            while True:  # a move (TM-7) of the seat ``turn``
                if move > 0:  # build R: a card of rank R from hand to the countdown
                    counts = counts_of[turn]
                    bit = BIT[move]
                    held = counts[move] - 1
                    counts[move] = held
                    if not held:
                        masks[turn] ^= bit
                    sizes[turn] -= 1
                    trick |= bit
                    trick_live += live[move]
                    length += 1
                    if length == ALL_RANKS:
                        winner = turn
                        break
                elif not move and not trick & BIT[card := self.deck[left - 1]]:
                    # a Test turns a new rank: it joins the countdown
                    left -= 1
                    trick |= BIT[card]
                    trick_live += live[card]
                    length += 1
                    if length == ALL_RANKS:
                        winner = turn
                        break
                else:  # the seat goes out, with the card it takes (0: none)
                    if not move:  # a failed Test: the card turned goes to hand
                        left -= 1
                    elif move > WITHDRAW_NONE:  # withdraw R: the R goes to hand
                        card = -move
                        trick ^= BIT[card]
                        trick_live -= live[card]
                        length -= 1
                    elif move == WITHDRAW_NONE:  # a bare withdraw
                        card = 0
                    else:  # LEAD: as if the seat had won an empty trick
                        winner = turn
                        break
                    inside ^= SEAT_BIT[turn]
                    if card:
                        counts_of[turn][card] += 1
                        masks[turn] |= BIT[card]
                        sizes[turn] += 1
                    if not inside & (inside - 1):  # one seat is left in
                        winner = ONLY_IN[inside]
                        break
                turn = NEXT_IN[turn][inside]  # the next seat clockwise that is in
                if policy is None:
                    break
                move = policy(
                    masks[turn],
                    counts_of[turn],
                    sizes[turn],
                    trick,
                    length,
                    left,
                    live,
                    live_cards,
                    trick_live,
                )
            if winner < 0:  # one move played, the trick goes on
                break
            # the trick is won: its cards go to the winner's pile; the winner leads:
            # everyone is in, and the top deck card is turned
            self.piles[winner] += length
            live_cards -= length
            for rank in RANKS_OF[trick]:
                live[rank] -= 1
            inside = EVERYONE[self.players]
            if not left:  # the round is over
                trick = 0
                length = 0
                trick_live = 0
                turn = -1
                break
            card = self.deck[left - 1]
            left -= 1
            trick = BIT[card]
            trick_live = live[card]
            length = 1
            turn = NEXT_IN[winner][inside]
            if policy is None:
                break
            move = policy(
                masks[turn],
                counts_of[turn],
                sizes[turn],
                trick,
                length,
                left,
                live,
                live_cards,
                trick_live,
            )
        self.trick = trick
        self.length = length
        self.left = left
        self.inside = inside
        self.turn = turn
        return winner


def hand_of(counts: Sequence[int]) -> list[int]:
    """A hand's ranks, sorted, from its count of each rank."""
    hand: list[int] = []
    for rank in range(1, ALL_RANKS + 1):
        hand += [rank] * counts[rank]
    return hand


_new_round = Round.__new__
