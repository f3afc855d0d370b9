"""A search's playout of the rest of one Quodlibet trick deal (QL-7), without a game object:
the loop that ``worlds(view).playout`` runs for every playout.

The deal is the one ``TricksDeal`` plays (the same cards, the same winners, the same
scores: ``Contract.deal_points``, each contract's scoring stated once), in the local
variables of one loop: a hand is a mask of card ints (``card_bits``), the legal cards are one ``&``
of it, the card winning the trick is kept as it falls, a trick done is its mask of cards
and its winner (no trick object, no play tuples), and nothing is logged or checked again.
A search plays hundreds of these per decision; the game object's calls per card
(``apply``, the deal's ``apply``, the end of the deal and its score sheet) are
what it saves.

The seat to act chooses with ``policy`` (``TrickPolicy``) whenever it has more than one
legal card; a single legal card is played without asking. In Open Trousers (QL-17) a
seat plays a position of its hand as held, not a card it sees: there the hands are lists
of card ints in the order held and ``policy`` is a ``PositionPolicy``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ...tricks import Play, Trick
from .card_bits import BIT, CARD, CODE_BIT, HIGHER_MASK, INDEX, SUIT_MASK
from .contracts import Contract
from .contracts.base import PLAYERS, TRICKS

TrickPolicy = Callable[[int, int, int, list[int], int, int, int], int]
"""``policy(seat, legal, hand, hands, length, winning, number) -> card``: the card int
(``card_bits``) that ``seat`` plays, one of ``legal`` (the mask of the cards it may play,
QL-7: two or more). ``hand`` is the seat's mask, ``hands`` every seat's (the playout's own
list: read it, never edit it), ``length`` the number of cards played to the trick so far
(0 when ``seat`` leads: the seats still to play after it are the next ``3 - length`` to its
left), ``winning`` the card winning the trick so far (-1 when ``seat`` leads) and ``number``
the trick's number (1 to 8)."""

PositionPolicy = Callable[[int], int]
"""``position(count) -> index``: in Open Trousers (QL-17), the position (0 to ``count -
1``) of the seat's hand as held that it plays, with ``count`` cards (two or more) held."""

NEXT_SEAT = (*range(1, PLAYERS), 0)
"""The seat to each seat's left, who plays next (QL-7)."""

LED_MASK: tuple[int, ...] = tuple(SUIT_MASK[card & 3] for card in range(len(CARD)))
"""The cards that follow each card when it is led (its suit's)."""
NO_FOLLOW: tuple[int, ...] = (0,) * len(CARD)
"""``LED_MASK`` of a contract where nobody has to follow suit."""


def _by_position(held: list[list[int]], position: PositionPolicy) -> TrickPolicy:
    """A ``TrickPolicy`` that plays the card at ``position``'s position of the hand as held
    (``held``, which it keeps up to date: the loop of ``play_deal`` plays every card
    with more than one to choose from through it, and the last trick's cards, one per
    hand, after which ``held`` is not read again)."""

    def choose(
        seat: int, legal: int, hand: int, hands: list[int], length: int, winning: int, number: int
    ) -> int:
        order = held[seat]
        return order.pop(position(len(order)))

    return choose


DealSoFar = tuple[list[int], list[int], list[int], int]
"""A deal's tricks done and its trick in progress as ``play_deal`` reads them
(``deal_so_far``): the cards of each trick done (masks), their winners, each seat's cards
played so far this deal (masks), and the cards of the trick in progress (a mask)."""


def deal_so_far(trick: Sequence[Play], tricks: Sequence[Trick]) -> DealSoFar:
    """``trick`` (the trick in progress) and ``tricks`` (those done), as ``TricksDeal``
    keeps them, for ``play_deal``: worked out once per view, not per playout."""
    played = [0] * PLAYERS

    def taken(plays: Sequence[Play]) -> int:
        """The mask of ``plays``' cards, each also added to its seat's ``played``."""
        cards = 0
        for seat, code in plays:
            cards |= CODE_BIT[code]
            played[seat] |= CODE_BIT[code]
        return cards

    done = [taken(done.plays) for done in tricks]
    current = taken(trick)
    return done, [done.winner for done in tricks], played, current


def play_deal(
    rules: Contract,
    hands: list[int],
    held: list[list[int]] | None,
    trick: Sequence[Play],
    so_far: DealSoFar,
    dealt: list[int],
    to_act: int,
    card: int,
    policy: TrickPolicy | PositionPolicy,
) -> list[int]:
    """Play the card int ``card`` for ``to_act``, then the rest of the deal with ``policy``
    choosing for every seat, and return each seat's points for the deal
    (``rules.deal_points``).

    ``hands`` is each seat's mask of cards, the playout's own list (played from), and
    ``held`` None, but in Open Trousers (QL-17), where it is each seat's card ints in the
    order held (the playout's own lists, played from too) and ``policy`` a
    ``PositionPolicy``. ``trick`` is the trick in progress as ``TricksDeal`` keeps it,
    ``so_far`` that and the tricks done (``deal_so_far``), and ``dealt`` each seat's cards
    this deal (its hand now and the cards it played: a mask). ``card`` must be legal for
    ``to_act`` (one of its cards, following suit where ``rules`` says one must): nothing
    is checked here."""
    suits = LED_MASK if rules.must_follow else NO_FOLLOW
    higher = HIGHER_MASK
    bit = BIT
    next_seat = NEXT_SEAT
    past, past_winners, _, taken = so_far
    cards = [*past]
    winners = [*past_winners]
    add_cards = cards.append
    add_winner = winners.append
    winner = -1
    winning = -1
    beat = -1
    """The cards that would win the trick now (-1, every card, before its lead)."""
    led = 0
    """The cards that follow the suit led, if one must (0 before the lead: any card)."""
    for seat, code in trick:  # the trick in progress: who is winning it (QL-7)
        played = INDEX[code]
        if bit[played] & beat:
            winner, winning, beat, led = seat, played, higher[played], suits[played]
    length = len(trick)
    number = len(cards) + 1
    turn = to_act
    choose: TrickPolicy = policy  # type: ignore[assignment]  # but in Open Trousers
    if held is not None:  # Open Trousers (QL-17): a position of the hand as held
        held[turn].remove(card)
        choose = _by_position(held, policy)  # type: ignore[arg-type]
    while True:
        played = bit[card]
        hands[turn] ^= played
        taken |= played
        if played & beat:  # the highest card of the suit led so far (QL-7)
            winner, winning, beat, led = turn, card, higher[card], suits[card]
        length += 1
        if length < PLAYERS:
            turn = next_seat[turn]
        else:  # the trick is complete: its winner takes it and leads the next (QL-7)
            add_cards(taken)
            add_winner(winner)
            if number == TRICKS:
                return rules.deal_points(cards, winners, dealt)
            number += 1
            length = led = taken = 0
            winning = beat = -1
            turn = winner
        hand = hands[turn]
        legal = hand & led or hand  # QL-7: follow suit if one can
        if legal & (legal - 1):  # two cards or more
            card = choose(turn, legal, hand, hands, length, winning, number)
        else:
            card = legal.bit_length() - 1
