"""Quodlibet's trick play (QL-7), stated once: ``TrickPlay`` is the state that playing a
card changes and ``TrickPlay.play`` is what a card does (the highest card of the suit led
so far wins the trick; after four cards its winner takes it and leads the next; after eight
tricks the deal is over; the seat to act must follow the suit led if it can, where the
contract says one must).

Two drivers play it, and nothing else changes it:

* the game's deal (``tricks_deal.TricksDeal``), one card at a time: it checks the action
  against its legal list (the actions of the cards that ``play`` said the seat to act may
  play), calls ``play(card)`` and, around it, keeps what the table shows (the cards in play
  order, the public log's entry, the score sheet);
* a search's playout (``worlds.Worlds.playout``): a world's state (the view's,
  ``redealt`` with the world's cards) and ``play(first, policy)``, the policy's cards to
  the end of the deal in the same loop, nothing logged; the deal's points are then
  ``Contract.deal_points`` of ``cards``, ``winners`` and the cards dealt.

Cards are card ints and hands masks of them (``card_bits``): the cards a seat may play are
one ``&`` of its hand, and the card winning the trick is kept as it falls. ``play`` keeps
the state in local variables while it plays and writes it back once, so a whole playout is
one call; the game pays that once per card.
"""

from __future__ import annotations

from collections.abc import Callable

from .card_bits import BIT, CARD, HIGHER_MASK, SUIT_MASK
from .contracts.base import PLAYERS, TRICKS

TrickPolicy = Callable[[int, int, int, list[int], int, int, int], int]
"""``policy(seat, legal, hand, hands, length, winning, number) -> card``: the card int
(``card_bits``) that ``seat`` plays, one of ``legal`` (the mask of the cards it may play,
QL-7: two or more). ``hand`` is the seat's mask, ``hands`` every seat's (the state's own
list: read it, never edit it), ``length`` the number of cards played to the trick so far
(0 when ``seat`` leads: the seats still to play after it are the next ``3 - length`` to its
left), ``winning`` the card winning the trick so far (-1 when ``seat`` leads) and ``number``
the trick's number (1 to 8)."""

PositionPolicy = Callable[[int], int]
"""``position(count) -> index``: in Open Trousers (QL-17), the position (0 to ``count -
1``) of the seat's hand as held that it plays, with ``count`` cards (two or more) held."""

NEXT_SEAT = (*range(1, PLAYERS), 0)
"""The seat to each seat's left, who plays next (QL-7)."""

BEAT: tuple[int, ...] = (*HIGHER_MASK, -1)
"""The cards that beat each card winning a trick (``HIGHER_MASK``: the higher cards of its
suit), and last, for no card (-1, before a trick's lead), every card."""
LED_MASK: tuple[int, ...] = (*(SUIT_MASK[card & 3] for card in range(len(CARD))), 0)
"""The cards that follow the suit of each card winning a trick (its suit's), and last, for
no card (-1, before a trick's lead), none: any card may lead."""
NO_FOLLOW: tuple[int, ...] = (0,) * (len(CARD) + 1)
"""``LED_MASK`` of a contract where nobody has to follow suit."""


class TrickPlay:
    """A trick deal's state of play (QL-7). The attributes are public to read; only the
    methods change them."""

    __slots__ = (
        "cards",
        "hands",
        "length",
        "suits",
        "taken",
        "turn",
        "winner",
        "winners",
        "winning",
    )

    hands: list[int]
    """Per seat, the cards it holds (a mask)."""
    suits: tuple[int, ...]
    """``LED_MASK`` where the contract says one must follow suit, else ``NO_FOLLOW``."""
    turn: int
    """The seat to act (-1 once the deal is over)."""
    length: int
    """The cards played to the trick in progress (0 before its lead)."""
    winner: int
    """The seat winning the trick in progress (read it only while ``length``)."""
    winning: int
    """The card winning the trick in progress (-1 before its lead)."""
    taken: int
    """The cards of the trick in progress (a mask)."""
    cards: list[int]
    """The cards of each trick done (masks), in order."""
    winners: list[int]
    """Who took each trick done, in order."""

    def __init__(self, hands: list[int], leader: int, must_follow: bool) -> None:
        """A deal before its first card: ``hands`` each seat's cards (the list becomes the
        state's own), ``leader`` to lead, any card (QL-7)."""
        self.hands = hands
        self.suits = LED_MASK if must_follow else NO_FOLLOW
        self.turn = leader
        self.length = 0
        self.winner = -1
        self.winning = -1
        self.taken = 0
        self.cards = []
        self.winners = []

    def redealt(self, hands: list[int]) -> TrickPlay:
        """A new state in this one's position (the cards played, the trick in progress, the
        seat to act) with ``hands`` every seat's cards now (the list becomes the new state's
        own): a search's worlds of one view, each with its own cards."""
        new = _new(TrickPlay)
        new.hands = hands
        new.suits = self.suits
        new.turn = self.turn
        new.length = self.length
        new.winner = self.winner
        new.winning = self.winning
        new.taken = self.taken
        new.cards = [*self.cards]
        new.winners = [*self.winners]
        return new

    def play(self, card: int, choose: TrickPolicy | None = None) -> int:
        """Play the card int ``card`` for the seat to act (one it may play: not checked
        again) and what follows from it; with ``choose``, then its card for each seat to
        act in turn (a single legal card is played without asking), to the end of the deal.
        Returns the cards the seat to act may play now (a mask; 0 once the deal is over).

        QL-7: the card leaves its seat's hand for the trick; the highest card of the suit
        led so far wins the trick (no trumps: a card of another suit never does); the next
        seat to the left plays, until four cards are played. Then the winner takes the trick
        (``cards``, ``winners``) and leads the next, with any card, until eight tricks are
        done (then ``turn`` is -1). The seat to act may play any card of its hand, but where
        the contract says one must follow suit only the cards of the suit led, if it holds
        any.

        What every card reads is kept in local variables while the cards are played and
        written back once at the end, so the whole of a search's playout is one call."""
        hands = self.hands
        turn = self.turn
        length = self.length
        winner = self.winner
        winning = self.winning
        taken = self.taken
        cards = self.cards
        suits = self.suits
        bit = BIT
        higher = BEAT
        next_seat = NEXT_SEAT
        beat = higher[winning]  # the cards that would win the trick now
        led = suits[winning]  # the cards that follow the suit led, if one must
        number = len(cards) + 1
        while True:
            played = bit[card]
            hands[turn] ^= played
            taken |= played
            if played & beat:  # the highest card of the suit led so far
                winner, winning, beat, led = turn, card, higher[card], suits[card]
            length += 1
            if length < PLAYERS:
                turn = next_seat[turn]
            else:  # the trick is complete: its winner takes it and leads the next
                cards.append(taken)
                self.winners.append(winner)
                length = led = taken = 0
                winning = beat = -1
                if number == TRICKS:  # the deal is over
                    turn = -1
                    legal = 0
                    break
                number += 1
                turn = winner
            hand = hands[turn]
            legal = hand & led or hand  # follow suit if one must and can
            if choose is None:
                break
            if legal & (legal - 1):  # two cards or more
                card = choose(turn, legal, hand, hands, length, winning, number)
            else:
                card = legal.bit_length() - 1
        self.turn = turn
        self.length = length
        self.winner = winner
        self.winning = winning
        self.taken = taken
        return legal


_new = TrickPlay.__new__
